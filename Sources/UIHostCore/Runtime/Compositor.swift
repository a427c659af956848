import LuaBridge

/// Turns where the app is into a frame, in three steps: layout reads the
/// component tables into one tree per layer and places them (only when the
/// script's tables may have changed); prepare reads from Lua what the shown
/// nodes draw (list rows); drawing is pure. The error banner goes on top.
/// What a layout changes carries `@exclusivity(unchecked)`, as in `TreeReader`.
final class Compositor {
    private let L: OpaquePointer
    var s: LuaStack { LuaStack(L) }
    private let reader: TreeReader
    private let interaction: InteractionState
    private let navigator: Navigator
    private let dispatcher: Dispatcher
    private let invalidation: Invalidation
    private let toasts: Toasts
    /// Held here, not passed per call: copying the struct (two dozen strings)
    /// on every key showed in the per-key cost.
    private let glyphs: Glyphs
    /// The context every layer is laid out with, started afresh for each.
    private let layoutContext: LayoutContext

    /// The screen, its drawer when open, then the sheets: the top one takes input.
    @exclusivity(unchecked) private(set) var layers: [Layer] = []
    /// The open popup of the top layer, which takes input before it.
    @exclusivity(unchecked) private(set) var popup: Popup?
    /// The layers of the last layout while the next one is made: reused, so
    /// that a key's layout allocates no new focus tables.
    @exclusivity(unchecked) private var spare: [Layer] = []
    /// Whether a shown node changes with the clock alone (a spinner), from the last layout.
    @exclusivity(unchecked) private(set) var animating = false
    private var frame: FrameBuffer
    /// Problems of bad fields seen by the last layout, and by the last
    /// preparing (list rows are read only then): each shows once when it appears.
    @exclusivity(unchecked) private var lastLayoutProblems: Set<String> = []
    private var lastPrepareProblems: Set<String> = []
    @exclusivity(unchecked) private var layoutProblemCount = 0
    /// Counts layouts: what the host's caches of a layout compare against.
    @exclusivity(unchecked) private(set) var generation = 0
    /// The help overlay's rows while it is open (`?`, f1): drawn above everything but the banner.
    var help: [HelpRow]? {
        didSet { invalidation.drawing = true }
    }
    /// Errors of data-source calls (`item(i)`) of the last preparing: each is
    /// reported once when it appears, not on every frame.
    private var lastRowErrors: Set<String> = []
    /// Places the cursor in every frame (`Host.testCursor`).
    var testCursor: Point? {
        didSet { invalidation.drawing = true }
    }

    /// Whether writes the host made itself are read alone (`update`).
    private let readsOnlyChanges: Bool
    /// `LuaState.runs` when the tree was last read or its rows prepared: while
    /// it is unchanged no script ran, so nothing but the host's writes changed.
    private var seenRuns = -1
    /// The frame of the last layout; whether a layer below the top one placed
    /// a popup, and how many the top layer placed (the first is `popup`).
    private var laidOutBounds = Rect.zero
    private var popupsBelow = false
    private var topPopups = 0

    init(L: OpaquePointer, reader: TreeReader, interaction: InteractionState, navigator: Navigator,
         dispatcher: Dispatcher, invalidation: Invalidation, toasts: Toasts, size: Size, glyphs: Glyphs,
         readsOnlyChanges: Bool) {
        self.readsOnlyChanges = readsOnlyChanges
        self.toasts = toasts
        self.L = L
        self.reader = reader
        self.interaction = interaction
        self.navigator = navigator
        self.dispatcher = dispatcher
        self.invalidation = invalidation
        self.glyphs = glyphs
        layoutContext = LayoutContext(bounds: .zero, state: interaction, glyphs: glyphs, screenIsPushed: false)
        frame = FrameBuffer(width: size.cols, height: size.rows)
    }

    var topLayer: Layer? { layers.last }

    // MARK: - Layout

