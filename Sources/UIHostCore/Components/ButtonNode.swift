/// `ui.button`: `[ Title ]`, activated by Enter, Space or a click.
final class ButtonNode: Node, SemanticNode {
    let title: String
    let disabled: Bool
    let destructive: Bool
    let style: Style
    /// Where `[ title ]` sits in a wider place.
    let align: CrossAlignment

    init(id: UnsafeRawPointer, anchor: Int32, _ field: FieldReader) {
        title = field[Fields.title]
        disabled = field[Fields.disabled]
        destructive = field[Fields.destructive]
        style = field[Fields.style]
        // Read only once a script used a layout field (`align` is one).
        align = field.reader.readsSizes ? field[Fields.align] : .start
        super.init(id: id, anchor: anchor)
    }

    override var isFocusable: Bool { !disabled }
    override var isDestructive: Bool { destructive }
    override func measureRows(width: Int) -> Int { 1 }
    override func naturalColumns() -> Int { Gutter.width + 4 + DisplayWidth.of(title) }

    override func render(into frame: inout FrameBuffer, _ context: RenderContext) {
        guard !rect.isEmpty else { return }
        let focused = context.isFocused(self)
        let body = Gutter.row(of: rect, focused: focused, into: &frame, context, centred: centresRow)
        let label = Gutter.bracketed(title, width: body.width)
        let state: Style = disabled ? .dim : (focused ? .focused : .plain)
        let x = body.x + align.offset(DisplayWidth.of(label), in: body.width)
        frame.put(label, x: x, y: body.y, style: style.union(state), clip: body)
    }

    override func handle(_ key: Key, _ context: EventContext) -> [Action]? {
        ButtonNode.keys.action(for: key) == .activate ? [select] : nil
    }

    override func click(x: Int, y: Int, _ context: EventContext) -> [Action]? {
        disabled ? nil : [select]
    }

    private var select: Action { .call(anchor: anchor, handler: "onSelect", [.component(anchor)]) }

    func describe(_ context: SemanticsContext) -> Semantics {
        var s = Semantics(role: "button", label: title)
        s.disabled = disabled
        return s
    }
}

extension ButtonNode: Component {
    static let kind = Kind("button")
    static let summary = """
        A button drawn as `[ title ]`.
        """
    enum Fields {
        static let title = Field.string("title", default: "", doc: "the label")
        static let disabled = Field.bool("disabled", default: false, doc: "drawn dim, skipped by Tab and focus moves, deaf to clicks")
        static let destructive = Field.bool("destructive", default: false,
                                            doc: "never focused by default: initial focus skips it (a Delete button)")
        static let style = Field.style(doc: "colours and attributes of the label; focus and `disabled` still show over it")
        static let align = Field<CrossAlignment>.choice(
            "align", alias: "ui.StackAlign",
            doc: "where `[ title ]` sits in a wider place (a grid's cell, a `width`); given more rows than one, it takes the middle row")
    }
    static let fields: [FieldSpec] = [
        Fields.title.spec, Fields.disabled.spec, Fields.destructive.spec, Fields.style.spec, Fields.align.spec,
        .handler("onSelect", "fun(button: ui.Button)", doc: "`onSelect(button)`: Enter, Space or a click"),
    ]
    static let keys = [KeySpec([.enter, .space], "Press: calls onSelect", .activate)]

    static func node(_ source: NodeSource) -> any SemanticNode { ButtonNode(id: source.id, anchor: source.anchor, source.field) }
}

/// The two columns at the left of a focusable component where `›` marks focus.
enum Gutter {
    static let width = 2

    static func draw(focused: Bool, x: Int, y: Int, into frame: inout FrameBuffer, _ context: RenderContext, clip: Rect) {
        frame.put(focused ? String(context.glyphs.focus) + " " : "  ", x: x, y: y, style: focused ? .focusMark : .plain, clip: clip)
    }

    /// A one-row control (button, checkbox, switch, link, a dialog's button):
    /// the gutter on the first row of `rect`, and that row past it for the body.
    /// `centred`: the middle row of a taller rect (`Node.centresRow`).
    static func row(of rect: Rect, focused: Bool, into frame: inout FrameBuffer, _ context: RenderContext,
                    centred: Bool = false) -> Rect {
        let dy = centred ? max(0, rect.height - 1) / 2 : 0
        draw(focused: focused, x: rect.x, y: rect.y + dy, into: &frame, context, clip: rect)
        return rect.dropLeft(width).row(dy)
    }

    /// `[ title ]`, the title cut to fit `width` columns.
    static func bracketed(_ title: String, width: Int) -> String {
        "[ " + TextLayout.truncate(title, to: max(0, width - 4)) + " ]"
    }
}
