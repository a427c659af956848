/// `ui.tag`: a chip that is chosen or not, such as a filter: ` ✓ rust ` in a
/// pill of its colour when chosen, ` + rust ` dim when not, so the two states
/// differ in shape, not only in colour. Focusable like a button: Enter, Space
/// or a click flips it, `selected` is written back, then `onChange(selected)`.
final class TagNode: Node, SemanticNode {
    let text: String
    let selected: Bool
    let color: ThemeToken

    init(id: UnsafeRawPointer, anchor: Int32, _ field: FieldReader) {
        text = field[Fields.text]
        selected = field[Fields.selected]
        color = field[Fields.color]
        super.init(id: id, anchor: anchor)
    }

    override var isFocusable: Bool { true }
    override func measureRows(width: Int) -> Int { 1 }
    // A space each side of the mark, its space, the text.
    override func naturalColumns() -> Int { Gutter.width + 4 + DisplayWidth.of(text) }

    override func render(into frame: inout FrameBuffer, _ context: RenderContext) {
        guard !rect.isEmpty else { return }
        let focused = context.isFocused(self)
        let body = Gutter.row(of: rect, focused: focused, into: &frame, context, centred: centresRow)
        let mark = selected ? String(context.glyphs.check) : "+"
        let pill = " " + TextLayout.truncate(mark + " " + text, to: max(0, body.width - 2)) + " "
        let look = selected ? Style(fg: .token(color), attributes: [.reverse, .bold]) : .muted
        frame.put(pill, x: body.x, y: body.y, style: look.union(focused ? .focused : .plain), clip: body)
    }

    override func handle(_ key: Key, _ context: EventContext) -> [Action]? {
        TagNode.keys.action(for: key) == .toggle ? flip : nil
    }

    override func click(x: Int, y: Int, _ context: EventContext) -> [Action]? { flip }

    private var flip: [Action] {
        [.setBoolean(anchor: anchor, field: "selected", !selected),
         .call(anchor: anchor, handler: "onChange", [.boolean(!selected)])]
    }

    func describe(_ context: SemanticsContext) -> Semantics {
        Semantics(role: "tag", label: text, value: selected ? "selected" : "not selected")
    }
}

extension TagNode: Component {
    static let kind = Kind("tag")
    static let summary = """
        A chip that is chosen or not, such as a filter: ` ✓ rust ` in its colour when chosen, ` + rust ` dim \
        when not. Enter, Space or a click flips it while it has focus.
        """
    enum Fields {
        static let text = Field.string("text", default: "", doc: "the words on the chip")
        static let selected = Field.bool("selected", default: false, doc: "whether it is chosen; a flip is written back before `onChange`")
        static let color = Field.choice("color", [ThemeToken.accent, .success, .warning, .error].map(\.name),
                                        alias: "\"accent\"|\"success\"|\"warning\"|\"error\"",
                                        doc: "the theme colour of the pill while chosen", as: ThemeToken.init(name:))
    }
    static let fields: [FieldSpec] = [
        Fields.text.spec, Fields.selected.spec, Fields.color.spec,
        .handler("onChange", "fun(selected: boolean)", doc: "`onChange(selected)`: Enter, Space or a click flipped it; `selected` is the new value"),
    ]
    static let shorthand = Shorthand.string(field: "text")
    static let keys = [KeySpec([.enter, .space], "Choose or unchoose: calls onChange", .toggle)]

    static func node(_ source: NodeSource) -> any SemanticNode { TagNode(id: source.id, anchor: source.anchor, source.field) }
}
