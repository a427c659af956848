/// `ui.text`: wraps at word boundaries by display width, aligned in its box.
/// With `spans`, the text is theirs and each keeps its own style.
final class TextNode: Node, SemanticNode {
    let text: String
    let align: TextAlign
    let wrap: Bool
    let style: Style
    let spans: [Span]?

    private let cache: WrapCache

    init(id: UnsafeRawPointer, anchor: Int32, _ field: FieldReader) {
        spans = field[Fields.spans]
        text = spans.map { $0.map(\.text).joined() } ?? field[Fields.text]
        style = field[Fields.style]
        align = field[Fields.align]
        wrap = field[Fields.wrap]
        cache = field.reader.wrapCache
        super.init(id: id, anchor: anchor)
    }

    func lines(width: Int) -> [String] {
        // Most labels are one line that fits: no need to wrap them.
        if !text.containsByte(10), DisplayWidth.of(text) <= width { return [text] }
        return cache.lines(text, width: width, wrap: wrap)
    }

    /// The rows of the last width measured: a node kept between layouts (a
    /// column placed again from memory, `Compositor.relaidOut`) is measured
    /// again at the same width, and its text does not change.
    private var measured: (width: Int, rows: Int)?

    override func measureRows(width: Int) -> Int {
        if let measured, measured.width == width { return measured.rows }
        let rows = width <= 0 ? 0 : lines(width: width).count
        measured = (width, rows)
        return rows
    }

    override func naturalColumns() -> Int {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { DisplayWidth.of($0) }.max() ?? 0
    }

    override func render(into frame: inout FrameBuffer, _ context: RenderContext) {
        guard !rect.isEmpty else { return }
        guard let spans else {
            for (i, line) in lines(width: rect.width).prefix(rect.height).enumerated() {
                frame.put(TextLayout.fit(line, width: rect.width, align: align), x: rect.x, y: rect.y + i, style: style, clip: rect)
            }
            return
        }
        let runs = spans.flatMap { span in span.text.map { ($0, span.style) } }
        var cursor = 0
        for (i, line) in lines(width: rect.width).prefix(rect.height).enumerated() {
            let fitted = TextLayout.truncate(line, to: rect.width)
            let padding = rect.width - DisplayWidth.of(fitted)
            let x = rect.x + (align == .left ? 0 : align == .right ? padding : padding / 2)
            frame.putStyled(fitted, x: x, y: rect.y + i, runs: runs, cursor: &cursor, base: style, clip: rect)
        }
    }

    func describe(_ context: SemanticsContext) -> Semantics { Semantics(role: "text", label: text) }
}

extension TextNode: Component {
    static let kind = Kind("text")
    static let summary = """
        Text that wraps at word boundaries by display width.
        """
    enum Fields {
        static let text = Field.string("text", default: "", doc: "the text; `\"\\n\"` starts a new line")
        static let align = Field.choice("align", ["left", "center", "right"], alias: "ui.Align",
                                        doc: "alignment of each line in the text's box", as: TextAlign.init(rawValue:))
        static let wrap = Field.bool("wrap", default: true, doc: "wrap long lines; `false` cuts each line with `…` instead")
        static let style = Field.style(doc: "colours and attributes of the whole text (see [Style](#11-style))")
        static let spans = Field<[Span]?>(
            "spans", .spans, luaType: "(ui.Span|string)[]",
            doc: "rich text: `{ \"Total: \", bold = true }` or `{ text = …, fg = … }` runs (a string is a plain run), each with its own style over `style`; replaces `text`"
        ) { $0.spans($1) }
    }
    static let fields = [Fields.text.spec, Fields.align.spec, Fields.wrap.spec, Fields.style.spec, Fields.spans.spec]
    static let shorthand = Shorthand.string(field: "text")

    static let keys: [KeySpec] = []

    static func node(_ source: NodeSource) -> any SemanticNode { TextNode(id: source.id, anchor: source.anchor, source.field) }
}
