/// `ui.drawer`: a side menu from the left, set as a screen's `drawer`.
final class DrawerNode: Node, SemanticNode {
    let width: Int?

    init(id: UnsafeRawPointer, anchor: Int32, _ field: FieldReader) {
        width = field[Fields.width]
        super.init(id: id, anchor: anchor)
    }

    /// Works out nothing from its children but their sizes.
    override var relaysOutInPlace: Bool { true }

    override func layout(in bounds: Rect, _ context: LayoutContext) {
        let w = min(width ?? min(max(bounds.width - 10, 1), 40), bounds.width)
        rect = Rect(x: bounds.x, y: bounds.y, width: w, height: bounds.height)
        viewport = StackLayout.layoutScrollingColumn(children, spacing: 0,
                                                     in: Rect(x: rect.x + 1, y: rect.y + 1, width: rect.width - 3, height: rect.height - 1),
                                                     key: id, markX: rect.maxX - 2, context)
    }

    override func render(into frame: inout FrameBuffer, _ context: RenderContext) {
        guard !rect.isEmpty else { return }
        frame.fill(rect)
        for y in rect.y..<rect.maxY {
            frame.put(String(context.glyphs.vertical), x: rect.maxX - 1, y: y, style: .border, clip: rect)
        }
        if let viewport { return viewport.render(children, into: &frame, context) }
        for child in children where frame.shows(child.rect) { child.render(into: &frame, context) }
    }

    func describe(_ context: SemanticsContext) -> Semantics { Semantics(role: "drawer") }
}

extension DrawerNode: Component {
    static let kind = Kind.drawer
    static let summary = """
        A side menu from the left: set it as a screen's `drawer`. Esc, a click outside it or a drag left \
        closes it.
        """
    enum Fields {
        static let width = Field.integer("width", 1...1000, described: "frame width − 10, at most 40",
                                         doc: "columns, the `│` edge included (at most the frame width)")
    }
    static let fields = [Fields.width.spec]
    static let children = ChildPolicy.any(doc: "the content, top to bottom")

    static var state: [any ComponentState.Type] { [ScrollOffset.self] }
    static let keys: [KeySpec] = []

    static func node(_ source: NodeSource) -> any SemanticNode { DrawerNode(id: source.id, anchor: source.anchor, source.field) }
}
