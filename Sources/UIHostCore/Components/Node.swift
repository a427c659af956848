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

    init(id: UnsafeRawPointer, anchor: Int32) {
        self.id = id
        self.anchor = anchor
    }

    var isFocusable: Bool { false }
    /// A flexible node takes leftover space in a stack (spacers, lists).
    var isFlexible: Bool { false }
    /// A flexible node that wants this many rows before spacers get any.
    var preferredFlexibleHeight: Int { 0 }

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

    /// Handles a click inside `rect` (0-based frame coordinates).
    func click(x: Int, y: Int, _ host: Host) -> Bool { false }
}

/// What layout shares across the tree: the focus ring being collected, the
/// interaction state, and access to Lua for virtualised lists.
final class LayoutContext {
    var focusables: [Node] = []
    let state: InteractionState
    let reader: TreeReader

    init(state: InteractionState, reader: TreeReader) {
        self.state = state
        self.reader = reader
    }
}

/// What drawing needs to know beyond the node itself.
struct RenderContext {
    let glyphs: Glyphs
    let focusedID: UnsafeRawPointer?

    func isFocused(_ node: Node) -> Bool { node.id == focusedID }
}

/// Interaction state the script does not own, kept across frames.
final class InteractionState {
    var listScroll: [UnsafeRawPointer: Int] = [:]
}
