/// A component as a screen reader meets it: its role, its label, its value or
/// state as words, whether it has focus, and what it holds. `Host.semanticTree()`
/// builds one for the screen and every overlay; `app:tree()` hands it to tests.
public struct Semantics: Equatable, Sendable {
    /// "screen", "button", "checkbox", "list", "listitem", "tab", "option"…
    public var role: String
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
    /// A dropdown or menu picker: whether its popup is open.
    public var expanded: Bool?
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
