/// `ui.checkbox`: `[x] title` or `[ ] title` (the same in ASCII), focusable
/// like a button. Enter, Space or a click toggles it: `checked` is written back
/// into the table, then `onChange(checked)` is called.
final class CheckboxNode: Node, SemanticNode {
    let title: String
    let checked: Bool

    init(id: UnsafeRawPointer, anchor: Int32, _ field: FieldReader) {
        title = field[Fields.title]
        checked = field[Fields.checked]
        super.init(id: id, anchor: anchor)
    }

    override var isFocusable: Bool { true }
    override func measureRows(width: Int) -> Int { 1 }
    override func naturalColumns() -> Int { Gutter.width + 4 + DisplayWidth.of(title) }

    override func render(into frame: inout FrameBuffer, _ context: RenderContext) {
        guard !rect.isEmpty else { return }
        let focused = context.isFocused(self)
        let body = Gutter.row(of: rect, focused: focused, into: &frame, context, centred: centresRow)
        let label = (checked ? "[x] " : "[ ] ") + TextLayout.truncate(title, to: max(0, body.width - 4))
        frame.put(label, x: body.x, y: body.y, style: focused ? .focused : .plain, clip: body)
    }

    override func handle(_ key: Key, _ context: EventContext) -> [Action]? {
        CheckboxNode.keys.action(for: key) == .toggle ? toggle : nil
    }

    override func click(x: Int, y: Int, _ context: EventContext) -> [Action]? { toggle }

    private var toggle: [Action] {
        [.setBoolean(anchor: anchor, field: "checked", !checked),
         .call(anchor: anchor, handler: "onChange", [.boolean(!checked)])]
    }

    /// A value a `--watch` reload gave back: the handler the user's change runs.
    override func restored(_ field: String, _ value: KeptState.Value) -> [Action] {
        guard field == "checked", case .boolean(let on) = value else { return [] }
        return [.call(anchor: anchor, handler: "onChange", [.boolean(on)])]
    }

    func describe(_ context: SemanticsContext) -> Semantics {
        Semantics(role: "checkbox", label: title, value: checked ? "checked" : "not checked")
    }
}

extension CheckboxNode: Component {
    static let kind = Kind("checkbox")
    static let summary = """
        A box that is ticked or not: `[x] title` / `[ ] title`. Enter, Space or a click toggles it while \
        it has focus.
        """
    enum Fields {
        static let title = Field.string("title", default: "", doc: "the label after the box")
        static let checked = Field.bool("checked", default: false,
                                        doc: "whether the box is ticked; a toggle is written back before `onChange`")
    }
    static let fields: [FieldSpec] = [
        Fields.title.spec, Fields.checked.spec,
        .handler("onChange", "fun(checked: boolean)", doc: "`onChange(checked)`: Enter, Space or a click toggled the box; `checked` is the new value"),
    ]
    static let keys = [KeySpec([.enter, .space], "Tick or untick: calls onChange", .toggle)]

    static func node(_ source: NodeSource) -> any SemanticNode { CheckboxNode(id: source.id, anchor: source.anchor, source.field) }
}
