/// One level of the overlay stack: the screen, its open drawer, or a presented
/// sheet. The topmost layer takes focus and Esc; each layer keeps its own
/// focus, so closing one gives focus back where it was below. An open popup
/// (menu picker, dropdown) of the top layer sits above it, and the error banner
/// above everything.
final class Layer {
    /// What the layer shows, by the registry reference of the stack entry or
    /// sheet: also the key its focus is kept under between frames (one screen
    /// table pushed twice is two places to focus).
    enum Kind: Hashable {
        case screen(Int32)
        case drawer(Int32)
        case sheet(Int32)
        /// An alert or confirm dialog.
        case dialog(Int32)
    }

    // `@exclusivity(unchecked)`: written per node of every layout, never
    // while another access is open (see `TreeReader`).
    @exclusivity(unchecked) private(set) var kind: Kind
    @exclusivity(unchecked) private(set) var root: Node
    @exclusivity(unchecked) var focusables: [Node] = []
    /// Every focusable in the tree, shown or not: focus on a control that a
    /// small frame hides is kept for when it shows again.
    @exclusivity(unchecked) var focusableKeys: Set<FocusKey> = []
    /// Shown nodes that read Lua before they are drawn (list rows).
    @exclusivity(unchecked) var preparing: [Node] = []
    /// Whether a shown node changes with the clock alone (a spinner).
    @exclusivity(unchecked) var animates = false
    /// Containers whose children overflow them, outer before inner.
    @exclusivity(unchecked) var scrollers: [Node] = []
    @exclusivity(unchecked) private var seen: [UnsafeRawPointer: Int] = [:]
    /// Whether any node of the tree carries `keys` (when not, a key press
    /// looks for no binding of this layer).
    @exclusivity(unchecked) private(set) var hasBindings = false
    @exclusivity(unchecked) private var scope: [Node] = []

    init(kind: Kind, root: Node) {
        self.kind = kind
        self.root = root
    }

    /// Shows another tree, keeping the storage of the tables `collect` fills
    /// (the compositor reuses the layers of the last layout).
    func reuse(kind: Kind, root: Node) {
        self.kind = kind
        self.root = root
    }

    /// Shows `root` read again in the place of the old one (`Compositor.update`),
    /// before it is laid out and collected.
    func replaceRoot(with root: Node) {
        self.root = root
    }

    /// Walks the laid-out tree once: focusable nodes in reading order (a bar
    /// below its page comes after it), the nodes to prepare, whether anything
    /// animates, and what of each node the scrolling containers let show.
    func collect(bounds: Rect) {
        focusables.removeAll(keepingCapacity: true)
        focusableKeys.removeAll(keepingCapacity: true)
        preparing.removeAll(keepingCapacity: true)
        scrollers.removeAll(keepingCapacity: true)
        animates = false
        seen.removeAll(keepingCapacity: true)
        hasBindings = false
        scope.removeAll(keepingCapacity: true)
        collect(root, clip: bounds, scroller: nil)
    }

    // MARK: - One node read again

    /// Whether `new`, read again in the place of `old` and laid out in its
    /// rectangle, changes nothing `collect` found but the node itself: both
    /// are leaves without bindings or a scrolling view, alike in what the
    /// layer keeps of them. Asked before `new` is laid out.
    static func canReplace(_ old: Node, with new: Node) -> Bool {
        old.children.isEmpty && new.children.isEmpty && old.viewport == nil && old.bindings.isEmpty
            && new.bindings.isEmpty && old.isFocusable == new.isFocusable && old.autofocus == new.autofocus
            && old.focusAfterChildren == new.focusAfterChildren && old.needsPreparing == new.needsPreparing
            && old.animates == new.animates
    }

    /// Puts `new` where `old` was in what `collect` found (`canReplace` said
    /// it may): the same clip, container and place in the focus ring.
    func replace(_ old: Node, with new: Node) {
        new.clip = old.clip
        new.scroller = old.scroller
        new.occurrence = old.occurrence
        new.bindingScope = old.bindingScope
        guard !old.rect.isEmpty else { return }
        if old.isFocusable, let i = focusables.firstIndex(where: { $0 === old }) { focusables[i] = new }
        if old.needsPreparing, let i = preparing.firstIndex(where: { $0 === old }) { preparing[i] = new }
    }

    /// Puts the subtree `new`, read again in place of `old` and laid out in
    /// its rectangle, into what `collect` found: the subtree's own stretch of
    /// the focus ring, of the nodes to prepare and of the scrolling
    /// containers takes the new subtree's, in the same place. False, with
    /// nothing changed, when that place cannot be told (the old subtree had
    /// none where the new one has some) or the layer stops animating: then
    /// the caller collects the whole layer.
    func replaceSubtree(_ old: Node, with new: Node) -> Bool {
        replaceSubtree(old, found: Layer.found(in: old), with: new)
    }

