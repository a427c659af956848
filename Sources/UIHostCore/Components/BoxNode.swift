/// `ui.box`: children top to bottom inside a border, with a title in its top
/// edge and padding inside it. Its `width`/`height` include the border.
final class BoxNode: Node, SemanticNode {
    let title: String
    let border: BorderKind
    let padding: (rows: Int, columns: Int)
    let style: Style
    let align: CrossAlignment

    init(id: UnsafeRawPointer, anchor: Int32, _ field: FieldReader) {
        title = field[Fields.title]
        border = field[Fields.border]
        padding = field[Fields.padding]
        style = field[Fields.style]
        align = field.reader.readsSizes ? field[Fields.align] : .start
        super.init(id: id, anchor: anchor)
    }

    private var edge: Int { border == .none ? 0 : 1 }
    private var insetWidth: Int { 2 * (edge + padding.columns) }
    private var insetHeight: Int { 2 * (edge + padding.rows) }

    private var measures = MeasureCache()
    private var flexible: Bool {
        if let f = measures.flexible { return f }
        let f = children.contains { $0.isFlexible || $0.sizing?.height?.isFraction == true }
        measures.flexible = f
        return f
    }
    private var grows: Bool {
        if let g = measures.grows { return g }
        let g = children.contains { $0.growsWithSpace || $0.sizing?.height?.isFraction == true }
        measures.grows = g
        return g
    }
    private var natural: Int {
        if let n = measures.natural { return n }
        let inner = children.map { StackLayout.naturalWidth(of: $0) }.max() ?? 0
        // A title wants its own width and the border's `╭─ ` and ` ─╮`.
        let titled = title.isEmpty || border == .none ? 0 : DisplayWidth.of(title) + 6
        let n = max(inner + insetWidth, titled)
        measures.natural = n
        return n
    }

    override var relaysOutInPlace: Bool { true }
    override func forgetMeasures() { measures = MeasureCache() }

    override var isFlexible: Bool { flexible }
    override var growsWithSpace: Bool { grows }
    override var preferredFlexibleHeight: Int { measure(width: Int.max / 4) }
    override func preferredFlexibleHeight(width: Int) -> Int { measure(width: width) }
    override func naturalColumns() -> Int { natural }

    override func measureRows(width: Int) -> Int {
        if let rows = measures.rows(at: width) { return rows }
        let height = insetHeight + StackLayout.measureColumn(children, spacing: 0, width: max(0, width - insetWidth), align: align)
        measures.rows = (width, height)
        return height
    }

    var contentRect: Rect {
        let x = edge + padding.columns, y = edge + padding.rows
        return Rect(x: rect.x + x, y: rect.y + y, width: max(0, rect.width - 2 * x), height: max(0, rect.height - 2 * y))
    }

    override func layout(in rect: Rect, _ context: LayoutContext) {
        self.rect = rect
        StackLayout.layoutColumn(children, spacing: 0, align: align, in: contentRect, context)
    }

    override func render(into frame: inout FrameBuffer, _ context: RenderContext) {
        guard !rect.isEmpty else { return }
        if !style.bg.isDefault { frame.fill(rect, style: Style(bg: style.bg)) }
        if border != .none {
            let focusInside = context.focused.map { containsFocus(self, $0) } ?? false
            let edgeStyle = style.union(focusInside ? .accent : .border)
            drawBorder(into: &frame, glyphs: border.glyphs(ascii: context.glyphs.isASCII), style: edgeStyle)
        }
        for child in children where frame.shows(child.rect) { child.render(into: &frame, context) }
        // The box's colours lie under what its children drew without their own.
        if !style.isPlain { frame.underlay(style, in: contentRect) }
    }

