/// The text of a one-line field and its caret, edited by grapheme cluster: a
/// caret never sits inside a wide or combined character, and a deletion
/// removes whole characters. Pure: the input component keeps one per field
/// and writes `text` back into the script's table after each change.
///
/// The caret is a character index (0 … count). Word moves and kills
/// follow readline: a word is a run of letters and digits.
public struct LineEditor: Equatable, Sendable {
    /// The text.
    public private(set) var text: String
    /// Where each character starts in `text`'s UTF-8, in order. Offsets, not
    /// `[Character]`: editing a field whose state is shared with the host's
    /// copy duplicates this array, and a copy of integers is one `memcpy` where
    /// a copy of characters was a retain per character (typing into a long
    /// line was quadratic in all but name).
    private var starts: [Int]
    public private(set) var caret: Int
    /// At most this many characters (nil: no limit); pastes are cut to fit.
    public var maxLength: Int?

    public init(_ text: String = "", maxLength: Int? = nil) {
        var text = text
        var starts = LineEditor.starts(of: text, from: 0)
        if let maxLength, starts.count > maxLength {
            text = String(decoding: text.utf8.prefix(starts[maxLength]), as: UTF8.self)
            starts.removeLast(starts.count - maxLength)
        }
        self.text = text
        self.starts = starts
        caret = starts.count
        self.maxLength = maxLength
    }

    /// The number of characters.
    public var count: Int { starts.count }

    /// The character at `index` (0 ..< count).
    public func character(at index: Int) -> Character {
        Character(String(substring(index, index + 1)))
    }

    /// The text of characters `from ..< to`.
    public func substring(_ from: Int, _ to: Int) -> Substring {
        let utf8 = text.utf8
        let lower = utf8.index(utf8.startIndex, offsetBy: offset(from))
        let upper = utf8.index(utf8.startIndex, offsetBy: offset(to))
        return text[lower..<upper]
    }

    /// The characters, one by one (for callers that walk them all).
    public var characters: [Character] { (0..<count).map(character(at:)) }

    /// Where character `index` starts in the UTF-8 (the end for `count`).
    private func offset(_ index: Int) -> Int { index < starts.count ? starts[index] : text.utf8.count }

    /// The UTF-8 offsets of the characters of `text`, shifted by `base`.
    private static func starts(of text: some StringProtocol, from base: Int) -> [Int] {
        var result: [Int] = []
        var offset = base
        for c in text {
            result.append(offset)
            offset += c.utf8.count
        }
        return result
    }

    /// Replaces characters `from ..< to` by `incoming`, in place: the text and
    /// the offsets after the change move once, so an edit in the middle of a
    /// 10 MB line is a move of memory, not the copies it once took.
    private mutating func replace(_ from: Int, _ to: Int, with incoming: String) {
        let lower = offset(from), upper = offset(to)
        let delta = incoming.utf8.count - (upper - lower)
        if from == count {
            text.append(incoming)
        } else {
            let utf8 = text.utf8
            text.replaceSubrange(utf8.index(utf8.startIndex, offsetBy: lower)..<utf8.index(utf8.startIndex, offsetBy: upper),
                                 with: incoming)
        }
        let added = LineEditor.starts(of: incoming, from: lower)
        starts.replaceSubrange(from..<to, with: added)
        if delta != 0 {
            for i in (from + added.count)..<starts.count { starts[i] += delta }
        }
    }

    /// Replaces the text (the script changed `value`), keeping the caret where
    /// it was when it still fits.
    public mutating func reset(to text: String) {
        guard text != self.text else {
            // The same text, kept in the caller's storage: the next compare
            // with it is immediate, not one of every byte.
            self.text = text
            return
        }
        self.text = text
        starts = LineEditor.starts(of: text, from: 0)
        caret = min(caret, starts.count)
    }

    // MARK: - Editing

