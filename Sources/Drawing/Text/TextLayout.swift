/// Horizontal placement of a line inside a wider box.
public enum TextAlign: String, Sendable {
    case left, center, right
}

/// Cutting, wrapping and padding text by display width (`DisplayWidth`), never
/// splitting a grapheme cluster and never letting a wide character cross the
/// limit (docs/API.md, "Reading this reference").
public enum TextLayout {
    /// The mark that ends text cut short: U+2026, one column.
    static let ellipsis: Character = "\u{2026}"

    /// `s` cut to at most `width` columns; when it had to be cut, the last column is `…` (U+2026, 1 column).
    /// A wide character never straddles the cut (pad is not added; result may be 1 narrower). width <= 0 -> "".
    public static func truncate(_ s: String, to width: Int) -> String {
        guard width > 0 else { return "" }
        // Printable ASCII, the common row title: a column a byte, no clusters
        // to find (the loop below measured each Character, ~10,000
        // instructions for a list row).
        if case let printable?? = s.utf8.withContiguousStorageIfAvailable({ bytes in
            bytes.allSatisfy { $0 >= 0x20 && $0 < 0x7F } ? bytes.count : nil
        }) {
            return printable <= width ? s : String(decoding: s.utf8.prefix(width - 1), as: UTF8.self) + String(ellipsis)
        }
        let s = expandTabs(s)
        // One pass: remember where the text still left a column for `…`, and
        // stop as soon as the whole string is known not to fit.
        var used = 0
        var cut = s.startIndex
        var index = s.startIndex
        while index < s.endIndex {
            let next = s.index(after: index)
            used += DisplayWidth.of(s[index])
            if used > width {
                return String(s[..<cut]) + String(ellipsis)
            }
            if used <= width - 1 { cut = next }
            index = next
        }
        return s
    }

    /// Word wrap by display width. Splits on "\n" first (hard breaks). Breaks at spaces; words wider than
    /// `width` are broken by character (never splitting a grapheme, never letting a wide char exceed width).
    /// CJK text without spaces (e.g. Japanese) may break between any two wide characters. Leading spaces of a
    /// continuation line are dropped; trailing spaces of a line dropped. width <= 0 -> []. Empty string -> [""].
    ///
    /// Japanese closing punctuation (`。`, `、`, `」`, small kana, …) is kept off the start of a
    /// line and opening brackets off its end, as long as the line still fits. A character wider
    /// than `width` itself (a wide character at width 1) is drawn as `…`.
    public static func wrap(_ s: String, width: Int) -> [String] {
        guard width > 0 else { return [] }
        if s.containsByte(0x09) {
            // Tab stops count from the start of each line.
            let lines = s.split(separator: "\n", omittingEmptySubsequences: false)
            return wrap(lines.map { expandTabs($0) }.joined(separator: "\n"), width: width)
        }
        var wrapper = LineWrapper(width: width)
        var paragraphStart = s.startIndex
        var index = s.startIndex
        while index < s.endIndex {
            let c = s[index]
            let next = s.index(after: index)
            if c == "\n" || c == "\r\n" {
                wrapper.wrapParagraph(s[paragraphStart..<index])
                paragraphStart = next
            }
            index = next
        }
        wrapper.wrapParagraph(s[paragraphStart...])
        return wrapper.lines
    }

    /// Tabs replaced by spaces up to the next multiple of `DisplayWidth.tabStop`
    /// columns from the start of `s` (the frame has no tab cells).
    public static func expandTabs(_ s: some StringProtocol) -> String {
        guard s.containsByte(0x09) else { return String(s) }
        var out = ""
        var column = 0
        for c in s {
            if c == "\t" {
                let next = DisplayWidth.afterTab(column)
                out += spaces(next - column)
                column = next
            } else {
                out.append(c)
                column += DisplayWidth.of(c)
            }
        }
        return out
    }

    /// `s` padded with spaces or truncated (with …) to exactly `width` columns, aligned "left", "center" or "right".
    /// Centring puts the odd column of padding on the right. width <= 0 -> "".
    public static func fit(_ s: String, width: Int, align: TextAlign) -> String {
        guard width > 0 else { return "" }
        let text = truncate(s, to: width)
        let padding = width - DisplayWidth.of(text)
        guard padding > 0 else { return text }
        switch align {
        case .left:
            return text + spaces(padding)
        case .right:
            return spaces(padding) + text
        case .center:
            let left = padding / 2
            return spaces(left) + text + spaces(padding - left)
        }
    }

    /// `String(repeating:count:)` appends a character at a time; a prefix of
    /// a row of blanks is one copy.
    private static func spaces(_ count: Int) -> String {
        count <= blanks.utf8.count ? String(decoding: blanks.utf8.prefix(max(0, count)), as: UTF8.self) : String(repeating: " ", count: count)
    }

