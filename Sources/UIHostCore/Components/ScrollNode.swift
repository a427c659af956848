import LuaBridge

/// `ui.scroll`: children in a column that may be taller than its place. While
/// they are, it shows `↑`/`↓` in its last column where more lies beyond an
/// edge, and scrolls: with the wheel, with Up/Down/PageUp/PageDown when focus
/// moves among the controls inside (focus moving scrolls the focused control
/// into view), and, holding no control, as a focusable of its own. The offset
/// is kept by the host, not in the table.
final class ScrollNode: Node, SemanticNode {
    /// Rows it takes; nil takes the space left, like a list (or its share,
    /// `"1fr"`, or its percentage, which its stack reads as any child's size).
    let height: Int?

    init(id: UnsafeRawPointer, anchor: Int32, _ field: FieldReader) {
        height = field[Fields.height]
        super.init(id: id, anchor: anchor)
    }

    /// Holding no control, it takes focus itself while it has more to show.
    override var isFocusable: Bool { viewport != nil && !holdsControl }
    private lazy var holdsControl = ScrollNode.holdsControl(children)

    private static func holdsControl(_ nodes: [Node]) -> Bool {
        nodes.contains { $0.isFocusable || holdsControl($0.children) }
    }

    override var keepsSubtree: Bool { true }

    /// Whether it takes focus depends on the controls inside: a node read
    /// again must hold a control as the old one did (a scroll inside may
    /// take focus once laid out, so one inside makes it read again whole).
    override func keeps(_ new: Node, replacing old: Node, direct: Bool) -> Bool {
        !ScrollNode.holdsScroll(old) && !ScrollNode.holdsScroll(new)
            && ScrollNode.holdsControl([old]) == ScrollNode.holdsControl([new])
    }

    private static func holdsScroll(_ node: Node) -> Bool {
        node is ScrollNode || node.children.contains(where: holdsScroll)
    }

    override var isFlexible: Bool { height == nil }
    override var preferredFlexibleHeight: Int { StackLayout.measureColumn(children, spacing: 0, width: Int.max / 4) }
    /// Children that wrap want their wrapped rows: measured at the width it gets.
    override func preferredFlexibleHeight(width: Int) -> Int {
        // Asked at a width `measure` may never see: noted, so a scroll read again compares it there.
        ask(width)
        return StackLayout.measureColumn(children, spacing: 0, width: width)
    }
    override func measureRows(width: Int) -> Int { height ?? StackLayout.measureColumn(children, spacing: 0, width: width) }
    override func leastRows(width: Int) -> Int { height ?? min(measure(width: width), Node.leastFlexibleRows) }
    override func naturalColumns() -> Int { (children.map { $0.naturalWidth() }.max() ?? 0) + 1 }

    override func layout(in rect: Rect, _ context: LayoutContext) {
        self.rect = rect
        // The last column is left for the marks while the children overflow.
        viewport = StackLayout.layoutScrollingColumn(children, spacing: 0, in: rect, key: id, reserve: 1,
                                                     markX: rect.maxX - 1, context)
        // `scrollTo(component)`: placed once, then the view moves to show it.
        guard !context.state.isEmpty(ScrollRequest.self), let target = context.state.remove(ScrollRequest.self, id),
              let viewport, let node = ScrollNode.find(target, in: children) else { return }
        let offset = viewport.offset(scrolledBy: viewport.scrollDelta(toShow: node.rect))
        guard offset != viewport.offset else { return }
        context.state[ScrollOffset.self, id] = offset
        self.viewport = StackLayout.layoutScrollingColumn(children, spacing: 0, in: rect, key: id, reserve: 1,
                                                          markX: rect.maxX - 1, context)
    }

    /// The node of the table at `id` among `nodes` and theirs, depth first.
    private static func find(_ id: UnsafeRawPointer, in nodes: [Node]) -> Node? {
        for node in nodes {
            if node.id == id { return node }
            if let found = find(id, in: node.children) { return found }
        }
        return nil
    }

    override func render(into frame: inout FrameBuffer, _ context: RenderContext) {
        guard !rect.isEmpty else { return }
        guard let viewport else {
            for child in children where frame.shows(child.rect) { child.render(into: &frame, context) }
            return
        }
        let focused = context.isFocused(self)
        viewport.render(children, into: &frame, context, markStyle: focused ? .focusMark : .muted)
        // Focused, the marks' column shows a bar where no arrow is: a focus
        // mark that plain text shows too (the arrows' colour alone would not).
        if focused {
            let rows = viewport.rect
            for y in rows.y..<rows.maxY where !(y == rows.y && viewport.canScrollUp)
                && !(y == rows.maxY - 1 && viewport.canScrollDown) {
                frame.put(String(context.glyphs.vertical), x: viewport.markX, y: y, style: .focusMark)
            }
        }
    }

