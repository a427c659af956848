/// `ui.sheet`, shown with `ui.present` over the bottom of the screen: rounded
/// top corners, its title in the top edge, the screen behind visible above.
final class SheetNode: Node, SemanticNode {
    enum Height: Equatable, Sendable {
        case fraction(Double)
        case rows(Int)
        case fit
    }

    let title: String
    let height: Height
    let dismissible: Bool

    init(id: UnsafeRawPointer, anchor: Int32, _ field: FieldReader) {
        title = field[Fields.title]
        dismissible = field[Fields.dismissible]
        height = field[Fields.height]
        super.init(id: id, anchor: anchor)
    }

    /// Rows of the sheet in a frame of `rows` rows, clamped to the frame.
    func rows(in bounds: Rect) -> Int {
        let wanted: Int
        switch height {
        case .fraction(let f): wanted = Int((Double(bounds.height) * f).rounded())
        case .rows(let n): wanted = n
        case .fit: wanted = 1 + StackLayout.measureColumn(children, spacing: 0, width: max(0, bounds.width - 4))
        }
        return min(max(wanted, min(2, bounds.height)), bounds.height)
    }

    override var isDismissible: Bool { dismissible }
    /// Works out nothing from its children but their sizes.
    override var relaysOutInPlace: Bool { true }

    var contentRect: Rect {
        Rect(x: rect.x + 2, y: rect.y + 1, width: rect.width - 4, height: rect.height - 1)
    }

    override func layout(in bounds: Rect, _ context: LayoutContext) {
        let h = rows(in: bounds)
        rect = Rect(x: bounds.x, y: bounds.maxY - h, width: bounds.width, height: h)
        viewport = StackLayout.layoutScrollingColumn(children, spacing: 0, in: contentRect, key: id, markX: rect.maxX - 2, context)
    }

    override func render(into frame: inout FrameBuffer, _ context: RenderContext) {
        guard !rect.isEmpty else { return }
        let g = context.glyphs
        frame.fill(rect)
        if rect.width >= 2 {
            var top = String(g.topLeft) + String(repeating: g.horizontal, count: rect.width - 2) + String(g.topRight)
            if !title.isEmpty, rect.width > 8 {
                let t = " " + TextLayout.truncate(title, to: rect.width - 8) + " "
                top = String(g.topLeft) + String(repeating: g.horizontal, count: 2) + t
                    + String(repeating: g.horizontal, count: max(0, rect.width - 4 - DisplayWidth.of(t))) + String(g.topRight)
            }
            frame.put(top, x: rect.x, y: rect.y, style: .border, clip: rect)
            for y in (rect.y + 1)..<rect.maxY {
                frame.put(String(g.vertical), x: rect.x, y: y, style: .border, clip: rect)
                frame.put(String(g.vertical), x: rect.maxX - 1, y: y, style: .border, clip: rect)
            }
        }
        if let viewport { return viewport.render(children, into: &frame, context) }
        for child in children where frame.shows(child.rect) { child.render(into: &frame, context) }
    }

    func describe(_ context: SemanticsContext) -> Semantics { Semantics(role: "sheet", label: title) }
}

extension SheetNode: Component {
    static let kind = Kind.sheet
    static let summary = """
        A bottom sheet, shown with `ui.present(sheet)` over the bottom of the screen, with rounded top \
        corners. Esc, a click above it, or a drag of its top edge down by 3+ rows dismisses it when \
        dismissible.
        """
    enum Fields {
        static let title = Field.string("title", default: "", doc: "shown in the top edge: `╭── Title ───╮`")
        static let height = Field<Height>(
            "height", .height, default: .value(.number(defaultFraction)), luaType: "ui.SheetHeight",
            docsType: "number in (0, 1], integer ≥ 1, or `\"fit\"`",
            doc: "a number up to `1.0` that is not an integer: a fraction of the frame's rows (rounded; `1.0` is the whole frame); an integer: a row count (`1` is one row); `\"fit\"`: the content's height plus the top edge. At least 2 rows, at most the frame"
        ) { field, key in
            if field.string(key) == "fit" { return .fit }
            guard let n = field.number(key), n > 0 else { return .fraction(defaultFraction) }
            // An integer is a row count; a number up to 1.0 a fraction of the frame.
            return field.isInteger(key) || n > 1 ? .rows(Int(min(n, 10_000))) : .fraction(n)
        }
        static let defaultFraction = 0.25
        static let dismissible = Field.bool("dismissible", default: true,
                                            doc: "whether Esc, a click above it and a drag close it; when `false` only `ui.dismiss()` does")
    }
    static let fields: [FieldSpec] = [
        Fields.title.spec, Fields.height.spec, Fields.dismissible.spec,
        .handler("onDismiss", "fun(sheet: ui.Sheet)", doc: "`onDismiss(sheet)`: the sheet was closed, however it was closed (Esc, click, drag, `ui.dismiss`)"),
    ]
    static let children = ChildPolicy.any(doc: "the content, top to bottom")

    static var state: [any ComponentState.Type] { [ScrollOffset.self] }
    static let keys: [KeySpec] = []

    static func node(_ source: NodeSource) -> any SemanticNode { SheetNode(id: source.id, anchor: source.anchor, source.field) }
}