    private func drawBorder(into frame: inout FrameBuffer, glyphs g: BorderGlyphs, style: Style) {
        let w = rect.width
        guard w >= 2, rect.height >= 1 else {
            frame.fill(rect, with: g.horizontal, style: style)
            return
        }
        let rule = String(repeating: g.horizontal, count: w - 2)
        frame.put(String(g.topLeft) + rule + String(g.topRight), x: rect.x, y: rect.y, style: style, clip: rect)
        if !title.isEmpty, w >= 7 {
            let shown = TextLayout.truncate(title, to: w - 6)
            frame.put(" " + shown + " ", x: rect.x + 2, y: rect.y, style: style.union(.bold), clip: rect)
        }
        guard rect.height >= 2 else { return }
        for y in (rect.y + 1)..<(rect.maxY - 1) {
            frame.put(String(g.vertical), x: rect.x, y: y, style: style, clip: rect)
            frame.put(String(g.vertical), x: rect.maxX - 1, y: y, style: style, clip: rect)
        }
        frame.put(String(g.bottomLeft) + rule + String(g.bottomRight), x: rect.x, y: rect.maxY - 1, style: style, clip: rect)
    }

    private func containsFocus(_ node: Node, _ key: FocusKey) -> Bool {
        node.children.contains { $0.focusKey == key || containsFocus($0, key) }
    }

    /// A titled part of the screen (ARIA's `region`; untitled, it is only a frame).
    func describe(_ context: SemanticsContext) -> Semantics { Semantics(role: "region", label: title) }
}

/// The lines a box is drawn with.
enum BorderKind: String, CaseIterable, Sendable {
    case rounded, single, double, heavy, ascii, none

    func glyphs(ascii: Bool) -> BorderGlyphs {
        if ascii { return .ascii }
        switch self {
        case .rounded: return BorderGlyphs("╭╮╰╯─│")
        case .single: return BorderGlyphs("┌┐└┘─│")
        case .double: return BorderGlyphs("╔╗╚╝═║")
        case .heavy: return BorderGlyphs("┏┓┗┛━┃")
        case .ascii, .none: return .ascii
        }
    }
}

struct BorderGlyphs {
    let topLeft, topRight, bottomLeft, bottomRight, horizontal, vertical: Character

    /// From six characters: the corners (top left, top right, bottom left, bottom right), then the lines.
    init(_ six: String) {
        let c = Array(six)
        (topLeft, topRight, bottomLeft, bottomRight, horizontal, vertical) = (c[0], c[1], c[2], c[3], c[4], c[5])
    }

    static let ascii = BorderGlyphs("++++-|")
}

extension BoxNode: Component {
    static let kind = Kind("box")
    static let summary = """
        A box: its children top to bottom inside a border, with a title in the top border (cut with `…` \
        when narrow) and padding inside (default 0 rows, 1 column). Its `width`/`height` include the \
        border; the border takes the accent colour while focus is inside.
        """
    static let constructorSummary = "A box with a border, a title and padding around its children."
    enum Fields {
        static let title = Field.string("title", default: "", doc: "shown in the top border, cut with `…` when narrow")
        static let border = Field<BorderKind>.choice("border", alias: "ui.Border", doc: "how the border is drawn")
        static let padding = Field<(rows: Int, columns: Int)>(
            "padding", .padding, default: .described("`{ 0, 1 }`"), docsType: "integer or `{ rows, columns }`",
            doc: "space inside the border") { $0.padding($1) ?? (0, 1) }
        static let style = Field.style(doc: "the box's colours, under its children's own")
        static let align = Field<CrossAlignment>.choice("align", alias: "ui.StackAlign", doc: "where children narrower than the box go")
    }
    static let fields = [Fields.title.spec, Fields.border.spec, Fields.padding.spec, Fields.style.spec, Fields.align.spec]
    static let children = ChildPolicy.any(doc: "children, top to bottom inside the border")

    static let keys: [KeySpec] = []

    static func node(_ source: NodeSource) -> any SemanticNode { BoxNode(id: source.id, anchor: source.anchor, source.field) }
}