    /// Reads and places every layer again if the script's tables may have
    /// changed: any script ran, or something other than the host's own writes
    /// into components changed. Those alone are read again alone (`update`).
    func layoutIfNeeded(bounds: Rect) {
        if reader.lua.runs != seenRuns { scriptLayouts += 1 }
        if !invalidation.layout, reader.lua.runs != seenRuns, !(readsOnlyChanges && noteScriptWrites()) {
            invalidation.layout = true
        }
        if !invalidation.layout {
            if invalidation.written.isEmpty {
                if !invalidation.focusMoved || readsOnlyChanges && revealMovedFocus(bounds: bounds) { return }
                invalidation.layout = true
            } else if readsOnlyChanges, update(bounds: bounds) {
                // It scrolled a focus that moved into view, as a whole layout does.
                if invalidation.focusMoved { invalidation.focusMoved = false }
                invalidation.clearWritten()
                return
            } else {
                invalidation.layout = true
            }
        }
        guard invalidation.layout, let screen = navigator.top else { return }
        invalidation.layout = false
        invalidation.focusMoved = false
        invalidation.clearWritten()
        // What scripts wrote is read with everything else.
        _ = reader.kinds.takeWrites(L)
        scriptsWrote = false
        invalidation.drawing = true
        generation &+= 1
        // Before any node reads its state: a collected table's state goes with it.
        reader.kinds.forEachCollected(L) {
            interaction.forget($0)
            reader.markdownCache.forget($0)
        }
        s.restoringTop { readLayers(of: screen, bounds: bounds) }
        laidOutBounds = bounds
        seenRuns = reader.lua.runs
        // A bad field shows once when it appears, not on every frame.
        for problem in reader.problems where !lastLayoutProblems.contains(problem) { dispatcher.report(problem) }
        lastLayoutProblems = Set(reader.problems)
        layoutProblemCount = reader.problems.count
    }

    /// Reads the layers of `screen` (the screen, its drawer, the sheets) and places them.
    private func readLayers(of screen: Navigator.ScreenEntry, bounds: Rect) {
        reader.begin()
        defer { reader.end() }
        spare.append(contentsOf: layers.reversed())
        layers.removeAll(keepingCapacity: true)
        popup = nil
        defer { spare.removeAll(keepingCapacity: true) }

        // The screen, then its drawer when open, then the sheets.
        s.restoringTop {
            s.pushRef(screen.ref)
            let screenTable = s.top
            if reader.kinds.kind(L, at: screenTable) == .screen, let root = reader.node(at: screenTable, path: "screen") {
                layers.append(layer(.screen(screen.ref), root))
                if screen.drawerOpen, let drawer = reader.node(inField: "drawer", of: screenTable, path: "screen") {
                    layers.append(layer(.drawer(screen.ref), drawer))
                }
            }
        }
        for sheet in navigator.sheets {
            s.pushRef(sheet.ref)
            if let root = reader.node(at: -1, path: sheet.isDialog ? "dialog" : "sheet") {
                layers.append(layer(sheet.isDialog ? .dialog(sheet.ref) : .sheet(sheet.ref), root))
            }
            s.pop()
        }
        animating = false
        popupsBelow = false
        topPopups = 0
        for (i, layer) in layers.enumerated() {
            place(layer, bounds: bounds)
            if layer.animates { animating = true }
            if i < layers.count - 1, !layoutContext.popups.isEmpty { popupsBelow = true }
        }
        navigator.applyPendingFocus(layers)
        if let layer = topLayer {
            navigator.keepFocusInside(layer)
            revealFocus(in: layer, bounds: bounds)
            popup = layoutContext.popups.first
            topPopups = layoutContext.popups.count
        }
    }

    // MARK: - Reading again what was written

    /// After a script ran: notes the components it wrote into as written,
    /// with those that hold plain tables (what a script changes inside them
    /// reaches no metamethod). A hidden child or a tab counts as a write
    /// into the node that shows it; a component nothing shows is left out.
    /// False when that cannot tell what changed: a method was used, too
    /// many were written, or one is in two places of the last layout.
    private func noteScriptWrites() -> Bool {
        guard let writes = reader.kinds.takeWrites(L), let holding = reader.holdingTables,
              writes.count <= Invalidation.maxWritten else { return false }
        for id in writes {
            let anchor = reader.anchor(ofComponent: id), holder = reader.holder(of: id)
            switch (anchor, holder) {
            case (let a?, nil): invalidation.wrote(a)
            case (nil, let h?) where h > 0: invalidation.wrote(h)
            // In no layer shown (a sheet not presented, a page not selected,
            // inside a hidden container, made by the handler): nothing shows
            // its fields. Placing it is a write into what shows it, read then.
            case (nil, nil): continue
            default: return false
            }
        }
        invalidation.wroteInside(holding)
        scriptsWrote = !writes.isEmpty || !holding.isEmpty
        // Rows a data source gives may have changed with the script's state.
        invalidation.drawing = true
        seenRuns = reader.lua.runs
        return true
    }

    // MARK: - Reading again what was written

