/// A component as a screen reader meets it: its role, its label, its value or
/// state as words, whether it has focus, and what it holds. `Host.semanticTree()`
/// builds one for the screen and every overlay; `app:tree()` hands it to tests.
public struct Semantics: Equatable, Sendable {
    /// "screen", "button", "checkbox", "list", "listitem", "tab", "option"…
    public var role: String
    /// The kind of component it stands for (`tree` for a `ui.tree`); nil for
    /// what is part of one (its rows, options, a dialog's buttons).
    public var kind: String?
    public var label: String
    /// The value or state in words: "checked", "on", the chosen item, the typed
    /// text (a password as `•`s), "50%"; nil when the role has none.
    public var value: String?
    public var focused = false
    /// For items of a list, tabs, picker, dropdown, radio group or menu: the chosen one.
    public var selected: Bool?
    public var disabled = false
    /// A control not wholly shown: scrolled past a container's edge, or cut by the frame's.
    public var offscreen = false
    /// A dropdown or menu picker: whether its popup is open; a tree's row:
    /// whether the node is open (nil for a leaf).
    public var expanded: Bool?
    /// A tree's row: its depth, 1 at the top level.
    public var level: Int?
    /// A row's place among all of its kind's rows, 1-based, where only those
    /// shown are held (a list's items, a log's lines): ARIA's `aria-posinset`.
    public var position: Int?
    /// The message of a field that failed its validation (`error`).
    public var error: String?
    /// Whether a screen reader says its changes as they come, focused or not
    /// (a log's new lines, a badge's status): ARIA's live regions.
    public var live = false
    public var children: [Semantics] = []

    public init(role: String, label: String = "", value: String? = nil, children: [Semantics] = []) {
        self.role = role
        self.label = label
        self.value = value
        self.children = children
    }
}

/// What describing a node needs beyond the node: focus, the open popup, and
/// Lua access for rows that are read only when shown (list items).
struct SemanticsContext {
    let focused: FocusKey?
    let popup: Popup?
    let reader: TreeReader
}

// MARK: - Rows

extension Semantics {
    /// A row's words as drawn: its icon, a space, its title.
    static func label(_ row: Popup.Row) -> String {
        row.icon.map { $0 + " " + row.title } ?? row.title
    }

    /// The title of the chosen row (1-based), nil when there is none.
    static func title(_ rows: [Popup.Row], _ selected: Int) -> String? {
        rows.indices.contains(selected - 1) ? label(rows[selected - 1]) : nil
    }

    /// One `option` per row, the chosen one selected (a radio group, a picker, a dropdown).
    static func options(_ rows: [Popup.Row], selected: Int) -> [Semantics] {
        rows.enumerated().map { i, row in
            var s = Semantics(role: "option", label: label(row))
            s.selected = i + 1 == selected
            return s
        }
    }

    /// `3 items`, `1 item`: the label of a collection that has no title of its own.
    static func count(_ n: Int, _ noun: String) -> String {
        "\(n) \(noun)\(n == 1 ? "" : "s")"
    }
}