    /// What `collect` noted of the subtree of `node` as it is laid out now:
    /// taken before a container keeping its place lays its subtree out again.
    static func found(in node: Node) -> Found {
        var found = Found()
        find(node, into: &found)
        return found
    }

    /// `replaceSubtree`, with what `collect` noted of the old subtree taken
    /// before (`new` may be `old` itself, its subtree changed and laid out again).
    func replaceSubtree(_ old: Node, found before: Found, with new: Node) -> Bool {
        // Before the new subtree notes its own (the same tables, read again).
        for key in before.focusableKeys { focusableKeys.remove(key) }
        // Collected into empty arrays, from the place of the old subtree.
        var after = Found()
        swap(&focusables, &after.focusables)
        swap(&preparing, &after.preparing)
        swap(&scrollers, &after.scrollers)
        let animated = animates, bound = hasBindings
        animates = false
        seen.removeAll(keepingCapacity: true)
        scope.removeAll(keepingCapacity: true)
        var up = old.parent
        while let node = up {
            if !node.bindings.isEmpty { scope.append(node) }
            up = node.parent
        }
        scope.reverse()
        collect(new, clip: old.clip, scroller: old.scroller)
        let newAnimates = animates
        swap(&focusables, &after.focusables)
        swap(&preparing, &after.preparing)
        swap(&scrollers, &after.scrollers)
        animates = animated || newAnimates
        hasBindings = bound || hasBindings
        guard before.animates == false || newAnimates,
              let f = Layer.stretch(of: before.focusables, in: focusables, replacing: after.focusables),
              let p = Layer.stretch(of: before.preparing, in: preparing, replacing: after.preparing),
              let r = Layer.stretch(of: before.scrollers, in: scrollers, replacing: after.scrollers) else { return false }
        focusables.replaceSubrange(f, with: after.focusables)
        preparing.replaceSubrange(p, with: after.preparing)
        scrollers.replaceSubrange(r, with: after.scrollers)
        return true
    }

    /// What `collect` noted of one subtree as it was laid out.
    struct Found {
        var focusables: [Node] = []
        var focusableKeys: [FocusKey] = []
        var preparing: [Node] = []
        var scrollers: [Node] = []
        var animates = false
    }

    /// Walks a subtree as `collect` does, reading what it noted.
    private static func find(_ node: Node, into found: inout Found) {
        let visible = !node.rect.isEmpty
        if visible, node.needsPreparing { found.preparing.append(node) }
        if visible, node.animates { found.animates = true }
        if node.isFocusable { found.focusableKeys.append(node.focusKey) }
        if node.isFocusable, visible, !node.focusAfterChildren { found.focusables.append(node) }
        if node.viewport != nil { found.scrollers.append(node) }
        for child in node.children { find(child, into: &found) }
        if node.isFocusable, visible, node.focusAfterChildren { found.focusables.append(node) }
    }

    /// Where the nodes `old` stand, one after another, in `list`; nil when
    /// they do not, or when there are none and `new` has some (no place to
    /// put them is known).
    private static func stretch(of old: [Node], in list: [Node], replacing new: [Node]) -> Range<Int>? {
        guard let first = old.first else { return new.isEmpty ? 0..<0 : nil }
        guard let i = list.firstIndex(where: { $0 === first }), i + old.count <= list.count else { return nil }
        for (j, node) in old.enumerated() where list[i + j] !== node { return nil }
        return i..<(i + old.count)
    }

    private static func takeAndBump(_ count: inout Int) -> Int {
        defer { count += 1 }
        return count
    }

    private func collect(_ node: Node, clip: Rect, scroller: Node?) {
        node.clip = clip
        node.scroller = scroller
        let visible = !node.rect.isEmpty
        if visible {
            if node.needsPreparing { preparing.append(node) }
            if node.animates { animates = true }
        }
        let bound = !node.bindings.isEmpty
        if bound {
            hasBindings = true
            scope.append(node)
        }
        defer { if bound { scope.removeLast() } }
        if node.isFocusable, !scope.isEmpty { node.bindingScope = scope }
        if node.isFocusable {
            // One hash lookup: read the count and bump it in place.
            node.occurrence = Layer.takeAndBump(&seen[node.id, default: 0])
            focusableKeys.insert(node.focusKey)
        }
        if node.isFocusable, visible, !node.focusAfterChildren { focusables.append(node) }
        if let viewport = node.viewport {
            scrollers.append(node)
            let inner = clip.intersection(viewport.rect)
            for child in node.children { collect(child, clip: inner, scroller: node) }
        } else {
            for child in node.children { collect(child, clip: clip, scroller: scroller) }
        }
        if node.isFocusable, visible, node.focusAfterChildren { focusables.append(node) }
    }
}
