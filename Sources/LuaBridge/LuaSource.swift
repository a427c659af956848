/// Lua source that uihost writes for people to run (`fuzz -o`, `record -o`,
/// the stubs): every path, name, key or text it embeds goes through here, as
/// an escaped string literal, never raw into a comment or code. A generated
/// test runs with the full standard library, so a screen named
/// `x⏎os.remove("…")⏎--.lua` must stay a string.
public enum LuaSource {
    /// `text` as a Lua string literal: one line, plain text, the same string
    /// when Lua reads it back.
    public static func string(_ text: String) -> String {
        string(bytes: text.utf8)
    }

    /// Bytes as a Lua string literal, like `%q` but on one line and readable
    /// in any editor:
    /// - `"` and `\` escaped; `\n`, `\r`, `\t` and the other C escapes by name;
    /// - other C0 controls and DEL as `\ddd` (always three digits, so a digit
    ///   after one cannot join it);
    /// - characters that are invisible or move text in an editor — C1
    ///   controls, format characters (bidirectional overrides, zero-width
    ///   characters, the byte order mark), line and paragraph separators,
    ///   noncharacters (U+FFFE, U+FFFF…) and private-use characters — as
    ///   `\u{XXXX}`, so the source shows what the string holds;
    /// - bytes that are not UTF-8 (a lone surrogate's encoding among them) as `\xHH`;
    /// - other text as it is.
    public static func string(bytes: some Collection<UInt8>) -> String {
        var out = "\""
        var bytes = Array(bytes)[...]
        while let first = bytes.first {
            guard let (scalar, length) = decode(bytes) else {
                out += "\\x" + hex(first, width: 2)
                bytes = bytes.dropFirst()
                continue
            }
            bytes = bytes.dropFirst(length)
            switch scalar.value {
            case 0x22: out += "\\\""
            case 0x5C: out += "\\\\"
            case 0x07: out += "\\a"
            case 0x08: out += "\\b"
            case 0x09: out += "\\t"
            case 0x0A: out += "\\n"
            case 0x0B: out += "\\v"
            case 0x0C: out += "\\f"
            case 0x0D: out += "\\r"
            case 0..<0x20, 0x7F:
                let digits = String(scalar.value)
                out += "\\" + String(repeating: "0", count: 3 - digits.count) + digits
            case 0x20..<0x7F: out.unicodeScalars.append(scalar)
            default:
                if hidden(scalar) {
                    out += "\\u{" + hex(scalar.value, width: 1) + "}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }

    /// Shown as an escape: what an editor would hide, act on, or break a line at.
    static func hidden(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .privateUse, .surrogate: return true
        default: return scalar.properties.isNoncharacterCodePoint
        }
    }

    /// The scalar that starts `bytes` and its length in bytes, or nil when
    /// they do not start with well-formed UTF-8 (overlong forms and encoded
    /// surrogates are not well-formed).
    static func decode(_ bytes: ArraySlice<UInt8>) -> (Unicode.Scalar, Int)? {
        var iterator = bytes.prefix(4).makeIterator()
        var decoder = UTF8()
        guard case .scalarValue(let scalar) = decoder.decode(&iterator) else { return nil }
        return (scalar, String(scalar).utf8.count)
    }

    private static func hex(_ value: some BinaryInteger, width: Int) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
