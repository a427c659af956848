/// A key a kind acts on while it has focus, declared in the kind's file beside
/// its fields: the keys, what they do in words, and what they mean to the
/// node. The one list drives the node's `handle`, the help overlay, the
/// fuzzer's keys and the keys table of the kind's docs section, so none of
/// them can miss a key the others know (Textual's `BINDINGS`, Bubble Tea's
/// `key.Binding` read by `help.Model`).
struct KeySpec: Sendable {
    /// The keys, in the order docs and help list them. Empty for `typing`:
    /// every printable character, which no list can hold.
    let keys: [Key]
    /// What the keys do, as help and the docs say it: "Previous row".
    let description: String
    let action: KeyAction

    init(_ keys: [Key], _ description: String, _ action: KeyAction) {
        self.keys = keys
        self.description = description
        self.action = action
    }

    /// A text field's printable characters (and space): they type.
    static func typing(_ description: String) -> KeySpec { KeySpec([], description, .type) }

    /// The keys as help and the docs spell them: `up`, `enter/space`.
    var names: String { keys.isEmpty ? "characters" : keys.map(\.name).joined(separator: "/") }
}

/// What a key means to the node that declared it. The words are shared, each
/// node reads them its own way: `move(-1)` is the previous row of a list, the
/// previous tab of a tab bar, the line above in a text area.
enum KeyAction: Equatable, Sendable {
    /// The kind's main action: press a button, choose a row, submit a field.
    case activate
    /// Flip a two-state control, or open/close a tree node.
    case toggle
    /// The cursor by this many rows (or tabs, or columns of a table's header).
    case move(Int)
    /// The cursor by this many pages.
    case page(Int)
    case first, last
    /// A tree node opens (or the cursor goes to its first child); closes (or goes to its parent).
    case expand, collapse
    /// A menu picker's or dropdown's popup opens.
    case open
    /// An open popup closes with no change.
    case close
    /// A table sorts by the column under its cursor.
    case sort
    /// A table's column cursor (sortable) or its columns (scrolled) by this many.
    case column(Int)
    /// A text field types the character.
    case type
    /// A text field's caret moves or its text is cut.
    case edit(TextEdit)
    /// A document's link cursor by this many links (a markdown's Tab and Shift-Tab).
    case link(Int)
    /// A text field takes the completion it shows.
    case complete
}

/// The edits of a text field's keys.
enum TextEdit: Equatable, Sendable {
    case left, right, wordLeft, wordRight, start, end
    case deleteBackward, deleteForward, deleteToStart, deleteToEnd, deleteWord
    case newline
}

extension Array where Element == KeySpec {
    /// The action of the first spec that lists `key`, nil when none does (the
    /// host's default then applies). A scan: a kind declares a dozen keys at most.
    func action(for key: Key) -> KeyAction? {
        for spec in self where spec.keys.contains(key) { return spec.action }
        return nil
    }

    /// Every key listed, in order.
    var allKeys: [Key] { flatMap(\.keys) }
}