    /// Reads again the components written since the last layout, each with
    /// its subtree, and lays out only what that can move, when that gives
    /// the frame a whole layout would. A subtree read again must answer its
    /// container's questions as the old one did (its heights at the widths
    /// asked, its flexibility, its sizes, its natural width when asked); when
    /// it does not, its containers place their children again from the nodes
    /// in memory up to one whose own answers stay, or the layer's root
    /// (`relaidOut`); a container that cannot (it works out more than sizes
    /// from its children) is read again in its place, and so on up: a
    /// container of a fixed size, or one whose size its changed children
    /// leave as it was, stops it there. Reading a layer's root, a table read
    /// in two places, a bad field found or one shown in what it would read, a
    /// second popup makes it false, with nothing
    /// the next layout needs changed: the whole tree is then read.
    private func update(bounds: Rect) -> Bool {
        defer { scriptsWrote = false }
        // Past the cap a problem may have gone untold: which nodes hold one is not known.
        guard bounds == laidOutBounds, !popupsBelow, topPopups <= 1, layoutProblemCount < HostLimits.maxProblems,
              reader.readsSizes == reader.kinds.readsSizes(L), !reader.anchorsOutgrown else { return false }
        reader.kinds.forEachCollected(L) {
            interaction.forget($0)
            reader.markdownCache.forget($0)
        }
        // Kept for the next update (no allocation per key), holding no node after.
        defer {
            // One at a time: cheaper than a range for the one or two a key leaves.
            while !targets.isEmpty { targets.removeLast() }
            while !replacements.isEmpty { replacements.removeLast() }
        }
        for anchor in invalidation.written {
            guard let node = reader.node(anchored: anchor) else {
                // Its node left the tree when a subtree around it was read again.
                if reader.wasForgotten(anchor) { continue }
                return false
            }
            targets.append(node)
        }
        // Outer ones first: one inside another is then read with it.
        if targets.count > 1 { targets = targets.map { ($0.depth, $0) }.sorted { $0.0 < $1.0 }.map(\.1) }
        stamp &+= 1
        let reread = s.restoringTop { () -> Bool in
            reader.beginUpdate()
            defer { reader.endUpdate() }
            // What reading in part may read before a whole read is cheaper.
            var budget = max(256, reader.liveComponents / 4)
            let written = targets.count
            reading = 0
            while reading < targets.count {
                let target = targets[reading]
                defer { reading += 1 }
                // Read already with a container read again.
                if !replacements.isEmpty, isReplaced(target) { continue }
                guard let layer = layer(holding: target) else { return false }
                switch rereadSubtree(from: target, budget: &budget, popups: layer === topLayer, canWait: reading < written) {
                case .whole: return false
                case .afterOthers: targets.append(target)
                case let .read(old, new, added, top):
                    replacements.append((old, new, layer, added, top))
                    guard targets.count > 1 else { continue }
                    old.replacedIn = stamp
                    var up: Node? = old
                    while let node = up, node.holdsReplacedIn != stamp {
                        node.holdsReplacedIn = stamp
                        up = node.parent
                    }
                }
            }
            return true
        }
        guard reread else { return false }
        // Nothing can fail from here: the old nodes give their places to the new.
        generation &+= 1
        invalidation.drawing = true
        // The popups the new subtrees of the top layer placed (an owner read again places its own).
        var placed: Popup?, placedCount = 0
        for (old, new, layer, added, top) in replacements {
            // What the layer noted of a container that keeps its place, before its subtree changes.
            let noted = top !== new && top.parent != nil ? Layer.found(in: top) : nil
            if let parent = old.parent {
                parent.children[old.indexInParent] = new
                parent.noteInSubtree(new)
            } else {
                layer.replaceRoot(with: new)
            }
            reader.settle(new, adding: added)
            var up = new.underKeeper ? new.parent : nil
            while let container = up {
                container.subtreeReplaced()
                up = container.parent
            }
            layoutContext.start(bounds: bounds, screenIsPushed: navigator.stack.count > 1)
            if top !== new {
                // It changed size: the containers up to `top` place their
                // children again, as they are in memory.
                Compositor.forgetMeasures(from: new.parent)
                top.layout(in: top.parent == nil ? bounds : top.rect, layoutContext)
                inPlaceLayouts += 1
            } else {
                // A layer's root places itself in the frame (a sheet or drawer takes part of it).
                new.layout(in: old.parent == nil ? bounds : old.rect, layoutContext)
            }
            if layer === topLayer, let first = layoutContext.popups.first {
                placed = placed ?? first
                placedCount += layoutContext.popups.count
            }
            if top !== new {
                // Below the container kept in place, what moved may show
                // otherwise (clips, scrolling containers): its stretch of
                // the layer's notes is made again, or the whole layer's.
                // A table shown twice: which appearance each node is
                // (`Node.occurrence`, what focus keys on) is the whole walk's to count.
                if noted == nil || top.holdsShared || !layer.replaceSubtree(top, found: noted!, with: top) {
                    layer.collect(bounds: bounds)
                }
            } else if old.parent == nil || new.holdsShared {
                layer.collect(bounds: bounds)
            } else if Layer.canReplace(old, with: new) {
                layer.replace(old, with: new)
            } else if !layer.replaceSubtree(old, with: new) {
                layer.collect(bounds: bounds)
            }
        }
        // The popup open before stays while its owner was not read again.
        let kept = popup.flatMap { open in
            replacements.contains { Compositor.isInside(open.owner, $0.outer === $0.new ? $0.old : $0.outer) } ? nil : open
        }
        let popups = placedCount + (kept == nil ? 0 : 1)
        // Two popups open (a script opened another): which shows is the whole layout's to say.
        guard popups <= 1 else { return false }
        popup = placed ?? kept
        topPopups = popups
        // A subtree read again may hold a spinner where there was none (a tab switched).
        animating = layers.contains { $0.animates }
        if let layer = topLayer {
            navigator.keepFocusInside(layer)
            if revealFocus(in: layer, bounds: bounds) {
                popup = layoutContext.popups.first
                topPopups = layoutContext.popups.count
            }
        }
        seenRuns = reader.lua.runs
        // The problems shown stay (their nodes were not read again); what
        // `prepare` finds next is all the reader holds now.
        layoutProblemCount = 0
        updates += 1
        if scriptsWrote { scriptUpdates += 1 }
        if replacements.contains(where: { !$0.new.children.isEmpty || !$0.old.children.isEmpty }) { subtreeUpdates += 1 }
        return true
    }