    /// Inserts at the caret; line breaks are dropped (a paste of several lines
    /// becomes one) and control characters are not text. Returns whether the text changed.
    @discardableResult
    public mutating func insert(_ text: String) -> Bool {
        var incoming = text.filter { c in !c.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) } }
        if let maxLength { incoming = String(incoming.prefix(max(0, maxLength - count))) }
        guard !incoming.isEmpty else { return false }
        let before = count
        replace(caret, caret, with: incoming)
        caret += count - before
        return true
    }

    @discardableResult
    public mutating func deleteBackward() -> Bool {
        guard caret > 0 else { return false }
        caret -= 1
        replace(caret, caret + 1, with: "")
        return true
    }

    @discardableResult
    public mutating func deleteForward() -> Bool {
        guard caret < count else { return false }
        replace(caret, caret + 1, with: "")
        return true
    }

    /// ctrl-u: everything before the caret.
    @discardableResult
    public mutating func deleteToStart() -> Bool {
        guard caret > 0 else { return false }
        replace(0, caret, with: "")
        caret = 0
        return true
    }

    /// ctrl-k: everything after the caret.
    @discardableResult
    public mutating func deleteToEnd() -> Bool {
        guard caret < count else { return false }
        replace(caret, count, with: "")
        return true
    }

    /// ctrl-w: the word before the caret, and the spaces after it.
    @discardableResult
    public mutating func deleteWordBackward() -> Bool {
        let start = wordStart(before: caret)
        guard start < caret else { return false }
        replace(start, caret, with: "")
        caret = start
        return true
    }

    // MARK: - Moving

    public mutating func moveLeft() { caret = max(0, caret - 1) }
    public mutating func moveRight() { caret = min(count, caret + 1) }
    public mutating func moveToStart() { caret = 0 }
    public mutating func moveToEnd() { caret = count }
    public mutating func moveWordLeft() { caret = wordStart(before: caret) }
    public mutating func moveWordRight() {
        var i = caret
        while i < count, !isWordCharacter(character(at: i)) { i += 1 }
        while i < count, isWordCharacter(character(at: i)) { i += 1 }
        caret = i
    }

    private func wordStart(before index: Int) -> Int {
        var i = index
        while i > 0, !isWordCharacter(character(at: i - 1)) { i -= 1 }
        while i > 0, isWordCharacter(character(at: i - 1)) { i -= 1 }
        return i
    }

    private func isWordCharacter(_ c: Character) -> Bool { c.isLetter || c.isNumber }

    // MARK: - Showing

    /// The characters from `first` that a row `width` columns wide shows, and
    /// the one after them when there is one (so that cutting them shows):
    /// a 10 MB line is measured only where it shows. Characters of no width
    /// are drawn too, up to a bound, so that a line of them cannot make this
    /// walk the whole line.
    public func shown(from first: Int, width: Int) -> Substring {
        let first = min(max(first, 0), count)
        var end = first
        var used = 0
        while end < count, used <= width, end - first <= 4 * width + 16 {
            used += DisplayWidth.of(character(at: end))
            end += 1
        }
        return substring(first, end)
    }

    /// What a field `width` columns wide shows, given the first character it
    /// showed last time: the characters from there (scrolled so the caret is
    /// visible, with room for it after the last character), and the caret's
    /// column. `mask` stands for every character of a password.
    public func view(width: Int, firstShown: Int, mask: Character? = nil) -> (first: Int, text: String, caretColumn: Int) {
        guard width > 0 else { return (0, "", 0) }
        // Only the characters near the caret are measured, so that a pasted
        // megabyte costs a frame's worth of work per key, not its length.
        func cells(_ i: Int) -> Int { mask.map(DisplayWidth.of) ?? DisplayWidth.of(character(at: i)) }
        let caretCell = caret < count ? max(1, cells(caret)) : 1
        // The earliest first character that still shows the caret (and the
        // character under it, or the empty cell after the text) whole.
        var earliest = caret
        var used = caretCell
        while earliest > 0, used + cells(earliest - 1) <= width {
            used += cells(earliest - 1)
            earliest -= 1
        }
        let first = min(max(firstShown, earliest), caret)
        var shown = ""
        var columns = 0
        var caretColumn = 0
        var i = first
        while i < count {
            let w = cells(i)
            if columns + w > width { break }
            if i == caret { caretColumn = columns }
            shown.append(mask ?? character(at: i))
            columns += w
            i += 1
        }
        if caret >= i { caretColumn = columns }
        return (first, shown, caretColumn)
    }
}
