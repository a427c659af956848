/// `ui.text`: wraps at word boundaries by display width, aligned in its box.
final class TextNode: Node {
    let text: String
    let align: TextAlign
    let wrap: Bool

    private let cache: WrapCache

    init(id: UnsafeRawPointer, anchor: Int32, _ field: FieldReader) {
        text = field.string("text") ?? ""
        align = field.choice("align", ["left", "center", "right"]).flatMap(TextAlign.init(rawValue:)) ?? .left
        wrap = field.bool("wrap") ?? true
        cache = field.reader.wrapCache
        super.init(id: id, anchor: anchor)
    }

    func lines(width: Int) -> [String] {
        // Most labels are one line that fits: no need to wrap them.
        if !text.utf8.contains(10), DisplayWidth.of(text) <= width { return [text] }
        return cache.lines(text, width: width, wrap: wrap)
    }

    override func measure(width: Int) -> Int {
        width <= 0 ? 0 : lines(width: width).count
    }

    override func naturalWidth() -> Int {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { DisplayWidth.of($0) }.max() ?? 0
    }

    override func render(into frame: inout FrameBuffer, _ context: RenderContext) {
        guard !rect.isEmpty else { return }
        for (i, line) in lines(width: rect.width).prefix(rect.height).enumerated() {
            frame.put(TextLayout.fit(line, width: rect.width, align: align), x: rect.x, y: rect.y + i, clip: rect)
        }
    }
}

extension TextNode: Component {
    static let kind = Kind("text")
    static let fields: [FieldSpec] = [
        .string("text", default: "", doc: "The text (default \"\"); \"\\n\" starts a new line."),
        .choice("align", ["left", "center", "right"], alias: "ui.Align", doc: "Alignment of each line in its box (default \"left\")."),
        .bool("wrap", default: true, doc: "Wrap long lines at word boundaries (default true); false cuts them with \"…\"."),
    ]
    static let shorthand = Shorthand.string(field: "text")

    static func node(_ source: NodeSource) -> Node { TextNode(id: source.id, anchor: source.anchor, source.field) }
}
