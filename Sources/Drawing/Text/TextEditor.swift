/// The text of a multi-line field and its caret: a `LineEditor` per line and
/// the line the caret is on. Enter splits a line, Backspace at a line's start
/// joins it to the one above, Up/Down keep the caret's column as well as the
/// characters allow.
public struct TextEditor: Equatable, Sendable {
    public private(set) var lines: [LineEditor]
    public private(set) var row: Int
    /// The text as it was last given or read whole, while no edit has
    /// changed it since: `reset(to:)` with the same value compares it with
    /// this (at once when it is the same string), not with the lines joined,
    /// a copy of a 10 MB value on every key.
    private var known: String?

    public init(_ text: String = "") {
        lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { LineEditor(String($0)) }
        row = lines.count - 1
        known = text
    }

    public var text: String { known ?? joined() }

    /// The text, kept as known: the value a field writes back is compared at
    /// its next `reset(to:)` without joining the lines again.
    public mutating func keptText() -> String {
        let text = self.text
        known = text
        return text
    }

    /// The lines joined by "\n" in one buffer sized first: `joined(separator:)`
    /// grew its result line by line, a tenth of a second for 10 MB.
    private func joined() -> String {
        let bytes = lines.reduce(max(0, lines.count - 1)) { $0 + $1.text.utf8.count }
        return String(unsafeUninitializedCapacity: bytes) { buffer in
            var at = 0
            for (i, line) in lines.enumerated() {
                if i > 0 {
                    buffer[at] = 0x0A
                    at += 1
                }
                var text = line.text
                text.withUTF8 { utf8 in
                    _ = UnsafeMutableBufferPointer(rebasing: buffer[at...]).initialize(from: utf8)
                    at += utf8.count
                }
            }
            return at
        }
    }
    public var column: Int { lines[row].caret }

    /// Equal when the lines and the caret are: `known` only saves work.
    public static func == (a: TextEditor, b: TextEditor) -> Bool {
        a.lines == b.lines && a.row == b.row
    }

    public mutating func reset(to text: String) {
        guard text != self.text else {
            known = text
            return
        }
        let keep = (row, column)
        self = TextEditor(text)
        row = min(keep.0, lines.count - 1)
        lines[row].moveToStart()
        for _ in 0..<keep.1 { lines[row].moveRight() }
    }

    /// Inserts text at the caret; a line break in it starts a new line.
    @discardableResult
    public mutating func insert(_ text: String) -> Bool {
        known = nil
        var changed = false
        for (i, part) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if i > 0 { newline(); changed = true }
            if lines[row].insert(String(part)) { changed = true }
        }
        return changed
    }

    public mutating func newline() {
        known = nil
        let line = lines[row]
        let before = String(line.substring(0, line.caret)), after = String(line.substring(line.caret, line.count))
        lines[row] = LineEditor(before)
        var next = LineEditor(after)
        next.moveToStart()
        lines.insert(next, at: row + 1)
        row += 1
    }

    @discardableResult
    public mutating func deleteBackward() -> Bool {
        known = nil
        if lines[row].deleteBackward() { return true }
        guard row > 0 else { return false }
        let rest = lines.remove(at: row).text
        row -= 1
        let column = lines[row].count
        lines[row].moveToEnd()
        lines[row].insert(rest)
        lines[row].moveToStart()
        for _ in 0..<column { lines[row].moveRight() }
        return true
    }

    @discardableResult
    public mutating func deleteForward() -> Bool {
        known = nil
        if lines[row].deleteForward() { return true }
        guard row + 1 < lines.count else { return false }
        let next = lines.remove(at: row + 1).text
        let column = self.column
        lines[row].insert(next)
        lines[row].moveToStart()
        for _ in 0..<column { lines[row].moveRight() }
        return true
    }

    /// Edits that stay on the caret's line (ctrl-u, ctrl-k, ctrl-w).
    @discardableResult
    public mutating func onLine(_ edit: (inout LineEditor) -> Bool) -> Bool {
        known = nil
        return edit(&lines[row])
    }

    public mutating func moveLeft() {
        if column > 0 { lines[row].moveLeft() } else if row > 0 { row -= 1; lines[row].moveToEnd() }
    }

    public mutating func moveRight() {
        if column < lines[row].count { lines[row].moveRight() } else if row + 1 < lines.count { row += 1; lines[row].moveToStart() }
    }

    public mutating func moveToLineStart() { lines[row].moveToStart() }
    public mutating func moveToLineEnd() { lines[row].moveToEnd() }

    /// Up or Down by one line, keeping the caret's display column; false at the first or last line.
    public mutating func moveLine(by delta: Int) -> Bool {
        let target = row + delta
        guard lines.indices.contains(target) else { return false }
        let wanted = DisplayWidth.of(lines[row].substring(0, column))
        row = target
        lines[row].moveToStart()
        var used = 0
        while lines[row].caret < lines[row].count {
            let next = DisplayWidth.of(lines[row].character(at: lines[row].caret))
            if used + next > wanted { break }
            used += next
            lines[row].moveRight()
        }
        return true
    }
}