    /// Reads `target` again with its subtree, and its containers in turn
    /// while the new subtree answers its container otherwise than the old
    /// one did (or is now hidden): the old node, the new one to put in its
    /// place, how many components it adds and what to lay out (`SubtreeRead`),
    /// or that it waits for the others, or that it cannot. A climb that reaches
    /// a container holding subtrees this update read already reads them
    /// again with it (`dropReplacements`).
    private func rereadSubtree(from target: Node, budget: inout Int, popups: Bool, canWait: Bool) -> SubtreeRead {
        var old = target
        while true {
            let oldCount = old.children.isEmpty ? 1 : old.subtreeCount
            guard old.parent != nil || readsRootAgain(old), !old.holdsProblem,
                  Compositor.readsAlone(old, popups: popups) else { return .whole }
            // What this update read inside it is read again with it.
            if old.holdsReplacedIn == stamp { dropReplacements(inside: old) }
            let keptCount = keepChildren(of: old)
            guard budget >= oldCount - keptCount else {
                reader.keptChildren.clear()
                return .whole
            }
            // The root keeps its anchor and its table: only what is below it
            // is forgotten, but for the children it may keep.
            for (i, child) in old.children.enumerated() where !reader.keptChildren.mayKeep(i) { reader.forget(child) }
            let new = reader.reread(old, count: oldCount, hostOnly: !scriptsWrote)
            // Kept children no longer there (removed, or hidden now) go as a read's would.
            if !reader.keptChildren.nodes.isEmpty {
                for (i, child) in reader.keptChildren.nodes.enumerated() where reader.keptChildren.mayKeep(i) {
                    reader.forget(child)
                }
                reader.keptChildren.clear()
            }
            guard reader.problems.isEmpty else { return .whole }
            if let new {
                let newCount = new.children.isEmpty ? 1 : new.subtreeCount
                budget -= newCount - reader.keptComponents
                guard budget >= 0, Compositor.readsAlone(new, popups: popups) else { return .whole }
                let alike = new.answersAsked(like: old)
                let refusing = !alike ? old.parent : old.underKeeper ? Compositor.refusingAncestor(of: old, new) : nil
                guard let container = refusing else { return .read(old: old, new: new, added: newCount - oldCount, top: new) }
                // Its containers may place it again from what they hold, read from Lua no further.
                if !alike, !old.underKeeper {
                    switch relaidOut(old, new) {
                    case .placed(let top): return .read(old: old, new: new, added: newCount - oldCount, top: top)
                    case .afterOthers where canWait && old === target:
                        reader.forget(new)
                        return .afterOthers
                    case .afterOthers, .readAgain: break
                    }
                }
                // Its container places it otherwise (or keeps what changed): read it again instead.
                reader.forget(new)
                old = container
                continue
            }
            guard let parent = old.parent else { return .whole }
            old = parent
        }
    }

    /// Gives up the subtrees this update read inside `container`, which
    /// is read again with them (a climb from another written node reached it).
    private func dropReplacements(inside container: Node) {
        var kept = 0
        for r in replacements {
            if Compositor.isInside(r.old, container) {
                reader.forget(r.new)
            } else {
                replacements[kept] = r
                kept += 1
            }
        }
        replacements.removeLast(replacements.count - kept)
    }

