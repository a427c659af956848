/// A component as laid out for one frame: read from its Lua table, placed in a
/// rectangle, drawn into a FrameBuffer, and asked to handle keys when focused.
///
/// Nodes are rebuilt from the Lua tables whenever the screen changed, so a
/// script may change any field at any time. What the script does not own
/// (scroll offsets) lives in `InteractionState`, keyed by the table's identity.
class Node {
    /// The identity of the component's Lua table (stable while it lives).
    let id: UnsafeRawPointer
    /// Where the table sits in the host's anchor table for this layout.
    let anchor: Int32
    var rect: Rect = .zero
    var children: [Node] = []
    /// Which appearance of its table this node is, when one component is used
    /// in several places (set while the focus ring is collected).
    var occurrence = 0

    var focusKey: FocusKey { FocusKey(id: id, occurrence: occurrence) }

    init(id: UnsafeRawPointer, anchor: Int32) {
        self.id = id
        self.anchor = anchor
    }

    var isFocusable: Bool { false }
    /// A flexible node takes leftover space in a stack (spacers, lists).
    var isFlexible: Bool { false }
    /// Takes a share of the space left once every node has what it wants
    /// (a spacer, or a stack holding one).
    var growsWithSpace: Bool { false }
    /// A flexible node that wants this many rows before spacers get any.
    var preferredFlexibleHeight: Int { 0 }

    /// Whether focus reaches this node after its children (a bar drawn below its page).
    var focusAfterChildren: Bool { false }

    /// Where a click reaches this node.
    func hitRect() -> Rect { rect }

    /// Rows needed at the given width.
    func measure(width: Int) -> Int { 0 }
    /// Columns wanted on one line, for horizontal stacks.
    func naturalWidth() -> Int { 0 }

    func layout(in rect: Rect, _ context: LayoutContext) {
        self.rect = rect
    }

    func render(into frame: inout FrameBuffer, _ context: RenderContext) {}

    /// Handles a key while focused; false lets the host apply its default.
    func handle(_ key: Key, _ host: Host) -> Bool { false }

    /// Takes pasted text while focused (a text field inserts it); false drops
    /// it. A paste never arrives as keys, so it cannot trigger a key's action.
    func paste(_ text: String, _ host: Host) -> Bool { false }

    /// Handles a click inside `rect` (0-based frame coordinates).
    func click(x: Int, y: Int, _ host: Host) -> Bool { false }

    /// Handles the mouse wheel over the node (positive is down).
    func scroll(_ amount: Int, _ host: Host) -> Bool { false }

    /// What the node is to a screen reader and `app:tree()`; the default
    /// describes the built-in nodes (Node+Semantics.swift), a new node may override it.
    func semantics(_ context: SemanticsContext) -> Semantics { Semantics.describing(self, context) }
}

/// What layout shares across the tree: the frame, the interaction state,
/// access to Lua for virtualised lists, and the popups that open nodes place.
final class LayoutContext {
    let bounds: Rect
    let state: InteractionState
    let reader: TreeReader
    let host: Host
    var popups: [Popup] = []

    init(bounds: Rect, state: InteractionState, reader: TreeReader, host: Host) {
        self.bounds = bounds
        self.state = state
        self.reader = reader
        self.host = host
    }
}

/// What focus rests on: a component's table, and which of its places in the
/// tree when it is used more than once.
struct FocusKey: Hashable {
    let id: UnsafeRawPointer
    let occurrence: Int
}

/// What drawing needs to know beyond the node itself.
struct RenderContext {
    let glyphs: Glyphs
    let focused: FocusKey?
    let state: InteractionState
    /// The host's clock in milliseconds, for spinners.
    let clock: Int
    /// Lua access for what is read only when drawn (list rows).
    let reader: TreeReader

    func isFocused(_ node: Node) -> Bool { node.focusKey == focused }
}

/// Interaction state the script does not own, kept across frames.
final class InteractionState {
    var listScroll: [UnsafeRawPointer: Int] = [:]
    /// The menu picker whose popup is open, and its highlighted row.
    var openMenu: UnsafeRawPointer?
    var highlight: [UnsafeRawPointer: Int] = [:]
    /// Focus per layer (screen, drawer, sheet).
    var focus: [LayerKey: FocusKey] = [:]
    /// Text fields: the caret and the first character shown, per field.
    var editors: [UnsafeRawPointer: TextFieldState] = [:]
    var textAreas: [UnsafeRawPointer: TextAreaState] = [:]
}

/// What a text field keeps between frames that its table does not hold.
struct TextFieldState {
    var editor: LineEditor
    var firstShown = 0
}