    private static let blanks = String(repeating: " ", count: 512)
}

// MARK: - Wrapping

/// Greedy line filling for `TextLayout.wrap`, one hard-broken paragraph at a time.
private struct LineWrapper {
    let width: Int
    private(set) var lines: [String] = []

    /// The line being filled: never wider than `width`, never ending in a space.
    private var line = ""
    private var lineWidth = 0
    /// Spaces seen after the line's last word; written only if another word follows.
    private var pendingSpaces: Substring = ""
    private var pendingWidth = 0
    /// Whether the line is the first of its paragraph (its leading spaces are kept).
    private var isFirstLine = true

    init(width: Int) {
        self.width = width
    }

    mutating func wrapParagraph(_ paragraph: Substring) {
        let lineCount = lines.count
        isFirstLine = true
        for piece in Piece.split(paragraph) {
            if piece.isSpace {
                addSpaces(piece.text, width: piece.width)
            } else {
                addWord(piece.text, width: piece.width)
            }
        }
        if !line.isEmpty || lines.count == lineCount {
            finishLine()
        }
        clearPending()
    }

    private mutating func addSpaces(_ text: Substring, width: Int) {
        // Leading spaces of a continuation line are dropped.
        guard !line.isEmpty || isFirstLine else { return }
        // Pieces alternate, so this is the only run since the last word.
        pendingSpaces = text
        pendingWidth = width
    }

    private mutating func addWord(_ word: Substring, width wordWidth: Int) {
        if lineWidth + pendingWidth + wordWidth <= width {
            line.append(contentsOf: pendingSpaces)
            line.append(contentsOf: word)
            lineWidth += pendingWidth + wordWidth
            clearPending()
            return
        }
        if !line.isEmpty {
            finishLine()
        }
        // An indent that leaves no room for the word is dropped with the break.
        clearPending()
        if wordWidth <= width {
            line.append(contentsOf: word)
            lineWidth = wordWidth
        } else {
            breakWord(word)
        }
    }

    /// Lays a word wider than a whole line out character by character.
    private mutating func breakWord(_ word: Substring) {
        for c in word {
            var c = c
            var charWidth = DisplayWidth.of(c)
            if charWidth > width {
                c = TextLayout.ellipsis
                charWidth = 1
            }
            if lineWidth + charWidth > width {
                finishLine()
            }
            line.append(c)
            lineWidth += charWidth
        }
    }

    private mutating func clearPending() {
        pendingSpaces = ""
        pendingWidth = 0
    }

    private mutating func finishLine() {
        lines.append(line)
        line = ""
        lineWidth = 0
        clearPending()
        isFirstLine = false
    }
}

/// A run of spaces, or a run of other characters that must stay on one line.
private struct Piece {
    var text: Substring
    var width: Int
    var isSpace: Bool

    /// Splits at spaces, and between two wide characters unless a kinsoku rule forbids it.
    static func split(_ paragraph: Substring) -> [Piece] {
        var pieces: [Piece] = []
        var start = paragraph.startIndex
        var width = 0
        var isSpace = false
        var previous: (c: Character, width: Int)? = nil
        var index = paragraph.startIndex
        while index < paragraph.endIndex {
            let c = paragraph[index]
            let charWidth = DisplayWidth.of(c)
            let space = c == " "
            if let previous {
                let boundary = space != isSpace
                    || (!space && previous.width == 2 && charWidth == 2
                        && !breakForbidden(after: previous.c, before: c))
                if boundary {
                    pieces.append(Piece(text: paragraph[start..<index], width: width, isSpace: isSpace))
                    start = index
                    width = 0
                }
            }
            isSpace = space
            width += charWidth
            previous = (c, charWidth)
            index = paragraph.index(after: index)
        }
        if start < paragraph.endIndex {
            pieces.append(Piece(text: paragraph[start...], width: width, isSpace: isSpace))
        }
        return pieces
    }

    /// A minimal kinsoku rule: closing punctuation, small kana and iteration
    /// marks do not begin a line; opening brackets do not end one.
    private static func breakForbidden(after previous: Character, before c: Character) -> Bool {
        if let first = c.unicodeScalars.first, noLineStart.contains(first) { return true }
        if let first = previous.unicodeScalars.first, noLineEnd.contains(first) { return true }
        return false
    }

    private static let noLineStart = Set(
        ("、。，．：；？！）］｝〕〉》」』】〙〗〟・ー々ゝゞヽヾ"
            + "ぁぃぅぇぉっゃゅょゎゕゖァィゥェォッャュョヮヵヶ").unicodeScalars
    )

    private static let noLineEnd = Set("（［｛〔〈《「『【〘〖〝".unicodeScalars)
}
