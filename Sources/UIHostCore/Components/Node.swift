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
    // `@exclusivity(unchecked)`: read on every node of every layout and every
    // read in part, never while another access to it is open.
    @exclusivity(unchecked) var children: [Node] = []
    /// Which appearance of its table this node is, when one component is used
    /// in several places (set while the focus ring is collected).
    var occurrence = 0

    var focusKey: FocusKey { FocusKey(id: id, occurrence: occurrence) }
    /// Set at layout while the node's children are taller than its place
    /// (a screen, sheet, drawer or `ui.scroll` that scrolls).
    var viewport: Viewport?
    /// What of the node can show: the frame cut by every scrolling container
    /// around it (set while the focus ring is collected).
    var clip: Rect = .zero
    /// The innermost scrolling container around the node, if any (set with `clip`).
    unowned(unsafe) var scroller: Node?
    /// The node whose `children` hold this one, and where (set by the reader;
    /// nodes a kind makes itself, a dialog's buttons, have none and are never
    /// read again alone): a node read again takes the place of the old one there.
    @exclusivity(unchecked) unowned(unsafe) var parent: Node?
    @exclusivity(unchecked) var indexInParent = 0
    /// Whether the reader met its table in another place too: a write into it
    /// changes every place, so it is never read again alone.
    @exclusivity(unchecked) var isShared = false
    /// Whether reading it or its subtree found a bad field: while that shows,
    /// it is never read again alone (which problems a read in part clears is
    /// not known), though what lies beside it may be.
    @exclusivity(unchecked) var holdsProblem = false
    /// Whether a container around it keeps something of its subtree beyond
    /// sizes (`keepsSubtree`): only then is it asked when a node inside is
    /// read again (set by the reader with `parent`).
    @exclusivity(unchecked) var underKeeper = false
    /// Whether it keeps something of its subtree beyond sizes: it answers
    /// `keeps` and `subtreeReplaced` (a form's fields, a scroll's focus).
    var keepsSubtree: Bool { false }

    /// Marks of the update that read its subtree again (`replacedIn`), or
    /// one inside it (`holdsReplacedIn`): `Compositor.update` asks them.
    @exclusivity(unchecked) var replacedIn: Int32 = 0
    @exclusivity(unchecked) var holdsReplacedIn: Int32 = 0
    /// How many containers lie around it.
    var depth: Int {
        var n = 0
        var up = parent
        while let p = up {
            n += 1
            up = p.parent
        }
        return n
    }

    /// The nodes of its subtree, itself included.
    var subtreeCount: Int {
        var count = 1
        for child in children { count += child.children.isEmpty ? 1 : child.subtreeCount }
        return count
    }
    /// Read as a child of a stack (its size fields read when used).
    @exclusivity(unchecked) var readAsChild = false

    /// The component's own `keys`, read at layout (empty for nearly every node).
    var bindings: [Binding] = []
    /// For a focusable: the nodes around it (itself included) that carry
    /// bindings, outermost first; set by `Layer.collect`.
    var bindingScope: [Node] = []
    /// `width`, `height` and their limits, for a child of a stack; nil when
    /// none is set (or no script has used one yet).
    var sizing: Sizing?
    /// A one-row control given more rows (a `height`, a grid's cell) draws
    /// its row in their middle, where a taller button reads as one.
    var centresRow = false

    init(id: UnsafeRawPointer, anchor: Int32) {
        self.id = id
        self.anchor = anchor
    }

    var isFocusable: Bool { false }
    /// `autofocus = true` on a focusable (read at layout).
    var autofocus = false
    /// Skipped by initial focus (a `destructive` button).
    var isDestructive: Bool { false }
    /// A text field: printable keys reach it before any binding, and `?` types.
    var takesText: Bool { false }
    /// Tab and Shift-Tab reach it before they move focus (a markdown view
    /// steps through its links); it answers nil to let focus move on.
    var takesTab: Bool { false }
    /// A flexible node takes leftover space in a stack (spacers, lists).
    var isFlexible: Bool { false }
    /// Takes a share of the space left once every node has what it wants
    /// (a spacer, or a stack holding one).
    var growsWithSpace: Bool { false }
    /// A flexible node that wants this many rows before spacers get any.
    var preferredFlexibleHeight: Int { 0 }
    /// The rows a flexible node wants at `width`: one holding text (a scroll,
    /// a box, a stack) wants its text's wrapped lines there, not its unwrapped ones.
    func preferredFlexibleHeight(width: Int) -> Int { preferredFlexibleHeight }

    /// Whether focus reaches this node after its children (a bar drawn below its page).
    var focusAfterChildren: Bool { false }

    /// Where a click reaches this node.
    func hitRect() -> Rect { rect }

    /// Whether a click at (x, y) reaches the node: on it, and not scrolled out of view.
    func hits(x: Int, y: Int) -> Bool {
        hitRect().contains(x: x, y: y) && clip.contains(x: x, y: y)
    }

    /// Whether the part of the node that takes clicks (a tab bar, not its
    /// page) shows whole: not cut by a scrolling container's edge or the frame's.
    var isWhollyShown: Bool {
        let part = hitRect()
        return !part.isEmpty && clip.intersection(part) == part
    }

    /// Rows needed at the given width. Final, so that every width asked is
    /// noted; kinds answer in `measureRows`.
    final func measure(width: Int) -> Int {
        ask(width)
        return measureRows(width: width)
    }
    func measureRows(width: Int) -> Int { 0 }
    /// Rows the node can do with when its container scrolls: a flexible node
    /// (a list) a few rows, others what they measure. Noted as `measure` is.
    final func leastHeight(width: Int) -> Int {
        ask(width)
        return leastRows(width: width)
    }
    func leastRows(width: Int) -> Int {
        isFlexible ? min(preferredFlexibleHeight, Node.leastFlexibleRows) : measure(width: width)
    }

    // MARK: - What its container asked

    /// The widths the node was measured at since it was read (two at most are
    /// kept; more set `askedManyWidths`). A node read again in place of this
    /// one leaves its container's layout as it was when it answers the same
    /// at these widths (`answersAsked(like:)`), so only it is laid out again.
    // `@exclusivity(unchecked)`: noted on every measure, never while
    // another access is open (as the reader's state, `TreeReader`).
    @exclusivity(unchecked) private var askedWidth0 = Int.min
    @exclusivity(unchecked) private var askedWidth1 = Int.min
    @exclusivity(unchecked) private var askedManyWidths = false
    /// Whether its natural width was asked: a column that only measures
    /// heights leaves it unasked, so a text growing on its row moves nothing.
    @exclusivity(unchecked) private var askedNatural = false

    /// Notes that a container asked something of the node at `width` (a kind
    /// answering a question at a width outside `measure` calls it).
    final func ask(_ width: Int) {
        if askedWidth0 == width || askedWidth1 == width { return }
        if askedWidth0 == Int.min {
            askedWidth0 = width
        } else if askedWidth1 == Int.min {
            askedWidth1 = width
        } else {
            askedManyWidths = true
        }
    }

    /// Whether this node, read in place of `old`, answers every question a
    /// container asked `old` as `old` did: then the container would place
    /// everything as it is. What it is asked without a width is compared as
    /// it is; its heights at the widths `old` was measured at.
    func answersAsked(like old: Node) -> Bool {
        guard !old.askedManyWidths, isFlexible == old.isFlexible, growsWithSpace == old.growsWithSpace,
              Sizing.same(sizing, old.sizing), focusAfterChildren == old.focusAfterChildren,
              centresRow == old.centresRow else { return false }
        if old.askedNatural {
            guard naturalWidth() == old.naturalWidth() else { return false }
        }
        if old.isFlexible {
            guard preferredFlexibleHeight == old.preferredFlexibleHeight else { return false }
        }
        for width in [old.askedWidth0, old.askedWidth1] where width != Int.min {
            guard measure(width: width) == old.measure(width: width),
                  leastHeight(width: width) == old.leastHeight(width: width) else { return false }
            if old.isFlexible {
                guard preferredFlexibleHeight(width: width) == old.preferredFlexibleHeight(width: width) else { return false }
            }
        }
        return true
    }
    static let leastFlexibleRows = 3

    /// What its container asked of it, answered as it stands now: compared
    /// before and after a node inside it changed size in place (`update`'s
    /// climb over containers kept in memory). Nil when too many widths were
    /// asked to compare. Asks nothing new of it.
    final func answers() -> Answers? {
        guard !askedManyWidths else { return nil }
        var a = Answers(flexible: isFlexible, grows: growsWithSpace, natural: askedNatural ? naturalColumns() : nil,
                        preferred: isFlexible ? preferredFlexibleHeight : nil)
        for width in [askedWidth0, askedWidth1] where width != Int.min {
            a.heights.append(Answers.AtWidth(width: width, rows: measure(width: width), least: leastHeight(width: width),
                                             preferred: isFlexible ? preferredFlexibleHeight(width: width) : nil))
        }
        return a
    }

    /// A node's answers to its container (`answers()`).
    struct Answers: Equatable {
        struct AtWidth: Equatable {
            let width: Int, rows: Int, least: Int, preferred: Int?
        }
        let flexible: Bool, grows: Bool, natural: Int?, preferred: Int?
        var heights: [AtWidth] = []
    }

    /// Columns wanted on one line, for horizontal stacks and aligned columns.
    /// Final, so that a container asking it is noted; kinds answer in `naturalColumns`.
    final func naturalWidth() -> Int {
        askedNatural = true
        return naturalColumns()
    }
    func naturalColumns() -> Int { 0 }

    func layout(in rect: Rect, _ context: LayoutContext) {
        self.rect = rect
    }

    // MARK: - A node of its subtree read again

    /// Whether this container stays right when `new` takes the place of
    /// `old` in its subtree (`direct`: as one of its own children), `new`
    /// answering the questions `old` was asked alike. A container that keeps
    /// something of its subtree beyond sizes says no when that would change
    /// (then it is read again itself).
    func keeps(_ new: Node, replacing old: Node, direct: Bool) -> Bool { true }
    /// A node of its subtree was replaced (`keeps` said yes): what it worked
    /// out from its subtree is worked out again.
    func subtreeReplaced() {}

    /// Whether it may keep its children when one of them is replaced by a
    /// node of another size: it then forgets what it worked out from them
    /// (`forgetMeasures`) and is laid out again from the nodes in memory,
    /// nothing read from Lua. Kinds that work out more than sizes from their
    /// children say no, and are read again in that case.
    var relaysOutInPlace: Bool { false }
    /// Forgets the sizes it worked out from its children (one of them changed).
    func forgetMeasures() {}

    /// Whether its layout may place a popup (an open dropdown or menu picker):
    /// read again alone only in the top layer, whose popup it then places.
    var placesPopups: Bool { false }

    /// Whether a node of its subtree, itself included, is `isShared`, or
    /// `placesPopups`: noted when it is read (`noteSubtree`) and when a node
    /// of its subtree is found shared or replaced, so that asking costs
    /// nothing (`Compositor.readsAlone`). Never cleared while it lives: a
    /// stale yes only reads more.
    @exclusivity(unchecked) private(set) var holdsShared = false
    @exclusivity(unchecked) private(set) var holdsPopups = false

    /// Notes what its subtree holds, once its children are read.
    final func noteSubtree() {
        var shared = isShared || holdsShared, popups = placesPopups || holdsPopups
        for child in children {
            shared = shared || child.holdsShared
            popups = popups || child.holdsPopups
        }
        holdsShared = shared
        holdsPopups = popups
    }

    /// Notes in it and every node around it what `node`, now in its subtree,
    /// holds (a node found shared, a subtree put in place of another).
    final func noteInSubtree(_ node: Node) {
        var up: Node? = self
        while let n = up, (node.holdsShared && !n.holdsShared) || (node.holdsPopups && !n.holdsPopups) {
            n.holdsShared = n.holdsShared || node.holdsShared
            n.holdsPopups = n.holdsPopups || node.holdsPopups
            up = n.parent
        }
    }

    /// Whether `prepare` must run before each drawing (the node shows what it
    /// reads from Lua only when drawn, such as a list's visible rows).
    var needsPreparing: Bool { false }
    /// Reads what drawing needs from Lua, after layout and before `render`, so
    /// that drawing itself reads no Lua. Called only while the node is shown.
    func prepare(_ reader: TreeReader) {}

    /// Whether the node changes with the clock alone (a spinner): the host
    /// redraws on every tick while a shown node animates.
    var animates: Bool { false }

    /// Draws into `rect`; reads nothing but the node and the context.
    func render(into frame: inout FrameBuffer, _ context: RenderContext) {}

    // MARK: - Events in, actions out
    //
    // A node decides what an event means and returns the effects as actions;
    // the host applies them after it returns (`Host.apply`). nil means the
    // node did not take the event and the host applies its default (Up moves
    // focus); an empty array means it took it and nothing changes.

    /// A key while focused.
    func handle(_ key: Key, _ context: EventContext) -> [Action]? { nil }

    /// Pasted text while focused (a text field inserts it); nil drops it. A
    /// paste never arrives as keys, so it cannot trigger a key's action.
    func paste(_ text: String, _ context: EventContext) -> [Action]? { nil }

    /// A click inside `hitRect()` (0-based frame coordinates).
    func click(x: Int, y: Int, _ context: EventContext) -> [Action]? { nil }

    /// The mouse wheel over the node (positive is down).
    func scroll(_ amount: Int, _ context: EventContext) -> [Action]? { nil }

    /// What a `--watch` reload runs when it gave this component back `value`
    /// for `field` and the reloaded script had set another (`KeptState`): the
    /// handler the user's own change would run, so that what the script
    /// derives from the value agrees with it. A value that is navigation
    /// rather than data (a list's cursor, a dropdown's open state) runs none.
    func restored(_ field: String, _ value: KeptState.Value) -> [Action] { [] }

    // MARK: - Its kind

    /// The kind it was read as (set by the reader; a dialog's buttons get their
    /// dialog's): where help and the fuzzer find the keys it acts on.
    var component: (any Component.Type)?

    /// The keys it acts on while focused, as its kind declares them.
    var keySpecs: [KeySpec] { component?.keys ?? [] }

    /// What the node is to a screen reader and `app:tree()`: what it says of
    /// itself (`SemanticNode.describe`), with focus, whether it shows whole, its
    /// children where it names none of its own, and an open popup's rows.
    final func semantics(_ context: SemanticsContext) -> Semantics {
        // Every kind's node is a SemanticNode (`Component.node` returns one);
        // a node made some other way reads as a plain group.
        var s = (self as? any SemanticNode)?.describe(context) ?? Semantics(role: "group")
        s.kind = component?.kind.rawValue
        s.focused = isFocusable && focusKey == context.focused
        s.offscreen = isFocusable && !isWhollyShown
        if s.children.isEmpty { s.children = children.map { $0.semantics(context) } }
        if let popup = context.popup, popup.owner === self {
            // Open, its rows are the popup's (the highlighted one has focus).
            s.expanded = true
            s.children = [popup.semantics]
        }
        return s
    }

    // MARK: - As the root of a layer

    /// Whether Esc, a click above it or a drag down close the layer (a sheet's `dismissible`).
    var isDismissible: Bool { true }
    /// Where a click goes back to the previous screen (a pushed screen's `‹ Back`).
    var backRect: Rect? { nil }
}

/// What layout shares across the tree: the frame, the interaction state,
/// and the popups that open nodes place. Layout writes nothing else. The
/// compositor keeps one and starts it afresh for each layer (`start`), so that
/// a key's layout copies no glyphs.
final class LayoutContext {
    private(set) var bounds: Rect
    let state: InteractionState
    let glyphs: Glyphs
    /// Whether the screen being laid out lies over another (it shows `‹ Back`).
    private(set) var screenIsPushed: Bool
    var popups: [Popup] = []

    init(bounds: Rect, state: InteractionState, glyphs: Glyphs, screenIsPushed: Bool) {
        self.bounds = bounds
        self.state = state
        self.glyphs = glyphs
        self.screenIsPushed = screenIsPushed
    }

    /// Ready for laying out another layer: no popups yet.
    func start(bounds: Rect, screenIsPushed: Bool) {
        self.bounds = bounds
        self.screenIsPushed = screenIsPushed
        if !popups.isEmpty { popups.removeAll(keepingCapacity: true) }
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

    func isFocused(_ node: Node) -> Bool { node.focusKey == focused }
}