    /// Notes in `reader.keptChildren` the children of `old` that a read of
    /// it may take as they are (`TreeReader.keptChild`): those of a
    /// container that works out nothing from its children but their sizes
    /// (`Node.relaysOutInPlace`), in the tree, in one place only, and
    /// holding no node written since the last layout. The components
    /// they hold.
    private func keepChildren(of old: Node) -> Int {
        guard old.relaysOutInPlace, !old.children.isEmpty else { return 0 }
        let children = old.children
        reader.keptChildren.start(children)
        for (i, child) in children.enumerated() where !child.isShared && reader.node(anchored: child.anchor) === child {
            reader.keptChildren.allow(i)
        }
        // A written node inside one is read with it (so not kept).
        for target in targets {
            var up: Node? = target
            while let node = up, node.parent !== old { up = node.parent }
            if let child = up, child !== old, children.indices.contains(child.indexInParent),
               children[child.indexInParent] === child { reader.keptChildren.refuse(child.indexInParent) }
        }
        var count = 0
        for (i, child) in children.enumerated() where reader.keptChildren.mayKeep(i) {
            count += child.children.isEmpty ? 1 : child.subtreeCount
        }
        return count
    }

    /// Whether the root of a layer may be read again alone: a sheet's, a
    /// drawer's, or a screen's whose `drawer` is still the one open (the
    /// drawer's layer reads that field; a write into the screen may have
    /// changed it). Not a dialog's, which makes its own buttons.
    private func readsRootAgain(_ root: Node) -> Bool {
        guard root.relaysOutInPlace, let layer = layers.first(where: { $0.root === root }) else { return false }
        switch layer.kind {
        case .sheet, .drawer: return true
        case .dialog: return false
        case .screen:
            guard let drawer = layers.first(where: { if case .drawer = $0.kind { true } else { false } }) else { return true }
            return reader.component(inField: "drawer", ofAnchor: root.anchor) == drawer.root.id
        }
    }

    /// What reading a written node again came to: its subtree (or a
    /// container's) read to put in place; to be read again once the other
    /// written nodes are (whether they change size tells whether it may be
    /// placed again from memory); or nothing read in part can do.
    private enum SubtreeRead {
        case read(old: Node, new: Node, added: Int, top: Node)
        case afterOthers
        case whole
    }

    /// The outermost container to lay out again when `new`, which answers
    /// its container otherwise than `old`, takes its place while the
    /// containers around keep their other children (`Node.relaysOutInPlace`):
    /// the first whose own answers stay as they were, or the layer's root
    /// (laid out in the frame). Nil when a container on the way cannot, or
    /// holds another written node (what two changes do together is not what
    /// each does alone): then the container is read again from Lua. Leaves
    /// `old` in its place; `new` is put there only to measure.
    private func relaidOut(_ old: Node, _ new: Node) -> PlacedAgain {
        guard let parent = old.parent else { return .readAgain }
        let index = parent.children.indices.contains(old.indexInParent) ? old.indexInParent : -1
        guard index >= 0, parent.children[index] === old else { return .readAgain }
        defer {
            parent.children[index] = old
            Compositor.forgetMeasures(from: parent)
        }
        var up: Node? = parent
        while let container = up {
            guard container.relaysOutInPlace else { return .readAgain }
            if targets.count > 1, let other = othersChangingSize(inside: container, besides: old) { return other }
            guard container.parent != nil else { return .placed(top: container) }
            parent.children[index] = old
            Compositor.forgetMeasures(from: parent)
            guard let before = container.answers() else { return .readAgain }
            parent.children[index] = new
            Compositor.forgetMeasures(from: parent)
            guard let after = container.answers() else { return .readAgain }
            if before == after { return .placed(top: container) }
            up = container.parent
        }
        return .readAgain
    }

    /// Whether `relaidOut` may place a container's children again from
    /// memory: the outermost container to lay out, not before the other
    /// written nodes are read, or not at all (read it from Lua instead).
    private enum PlacedAgain {
        case placed(top: Node)
        case afterOthers
        case readAgain
    }

    /// What stops `relaidOut` at `container` because of the other written
    /// nodes in it, if anything. Two that change size are placed together
    /// by a read of their container, never one after the other: each placed
    /// alone would, for one, clamp a scrolling root's offset to the content
    /// of that step instead of both. One not read yet may or may not change
    /// size; one read that kept its size (a list's cursor moved) is no bar.
    private func othersChangingSize(inside container: Node, besides old: Node) -> PlacedAgain? {
        for r in replacements where r.outer !== r.new && Compositor.isInside(r.old, container) { return .readAgain }
        for t in targets[(reading + 1)...] where !Compositor.isInside(t, old) && Compositor.isInside(t, container) {
            return .afterOthers
        }
        return nil
    }