    /// Focused (holding no control): the keys scroll it; at an end they go on
    /// to the host (focus moves on, or a container around scrolls).
    override func handle(_ key: Key, _ context: EventContext) -> [Action]? {
        guard let viewport else { return nil }
        let page = max(1, viewport.rect.height - 1)
        switch ScrollNode.keys.action(for: key) {
        case .move(let rows): return scroll(to: viewport.offset(scrolledBy: rows))
        case .page(let pages): return scroll(to: viewport.offset(scrolledBy: pages * page))
        case .first: return scroll(to: 0)
        case .last: return scroll(to: viewport.maxOffset)
        default: return nil
        }
    }

    override func scroll(_ amount: Int, _ context: EventContext) -> [Action]? {
        guard let viewport else { return nil }
        return scroll(to: viewport.offset(scrolledBy: amount * Host.wheelRows))
    }

    private func scroll(to offset: Int) -> [Action]? {
        guard let viewport, offset != viewport.offset else { return nil }
        return [.setScrollOffset(viewport.key, offset)]
    }

    /// Where the view is, while the children overflow; children speak for themselves.
    func describe(_ context: SemanticsContext) -> Semantics {
        Semantics(role: "scroll", value: viewport.map { "row \($0.offset + 1) of \($0.contentHeight)" })
    }
}

extension ScrollNode: Component {
    static let kind = Kind("scroll")
    static let summary = """
        Children in a column that may be taller than its place: `↑`/`↓` in its last column show that \
        more lies beyond an edge. The wheel scrolls it; focus moving among the controls inside scrolls \
        the focused one into view; holding no control, it takes focus itself and \
        Up/Down/PageUp/PageDown/Home/End scroll it. The host keeps the offset.
        """
    enum Fields {
        static let height = Field<Int?>(
            "height", .size, default: .described("the space left"),
            doc: "rows it takes, a percentage of its stack or a share of what is left (as any child of a stack); unset, it is flexible like a list (at least 3 rows when its container scrolls)"
        ) { $0.ownRows($1, min: 0, max: 10_000) }
    }
    static let fields = [Fields.height.spec]
    static let children = ChildPolicy.any(doc: "the content, top to bottom")

    /// Its own keys while it holds no control and so has focus; at an end a
    /// key goes on to the host (focus moves on, or a container around scrolls).
    static var state: [any ComponentState.Type] { [ScrollOffset.self, ScrollRequest.self] }
    static let keys: [KeySpec] = [
        KeySpec([.up], "Scroll up a row", .move(-1)),
        KeySpec([.down], "Scroll down a row", .move(1)),
        KeySpec([.pageUp], "Scroll up a page", .page(-1)),
        KeySpec([.pageDown], "Scroll down a page", .page(1)),
        KeySpec([.home], "To the top", .first),
        KeySpec([.end], "To the bottom", .last),
    ]

    static func node(_ source: NodeSource) -> any SemanticNode { ScrollNode(id: source.id, anchor: source.anchor, source.field) }

    static let methods: [(String, LuaSwiftFunction)] = [
        ("scrollTo", { scrollTo($0!) }),
        ("scrollHome", { scrollToEnd($0!, name: "scrollHome", offset: 0) }),
        // Past the last row: layout clamps it to the bottom, however the content grew.
        ("scrollEnd", { scrollToEnd($0!, name: "scrollEnd", offset: Int.max / 4) }),
    ]

    /// `scroll:scrollHome()` / `scroll:scrollEnd()`: the view to an end at the
    /// next layout. A scroll by program counts as by hand: focus elsewhere
    /// does not pull the view back.
    private static func scrollToEnd(_ L: OpaquePointer, name: String, offset: Int) -> Int32 {
        let host = UIModule.host(L)
        guard host.kinds.kind(L, at: 1) == kind, let id = LuaStack(L).pointer(at: 1) else {
            return UIModule.argError(L, 1, name, "ui.scroll")
        }
        host.apply([.set(ScrollRequest.self, id, nil), .setScrollOffset(id, offset)])
        return 0
    }

    /// `scroll:scrollTo(component)`: the view moves, as little as it can, to
    /// show the component (inside the scroll, at any depth) at the next layout.
    private static func scrollTo(_ L: OpaquePointer) -> Int32 {
        let host = UIModule.host(L)
        let s = LuaStack(L)
        guard host.kinds.kind(L, at: 1) == kind, let id = s.pointer(at: 1) else {
            return UIModule.argError(L, 1, "scrollTo", "ui.scroll")
        }
        guard host.kinds.kind(L, at: 2) != nil, let target = s.pointer(at: 2) else {
            return UIModule.argError(L, 2, "scrollTo", "component")
        }
        host.apply(.scrollToShow(id, target))
        return 0
    }
}

extension Key {
    /// The keys that scroll content no control took.
    var scrollsContent: Bool {
        switch self {
        case .up, .down, .pageUp, .pageDown, .home, .end: true
        default: false
        }
    }
}

/// `scroll:scrollTo(component)` waiting for the next layout: the
/// component's table (empty nearly always).
enum ScrollRequest: ComponentState {
    typealias Value = UnsafeRawPointer
    /// Not kept: it is for the next layout of the screen that asked.
    static let keptAcrossReload = false
}
