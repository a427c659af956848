/// Text a script controls, made safe to write to a terminal outside the frame:
/// stderr messages, `check`, test reports, the log (docs/API.md, "Errors").
///
/// The frame drops control characters; a stream shows them instead, so that a
/// message still says what the script wrote. The form is Lua's own escape
/// syntax, so it reads as the script author would have typed it:
///
/// - a C0 control (other than newline and tab) or DEL: `\DDD` in decimal, as
///   Lua's `%q` writes it (`\27` for ESC, `\7` for BEL, `\0`, `\127`), padded
///   to three digits when a digit follows (`\0271` is ESC then `1`);
/// - a C1 control (U+0080…U+009F): `\u{9B}`;
/// - a tab: spaces to the next multiple of 8 columns from the line's start,
///   as the frame lays tabs out;
/// - invalid UTF-8: U+FFFD (already so in any `String` decoded from bytes).
///
/// Newlines stay. Nothing else changes, so clean text comes back as it was.
public enum TerminalText {
    public static func escape(_ text: String) -> String {
        if isClean(text) { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count + 16)
        var column = 0
        let scalars = text.unicodeScalars
        var i = scalars.startIndex
        while i < scalars.endIndex {
            let scalar = scalars[i]
            let v = scalar.value
            i = scalars.index(after: i)
            if v == 0x0A {
                out.unicodeScalars.append(scalar)
                column = 0
            } else if v == 0x09 {
                let spaces = 8 - column % 8
                out += String(repeating: " ", count: spaces)
                column += spaces
            } else if v < 0x20 || v == 0x7F {
                let nextIsDigit = i < scalars.endIndex && (0x30...0x39).contains(scalars[i].value)
                let digits = String(v)
                let form = "\\" + (nextIsDigit ? String(repeating: "0", count: 3 - digits.count) : "") + digits
                out += form
                column += form.utf8.count
            } else if (0x80...0x9F).contains(v) {
                let form = "\\u{" + String(v, radix: 16, uppercase: true) + "}"
                out += form
                column += form.utf8.count
            } else {
                out.unicodeScalars.append(scalar)
                // Columns matter only to place a later tab; a scalar's width is close enough.
                column += DisplayWidth.of(Character(scalar))
            }
        }
        return out
    }

    /// `escape`, kept on one line: a newline as `\n`, and the line and
    /// paragraph separators other programs break lines at as `\u{2028}` and
    /// `\u{2029}`. For output read a line at a time, one item a line
    /// (`--screen-reader`, `uihost plugins`): a line break in a label or a
    /// folder's name would otherwise forge an item of its own.
    public static func oneLine(_ text: String) -> String {
        var out = ""
        for scalar in escape(text).unicodeScalars {
            switch scalar {
            case "\n": out += "\\n"
            case "\u{2028}": out += "\\u{2028}"
            case "\u{2029}": out += "\\u{2029}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// Bytes as a script wrote them: invalid UTF-8 becomes U+FFFD, then `escape`.
    public static func escape(bytes: some Collection<UInt8>) -> String {
        escape(String(decoding: Array(bytes), as: UTF8.self))
    }

    /// No control other than newline, no DEL, no C1 control (U+0080…U+009F is
    /// 0xC2 0x80…0x9F in UTF-8): the common case, checked on bytes.
    private static func isClean(_ text: String) -> Bool {
        var afterC2 = false
        for byte in text.utf8 {
            if byte < 0x20 && byte != 0x0A || byte == 0x7F { return false }
            if afterC2 && byte < 0xA0 { return false }
            afterC2 = byte == 0xC2
        }
        return true
    }
}