    /// Makes `node` and the containers around it work out their sizes again.
    private static func forgetMeasures(from node: Node?) {
        var up = node
        while let n = up {
            n.forgetMeasures()
            up = n.parent
        }
    }

    /// The innermost container around `old` that does not keep `new` in its
    /// place (`Node.keeps`), if any.
    private static func refusingAncestor(of old: Node, _ new: Node) -> Node? {
        var up = old.parent, direct = true
        while let container = up {
            if !container.keeps(new, replacing: old, direct: direct) { return container }
            direct = false
            up = container.parent
        }
        return nil
    }

    /// After focus moved with nothing read: scrolls the focused node into
    /// view as a whole layout would (`revealFocus`), laying out the top layer
    /// again only when that scrolled. False (read everything) when the last
    /// layout was made for another frame or an open popup takes the keys.
    private func revealMovedFocus(bounds: Rect) -> Bool {
        invalidation.focusMoved = false
        guard bounds == laidOutBounds, popup == nil, let layer = topLayer else { return false }
        revealFocus(in: layer, bounds: bounds)
        focusUpdates += 1
        return true
    }

    /// A subtree read again: the old root, the new one, the layer, how many
    /// components the new one has more, and the outermost node to lay out
    /// again (`new` unless its size changed).
    private typealias Replacement = (old: Node, new: Node, layer: Layer, added: Int, outer: Node)

    /// Whether the subtree of `node` can be read again alone: no table in it
    /// is read in another place too, and none places a popup unless `popups`
    /// (the top layer's, which `update` takes from the new subtree).
    private static func readsAlone(_ node: Node, popups: Bool) -> Bool {
        let alone = !node.holdsShared && (popups || !node.holdsPopups)
        assert(alone ? walkReadsAlone(node, popups: popups) : true, "a subtree's notes say less than it holds")
        return alone
    }

    /// `readsAlone` by walking the subtree: what debug builds check its notes against.
    private static func walkReadsAlone(_ node: Node, popups: Bool) -> Bool {
        if node.isShared || node.placesPopups && !popups { return false }
        for child in node.children where !walkReadsAlone(child, popups: popups) { return false }
        return true
    }

    /// Whether `node` is `root` or lies below it.
    private static func isInside(_ node: Node, _ root: Node) -> Bool {
        var up: Node? = node
        while let n = up {
            if n === root { return true }
            up = n.parent
        }
        return false
    }

    /// Whether `node` lies in a subtree this update read again.
    private func isReplaced(_ node: Node) -> Bool {
        var up: Node? = node
        while let n = up {
            if n.replacedIn == stamp { return true }
            up = n.parent
        }
        return false
    }

    /// Counts the updates, to mark the nodes each read again (`Node.replacedIn`).
    @exclusivity(unchecked) private var stamp: Int32 = 0
    /// What `update` reads again (the written nodes) and what it puts in
    /// place of what, empty between updates.
    @exclusivity(unchecked) private var targets: [Node] = []
    /// The index in `targets` of the one being read: those after it are not read yet.
    @exclusivity(unchecked) private var reading = 0
    @exclusivity(unchecked) private var replacements: [Replacement] = []

    /// Layouts made by reading again only what was written (tests count them),
    /// those of them after a script wrote, and those that read a subtree.
    private(set) var updates = 0
    private(set) var scriptUpdates = 0
    private(set) var subtreeUpdates = 0
    /// Of those, the ones whose change of size was laid out again from the
    /// containers in memory (`relaidOut`), read from Lua no further.
    private(set) var inPlaceLayouts = 0
    /// Focus moves that read nothing (tests count them).
    private(set) var focusUpdates = 0
    /// Layouts asked for after a script ran (handlers, timers), read in part or whole.
    private(set) var scriptLayouts = 0
    /// Whether the writes `update` reads again include a script's.
    @exclusivity(unchecked) private var scriptsWrote = false

    /// The layer whose tree holds `node`.
    private func layer(holding node: Node) -> Layer? {
        var root = node
        while let parent = root.parent { root = parent }
        return layers.first { $0.root === root }
    }

    /// Lays out one layer in the frame and collects its focus ring; the
    /// layout context keeps the popups it placed until the next layer.
    private func place(_ layer: Layer, bounds: Rect) {
        layoutContext.start(bounds: bounds, screenIsPushed: navigator.stack.count > 1)
        layer.root.layout(in: bounds, layoutContext)
        layer.collect(bounds: bounds)
    }

    // MARK: - Scrolling focus into view

