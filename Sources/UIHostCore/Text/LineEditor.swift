/// The text of a one-line field and its caret, edited by grapheme cluster: a
/// caret never sits inside a wide or combined character, and a deletion
/// removes whole characters. Pure: the input component keeps one per field
/// and writes `text` back into the script's table after each change.
///
/// The caret is an index into `characters` (0 … count). Word moves and kills
/// follow readline: a word is a run of letters and digits.
public struct LineEditor: Equatable, Sendable {
    public private(set) var characters: [Character] {
        // Typing at the end appends to `text`; any other edit rebuilds it once.
        didSet { if !appending { text = String(characters) } }
    }
    /// The text, kept beside `characters` so that reading it (after every
    /// edit, to write it back) costs nothing.
    public private(set) var text: String
    private var appending = false
    public private(set) var caret: Int
    /// At most this many characters (nil: no limit); pastes are cut to fit.
    public var maxLength: Int?

    public init(_ text: String = "", maxLength: Int? = nil) {
        self.text = text
        characters = Array(text)
        if let maxLength, characters.count > maxLength {
            characters.removeLast(characters.count - maxLength)
            self.text = String(characters)   // didSet does not run in an initialiser
        }
        caret = characters.count
        self.maxLength = maxLength
    }


    /// Replaces the text (the script changed `value`), keeping the caret where
    /// it was when it still fits.
    public mutating func reset(to text: String) {
        guard text != self.text else { return }
        characters = Array(text)
        caret = min(caret, characters.count)
    }

    // MARK: - Editing

    /// Inserts at the caret; line breaks are dropped (a paste of several lines
    /// becomes one) and control characters are not text. Returns whether the text changed.
    @discardableResult
    public mutating func insert(_ text: String) -> Bool {
        var incoming = text.filter { c in !c.unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) } }
        if let maxLength { incoming = String(incoming.prefix(max(0, maxLength - characters.count))) }
        guard !incoming.isEmpty else { return false }
        if caret == characters.count {
            appending = true
            characters.append(contentsOf: incoming)
            self.text.append(contentsOf: incoming)
            appending = false
        } else {
            characters.insert(contentsOf: incoming, at: caret)
        }
        caret += incoming.count
        return true
    }

    @discardableResult
    public mutating func deleteBackward() -> Bool {
        guard caret > 0 else { return false }
        caret -= 1
        characters.remove(at: caret)
        return true
    }

    @discardableResult
    public mutating func deleteForward() -> Bool {
        guard caret < characters.count else { return false }
        characters.remove(at: caret)
        return true
    }

    /// ctrl-u: everything before the caret.
    @discardableResult
    public mutating func deleteToStart() -> Bool {
        guard caret > 0 else { return false }
        characters.removeFirst(caret)
        caret = 0
        return true
    }

    /// ctrl-k: everything after the caret.
    @discardableResult
    public mutating func deleteToEnd() -> Bool {
        guard caret < characters.count else { return false }
        characters.removeLast(characters.count - caret)
        return true
    }

    /// ctrl-w: the word before the caret, and the spaces after it.
    @discardableResult
    public mutating func deleteWordBackward() -> Bool {
        let start = wordStart(before: caret)
        guard start < caret else { return false }
        characters.removeSubrange(start..<caret)
        caret = start
        return true
    }

    // MARK: - Moving

    public mutating func moveLeft() { caret = max(0, caret - 1) }
    public mutating func moveRight() { caret = min(characters.count, caret + 1) }
    public mutating func moveToStart() { caret = 0 }
    public mutating func moveToEnd() { caret = characters.count }
    public mutating func moveWordLeft() { caret = wordStart(before: caret) }
    public mutating func moveWordRight() {
        var i = caret
        while i < characters.count, !isWordCharacter(characters[i]) { i += 1 }
        while i < characters.count, isWordCharacter(characters[i]) { i += 1 }
        caret = i
    }

    private func wordStart(before index: Int) -> Int {
        var i = index
        while i > 0, !isWordCharacter(characters[i - 1]) { i -= 1 }
        while i > 0, isWordCharacter(characters[i - 1]) { i -= 1 }
        return i
    }

    private func isWordCharacter(_ c: Character) -> Bool { c.isLetter || c.isNumber }

    // MARK: - Showing

    /// What a field `width` columns wide shows, given the first character it
    /// showed last time: the characters from there (scrolled so the caret is
    /// visible, with room for it after the last character), and the caret's
    /// column. `mask` stands for every character of a password.
    public func view(width: Int, firstShown: Int, mask: Character? = nil) -> (first: Int, text: String, caretColumn: Int) {
        guard width > 0 else { return (0, "", 0) }
        // Only the characters near the caret are measured, so that a pasted
        // megabyte costs a frame's worth of work per key, not its length.
        func cells(_ i: Int) -> Int { mask.map(DisplayWidth.of) ?? DisplayWidth.of(characters[i]) }
        let caretCell = caret < characters.count ? max(1, cells(caret)) : 1
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
        while i < characters.count {
            let w = cells(i)
            if columns + w > width { break }
            if i == caret { caretColumn = columns }
            shown.append(mask ?? characters[i])
            columns += w
            i += 1
        }
        if caret >= i { caretColumn = columns }
        return (first, shown, caretColumn)
    }
}
