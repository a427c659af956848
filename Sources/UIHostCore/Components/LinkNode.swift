/// `ui.link`: a title underlined in the accent colour that is a hyperlink
/// (OSC 8) where the frame is written with colours, and `Title <url>` in
/// plain text. Enter, Space or a click call `onSelect`; the host opens
/// nothing (a sandboxed script cannot launch a browser).
final class LinkNode: Node, SemanticNode {
    let title: String
    let url: String
    let style: Style

    init(id: UnsafeRawPointer, anchor: Int32, _ field: FieldReader) {
        url = LinkNode.clean(field[Fields.url])
        let title = field[Fields.title]
        self.title = title.isEmpty ? url : title
        style = field[Fields.style]
        super.init(id: id, anchor: anchor)
    }

    /// The URL without control characters (which could end the OSC 8
    /// sequence and write to the terminal) and at most 2,000 bytes.
    static func clean(_ url: String) -> String {
        var out = String(String.UnicodeScalarView(url.unicodeScalars.filter { $0.value >= 0x20 && !(0x7f...0x9f).contains($0.value) }))
        if out.utf8.count > maxURLBytes { out = String(out.utf8.prefix(maxURLBytes)) ?? "" }
        return out
    }

    static let maxURLBytes = 2000
    /// Underlined in the accent colour, unless its `style` says otherwise.
    static let look = Style(fg: .token(.accent), attributes: .underline)

    override var isFocusable: Bool { true }
    override func measureRows(width: Int) -> Int { 1 }
    override func naturalColumns() -> Int { Gutter.width + DisplayWidth.of(title) + (showsURL ? 3 + DisplayWidth.of(url) : 0) }

    /// Set at layout from the glyphs: whether the URL follows the title.
    private var showsURL = true

    override func layout(in rect: Rect, _ context: LayoutContext) {
        self.rect = rect
        showsURL = context.glyphs.urlsInText && !url.isEmpty && url != title
    }

    override func render(into frame: inout FrameBuffer, _ context: RenderContext) {
        guard !rect.isEmpty else { return }
        let focused = context.isFocused(self)
        let body = Gutter.row(of: rect, focused: focused, into: &frame, context, centred: centresRow)
        guard !body.isEmpty else { return }
        let look = style.union(focused ? .focused : .plain)
        let shown = TextLayout.truncate(title, to: body.width)
        let used = frame.put(shown, x: body.x, y: body.y, style: look, clip: body)
        if !url.isEmpty {
            frame.link(url, in: Rect(x: body.x, y: body.y, width: min(used, body.width), height: 1))
        }
        if showsURL, used < body.width {
            let rest = Rect(x: body.x + used, y: body.y, width: body.width - used, height: 1)
            frame.put(" <" + TextLayout.truncate(url, to: max(0, rest.width - 3)) + ">", x: rest.x, y: rest.y, style: .muted, clip: rest)
        }
    }

    override func handle(_ key: Key, _ context: EventContext) -> [Action]? {
        LinkNode.keys.action(for: key) == .activate ? [select] : nil
    }

    override func click(x: Int, y: Int, _ context: EventContext) -> [Action]? { [select] }

    private var select: Action { .call(anchor: anchor, handler: "onSelect", [.component(anchor)]) }

    func describe(_ context: SemanticsContext) -> Semantics {
        Semantics(role: "link", label: title, value: url)
    }
}

extension LinkNode: Component {
    static let kind = Kind("link")
    static let summary = """
        A link: its title underlined in the accent colour, an OSC 8 hyperlink in a terminal with colours, \
        `Title <url>` in plain text. Enter, Space or a click call onSelect; the host opens nothing.
        """
    static let constructorSummary = "A link: `ui.link { title = \"Docs\", url = \"https://…\" }`."
    enum Fields {
        static let title = Field.string("title", default: "", doc: "the text shown; the URL when empty")
        static let url = Field.string("url", default: "", doc: "where it points")
        static let style = Field.style(over: LinkNode.look, doc: "colours and attributes of the title, over the accent and underline; `underline = false` takes the underline off")
    }
    static let fields: [FieldSpec] = [
        Fields.title.spec, Fields.url.spec, Fields.style.spec,
        .handler("onSelect", "fun(link: ui.Link)", doc: "called on Enter, Space or a click"),
    ]
    static let keys = [KeySpec([.enter, .space], "Follow: calls onSelect", .activate)]

    static func node(_ source: NodeSource) -> any SemanticNode { LinkNode(id: source.id, anchor: source.anchor, source.field) }
}