    /// The focus last scrolled into view, with its layer and the frame then.
    private var revealed: (kind: Layer.Kind, focus: FocusKey, bounds: Rect)?

    /// Scrolls the containers around the focused node so that it shows, and
    /// lays the layer out again: when focus moved (or the layer or the frame
    /// changed) since the last time, or when the focused node no longer shows
    /// (a tab's page grew above its bar) unless content was scrolled by hand
    /// since focus last moved (the wheel is not undone at the next key).
    /// Whether it laid the layer out again.
    @discardableResult
    private func revealFocus(in layer: Layer, bounds: Rect) -> Bool {
        guard let key = navigator.focus[layer.kind] else { return false }
        if let last = revealed, last.kind == layer.kind, last.focus == key, last.bounds == bounds {
            guard !layer.scrollers.isEmpty, !interaction.scrolledByHand else { return false }
        } else {
            revealed = (layer.kind, key, bounds)
            interaction.scrolledByHand = false
        }
        guard !layer.scrollers.isEmpty, let node = navigator.focused(in: layer), !node.isWhollyShown else { return false }
        guard Compositor.scroll(toShow: node.hitRect(), in: node.scroller, interaction) else { return false }
        place(layer, bounds: bounds)
        return true
    }

    /// Scrolls `container` and those around it so that `target` shows;
    /// whether any offset changed.
    static func scroll(toShow target: Rect, in container: Node?, _ state: InteractionState) -> Bool {
        var target = target
        var container = container
        var changed = false
        while let node = container, let viewport = node.viewport {
            let offset = viewport.offset(scrolledBy: viewport.scrollDelta(toShow: target))
            if offset != viewport.offset {
                state[ScrollOffset.self, viewport.key] = offset
                changed = true
            }
            // What shows of it once scrolled, for the containers further out.
            let moved = Rect(x: target.x, y: target.y - (offset - viewport.offset), width: target.width, height: target.height)
            let shown = moved.intersection(viewport.rect)
            target = shown.isEmpty ? viewport.rect : shown
            container = node.scroller
        }
        return changed
    }

    /// A layer showing `root`: one of the last layout's when there is one left.
    private func layer(_ kind: Layer.Kind, _ root: Node) -> Layer {
        guard let layer = spare.popLast() else { return Layer(kind: kind, root: root) }
        layer.reuse(kind: kind, root: root)
        return layer
    }

    // MARK: - Prepare and draw

    /// The frame, laid out, prepared and drawn again if anything changed.
    /// What the host draws with the layers is given at each frame: `footer`
    /// gives the hints of a screen with `footer = true` (asked only when one
    /// is drawn: they follow the active bindings), and the command palette
    /// while open is drawn over everything but the banner (it keeps where its
    /// list is scrolled to).
    func render(bounds: Rect, clock: Int, footer: () -> [(key: String, desc: String)],
                palette: inout CommandPalette?, commands: CommandRegistry) -> FrameBuffer {
        layoutIfNeeded(bounds: bounds)
        if frame.width != bounds.width || frame.height != bounds.height {
            frame = FrameBuffer(width: bounds.width, height: bounds.height)
            invalidation.drawing = true
        }
        guard invalidation.drawing || animating else { return frame }
        prepare()
        frame.clear()
        for (i, layer) in layers.enumerated() {
            // Only the top layer shows where focus is.
            let focused = i == layers.count - 1 && popup == nil ? navigator.focus[layer.kind] : nil
            let context = RenderContext(glyphs: glyphs, focused: focused, state: interaction, clock: clock)
            // A drawer or sheet dims everything beneath it, so that what shows
            // beside its box reads as backdrop; plain text blanks it instead (`boxes`).
            if i > 0 {
                frame.addStyle(.backdrop, in: frame.bounds)
                frame.addBox(layer.root.rect)
            }
            layer.root.render(into: &frame, context)
            if i == 0, let screen = layer.root as? ScreenNode, screen.hasFooter {
                Footer.draw(footer(), in: screen.footerRect, into: &frame)
            }
        }
        popup?.render(into: &frame, RenderContext(glyphs: glyphs, focused: nil, state: interaction, clock: clock))
        if let help {
            frame.cursor = nil
            HelpOverlay.draw(help, into: &frame, glyphs: glyphs)
        }
        let footer = (layers.first?.root as? ScreenNode).flatMap { $0.hasFooter && !$0.footerRect.isEmpty ? $0.footerRect.y : nil }
        toasts.render(into: &frame, glyphs: glyphs, bottom: footer)
        palette?.render(into: &frame, commands, glyphs: glyphs)
        if let testCursor { frame.cursor = testCursor }
        if let banner = dispatcher.banner { drawBanner(banner) }
        invalidation.drawing = false
        return frame
    }

