/// `ui.switch`: an on/off toggle, `[━●] title` when on and `[○━] title` when
/// off (`[ on]` / `[off]` in ASCII), so that the two states differ in shape,
/// not only in colour. Enter, Space or a click flips it: `on` is written back
/// into the table, then `onChange(on)` is called.
final class SwitchNode: Node, SemanticNode {
    let title: String
    let on: Bool

    init(id: UnsafeRawPointer, anchor: Int32, _ field: FieldReader) {
        title = field[Fields.title]
        on = field[Fields.on]
        super.init(id: id, anchor: anchor)
    }

    override var isFocusable: Bool { true }
    override func measureRows(width: Int) -> Int { 1 }
    override func naturalColumns() -> Int { Gutter.width + 5 + DisplayWidth.of(title) }

    override func render(into frame: inout FrameBuffer, _ context: RenderContext) {
        guard !rect.isEmpty else { return }
        let focused = context.isFocused(self)
        let body = Gutter.row(of: rect, focused: focused, into: &frame, context, centred: centresRow)
        let mark = on ? context.glyphs.switchOn : context.glyphs.switchOff
        let x = body.x + frame.put(mark, x: body.x, y: body.y, style: on ? .accent : .dim, clip: body)
        let label = " " + TextLayout.truncate(title, to: max(0, body.maxX - x - 1))
        frame.put(label, x: x, y: body.y, style: focused ? .focused : .plain, clip: body)
    }

    override func handle(_ key: Key, _ context: EventContext) -> [Action]? {
        SwitchNode.keys.action(for: key) == .toggle ? flip : nil
    }

    override func click(x: Int, y: Int, _ context: EventContext) -> [Action]? { flip }

    private var flip: [Action] {
        [.setBoolean(anchor: anchor, field: "on", !on),
         .call(anchor: anchor, handler: "onChange", [.boolean(!on)])]
    }

    /// A value a `--watch` reload gave back: the handler the user's change runs.
    override func restored(_ field: String, _ value: KeptState.Value) -> [Action] {
        guard field == "on", case .boolean(let on) = value else { return [] }
        return [.call(anchor: anchor, handler: "onChange", [.boolean(on)])]
    }

    func describe(_ context: SemanticsContext) -> Semantics {
        Semantics(role: "switch", label: title, value: on ? "on" : "off")
    }
}

extension SwitchNode: Component {
    static let kind = Kind("switch")
    static let summary = """
        An on/off switch: `[━●] title` when on, `[○━] title` when off. Enter, Space or a click flips it \
        while it has focus.
        """
    enum Fields {
        static let title = Field.string("title", default: "", doc: "the label after the switch")
        static let on = Field.bool("on", default: false, doc: "whether it is on; a flip is written back before `onChange`")
    }
    static let fields: [FieldSpec] = [
        Fields.title.spec, Fields.on.spec,
        .handler("onChange", "fun(on: boolean)", doc: "`onChange(on)`: Enter, Space or a click flipped it; `on` is the new value"),
    ]
    static let keys = [KeySpec([.enter, .space], "Flip: calls onChange", .toggle)]

    static func node(_ source: NodeSource) -> any SemanticNode { SwitchNode(id: source.id, anchor: source.anchor, source.field) }
}
