/// `ui.screen`: the unit of navigation. A header row with its title (and
/// `‹ Back` when it was pushed), a rule, then its children as a column.
final class ScreenNode: Node, SemanticNode {
    let title: String
    /// `footer = true`: the bottom row hints at the active keys.
    let hasFooter: Bool
    /// `onKey` is set: keys nothing else took go to it first (read at layout,
    /// so that a screen without it costs a key nothing).
    let takesKeys: Bool
    /// Whether a screen lies below this one (known at layout).
    private(set) var isPushed = false
    static let headerHeight = 2

    init(id: UnsafeRawPointer, anchor: Int32, _ field: FieldReader) {
        title = field[Fields.title]
        hasFooter = field[Fields.footer]
        takesKeys = field.has("onKey")
        super.init(id: id, anchor: anchor)
    }

    /// Works out nothing from its children but at layout.
    override var relaysOutInPlace: Bool { true }

    var contentRect: Rect {
        Rect(x: rect.x + 1, y: rect.y + ScreenNode.headerHeight,
             width: rect.width - 2, height: max(0, rect.height - ScreenNode.headerHeight - (hasFooter ? 1 : 0)))
    }

    /// The footer's row: the frame's bottom row.
    var footerRect: Rect {
        guard hasFooter, rect.height > ScreenNode.headerHeight else { return .zero }
        return Rect(x: rect.x, y: rect.maxY - 1, width: rect.width, height: 1)
    }

    override func layout(in rect: Rect, _ context: LayoutContext) {
        self.rect = rect
        isPushed = context.screenIsPushed
        // Content taller than the frame scrolls; the marks go in the right margin.
        viewport = StackLayout.layoutScrollingColumn(children, spacing: 0, in: contentRect, key: id, markX: rect.maxX - 1, context)
    }

    /// The cells of the `‹ Back` control in the header, if shown.
    override var backRect: Rect? {
        guard isPushed else { return nil }
        return Rect(x: rect.x + 1, y: rect.y, width: 6, height: 1)
    }

    override func render(into frame: inout FrameBuffer, _ context: RenderContext) {
        guard !rect.isEmpty else { return }
        var titleStart = 0
        if isPushed {
            frame.put(context.glyphs.back, x: rect.x + 1, y: rect.y, style: .accent, clip: rect)
            titleStart = DisplayWidth.of(context.glyphs.back) + 3
        }
        // Centred across the frame, moved right when it would cover `‹ Back`.
        let room = rect.width - titleStart - 1
        if room > 0 {
            let shown = TextLayout.truncate(title, to: room)
            let w = DisplayWidth.of(shown)
            let x = max(rect.x + titleStart, rect.x + (rect.width - w) / 2)
            frame.put(shown, x: x, y: rect.y, style: .bold, clip: rect)
        }
        if rect.height > 1 {
            frame.fill(Rect(x: rect.x, y: rect.y + 1, width: rect.width, height: 1), with: context.glyphs.horizontal, style: .border)
        }
        if let viewport { return viewport.render(children, into: &frame, context) }
        for child in children where frame.shows(child.rect) { child.render(into: &frame, context) }
    }

    func describe(_ context: SemanticsContext) -> Semantics { Semantics(role: "screen", label: title) }
}

extension ScreenNode: Component {
    static let kind = Kind.screen
    static let summary = """
        The unit of navigation: a header row with its title (and `‹ Back` when pushed), a rule, then its \
        children top to bottom.
        """
    enum Fields {
        static let title = Field.string("title", default: "", doc: "shown centred on row 1")
        static let footer = Field.bool("footer", default: false,
                                       doc: "draws a hint bar of the active keys on the frame's bottom row (see [Key bindings](#key-bindings-footer-and-help))")
    }
    static let fields: [FieldSpec] = [
        Fields.title.spec,
        FieldSpec(name: "drawer", type: .component(.drawer), luaType: "ui.Drawer",
                  doc: "the side menu of this screen (see [ui.drawer](#uidrawer))"),
        Fields.footer.spec,
        .handler("onAppear", "fun(screen: ui.Screen)",
                 doc: "`onAppear(screen)`: the screen became the top of the navigation stack — at start for the root, on `ui.push`, and when a screen above it is popped"),
        .handler("onDisappear", "fun(screen: ui.Screen)", doc: "`onDisappear(screen)`: another screen was pushed over it, or it was popped"),
        .handler("onResize", "fun(width: integer, height: integer)",
                 doc: "`onResize(width, height)`: the frame changed size (see [The frame's size](#the-frames-size-uisize-and-onresize))"),
        .handler("onKey", "fun(key: string): boolean?",
                 doc: "`onKey(key)`: a key nothing else took (no binding, text field or focused component), before the host's defaults; return `true` to take it ([Key bindings](#key-bindings-footer-and-help))"),
    ]
    static let children = ChildPolicy.any(doc: "children, laid out top to bottom like a `ui.vstack` with spacing 0")

    static var state: [any ComponentState.Type] { [ScrollOffset.self] }
    static let keys: [KeySpec] = []

    static func node(_ source: NodeSource) -> any SemanticNode { ScreenNode(id: source.id, anchor: source.anchor, source.field) }
}