    /// Reads from Lua what the shown nodes draw, as they are now (a handler or
    /// a timer may have changed a list's rows without a new layout). Also
    /// before a key that takes what was read (Tab over an input's completion),
    /// when keys come faster than frames.
    func prepare() {
        reader.resumed {
            // A data source is script code: navigation it asks for waits, as a handler's does.
            dispatcher.handling {
                for layer in layers {
                    for node in layer.preparing { node.prepare(reader) }
                }
            }
        }
        // A data source the rows came from is script code, but the host asked
        // for it: it is not a change of the tables, unless it wrote into a
        // component (then the next layout reads what it wrote).
        if !invalidation.layout, reader.lua.runs != seenRuns, !reader.kinds.hasWrites(L) { seenRuns = reader.lua.runs }
        if !reader.rowErrors.isEmpty || !lastRowErrors.isEmpty {
            for error in reader.rowErrors where !lastRowErrors.contains(error.message) {
                dispatcher.report(error.message, traceback: error.traceback)
            }
            lastRowErrors = Set(reader.rowErrors.map(\.message))
        }
        // A field that turned bad shows when it is read (list rows are read here).
        let prepareProblems = reader.problems.dropFirst(layoutProblemCount)
        for problem in prepareProblems where !lastPrepareProblems.contains(problem) { dispatcher.report(problem) }
        lastPrepareProblems = Set(prepareProblems)
    }

    /// The banner's rows as last drawn: a key that leaves the banner as it
    /// was does not wrap its message again.
    private var bannerRows: (banner: String, width: Int, lines: [String])?

    private func drawBanner(_ banner: String) {
        // The same message is the same String (`Dispatcher.banner`): compared at once.
        if bannerRows?.banner != banner || bannerRows?.width != frame.width {
            bannerRows = (banner, frame.width, Compositor.bannerLines(banner, width: frame.width))
        }
        Compositor.drawBanner(lines: bannerRows!.lines, into: &frame)
    }

    /// How the banner ends: what clears it.
    static let bannerHint = " (Esc dismisses)"

    /// The banner's rows at `width`: `error: MESSAGE (Esc dismisses)` wrapped to
    /// at most two. When it needs more, the middle of the message gives way
    /// (`…`): the first row keeps its start (file and line), the second its end
    /// (where a fix such as `(did you mean 'title'?)` is) and the hint. On a
    /// frame too narrow for the hint, the message is cut at the end instead.
    /// The whole message is in the log; only its first
    /// `HostLimits.maxErrorBytes` are wrapped here.
    static func bannerLines(_ banner: String, width: Int) -> [String] {
        let text = "error: " + BoundedText.prefix(of: banner, maxBytes: HostLimits.maxErrorBytes)
        let lines = TextLayout.wrap(text + bannerHint, width: width)
        guard lines.count > 2 else { return lines }
        let message = TextLayout.wrap(text, width: width)
        let rest = message.dropFirst().joined(separator: " ")
        let hint = DisplayWidth.of(bannerHint)
        guard width >= hint + 8 else { return [message[0], TextLayout.truncate(rest, to: width)] }
        return [message[0], "…" + tail(of: rest, width: width - hint - 1) + bannerHint]
    }

    /// The end of `text` in at most `width` columns, from a word's start when one is in it.
    private static func tail(of text: String, width: Int) -> String {
        var used = 0
        var start = text.endIndex
        while start > text.startIndex {
            let previous = text.index(before: start)
            let w = DisplayWidth.of(text[previous])
            guard used + w <= width else { break }
            used += w
            start = previous
        }
        let kept = text[start...]
        let atWord = start == text.startIndex || text[text.index(before: start)] == " "
        if !atWord, let space = kept.firstIndex(of: " "), kept.index(after: space) < kept.endIndex {
            return String(kept[kept.index(after: space)...])
        }
        return String(kept)
    }

    /// The error banner over the bottom rows (`bannerLines`).
    static func drawBanner(_ banner: String, into frame: inout FrameBuffer) {
        drawBanner(lines: bannerLines(banner, width: frame.width), into: &frame)
    }

    private static func drawBanner(lines: [String], into frame: inout FrameBuffer) {
        guard frame.height > 0 else { return }
        let y0 = max(0, frame.height - lines.count)
        frame.addBox(Rect(x: 0, y: y0, width: frame.width, height: lines.count), blanksRows: false)
        for (i, line) in lines.enumerated() {
            let row = Rect(x: 0, y: y0 + i, width: frame.width, height: 1)
            frame.fill(row, style: .errorBanner)
            frame.put(line, x: 0, y: y0 + i, style: .errorBanner)
        }
    }
}
