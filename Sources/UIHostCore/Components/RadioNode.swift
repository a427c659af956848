/// `ui.radio`: one row per choice, `(•) A` for the chosen one and `( ) B` for
/// the others (`(*)` in ASCII). Up/Down move a cursor over the rows (the focus
/// mark follows it) and leave the group at its ends; Space, Enter or a click
/// chooses: `selected` is written back, then `onChange(item, index)`.
final class RadioNode: Node, SemanticNode {
    let items: [Popup.Row]
    let selected: Int

    init(id: UnsafeRawPointer, anchor: Int32, _ field: FieldReader) {
        items = field.items(RowFields.items.array).map(\.row)
        selected = min(field[Fields.selected], max(items.count, 1))
        if !items.isEmpty { field.writeDefault(Fields.selected) }
        super.init(id: id, anchor: anchor)
    }

    override var isFocusable: Bool { !items.isEmpty }
    override func measureRows(width: Int) -> Int { items.count }
    override func naturalColumns() -> Int {
        Gutter.width + 4 + (items.map { DisplayWidth.of($0.title) + ($0.icon.map { DisplayWidth.of($0) + 1 } ?? 0) }.max() ?? 0)
    }

    /// The row the cursor is on: the chosen one until Up or Down moved it.
    private func cursor(_ state: InteractionState) -> Int {
        min(max(state[RadioCursor.self, id] ?? selected, 1), max(items.count, 1))
    }

    override func render(into frame: inout FrameBuffer, _ context: RenderContext) {
        guard !rect.isEmpty else { return }
        let focused = context.isFocused(self)
        let at = cursor(context.state)
        for (i, item) in items.prefix(rect.height).enumerated() {
            let y = rect.y + i
            Gutter.draw(focused: focused && i + 1 == at, x: rect.x, y: y, into: &frame, context, clip: rect)
            let body = Rect(x: rect.x + Gutter.width, y: y, width: max(0, rect.width - Gutter.width), height: 1)
            let mark = i + 1 == selected ? context.glyphs.radioOn : context.glyphs.radioOff
            let title = item.icon.map { $0 + " " + item.title } ?? item.title
            let text = mark + " " + TextLayout.truncate(title, to: max(0, body.width - 4))
            frame.put(text, x: body.x, y: y, style: focused && i + 1 == at ? .focused : .plain, clip: body)
        }
    }

    override func handle(_ key: Key, _ context: EventContext) -> [Action]? {
        let at = cursor(context.state)
        switch RadioNode.keys.action(for: key) {
        case .move(let step):
            // Past either end the key goes on to the host: focus leaves the group.
            let target = at + step
            return items.indices.contains(target - 1) ? [.set(RadioCursor.self, id, target)] : nil
        case .first: return [.set(RadioCursor.self, id, 1)]
        case .last: return [.set(RadioCursor.self, id, items.count)]
        case .activate: return choose(at)
        default: return nil
        }
    }

    override func click(x: Int, y: Int, _ context: EventContext) -> [Action]? {
        let row = y - rect.y + 1
        guard items.indices.contains(row - 1) else { return nil }
        return [.set(RadioCursor.self, id, row)] + choose(row)
    }

    private func choose(_ index: Int) -> [Action] {
        Action.choose(anchor: anchor, index: index, field: "selected", handler: "onChange")
    }

    /// A value a `--watch` reload gave back: the handler the user's change runs.
    override func restored(_ field: String, _ value: KeptState.Value) -> [Action] {
        guard field == "selected", case .integer(let index) = value else { return [] }
        return [.callItem(anchor: anchor, items: "items", index: index, handler: "onChange", dispatch: .componentOnly)]
    }

    /// The chosen item as its value, an option per item.
    func describe(_ context: SemanticsContext) -> Semantics {
        Semantics(role: "radio", label: Semantics.count(items.count, "option"),
                  value: Semantics.title(items, selected), children: Semantics.options(items, selected: selected))
    }
}

extension RadioNode: Component {
    static let kind = Kind("radio")
    static let fixedHeight = true
    static let summary = """
        A group of choices, one row each: `(•) chosen`, `( ) other`. Up/Down move the cursor, Space or \
        Enter chooses.
        """
    enum Fields {
        static let selected = Field.index("selected", counting: .items,
                                          doc: "the chosen row; the constructor writes the default, and a choice is written back before `onChange`")
    }
    static let fields: [FieldSpec] = [
        FieldSpec(name: "items", type: .items(PickerNode.itemClass.schema),
                  defaultValue: .value(.emptyTable), luaType: "(ui.PickerItem|string)[]",
                  docsType: "array of strings or `{ id =, title = }` tables",
                  doc: "the choices, one row each; a string is an item with that title"),
        Fields.selected.spec,
        .handler("onChange", "fun(item: ui.PickerItem|string, index: integer)",
                 doc: "`onChange(item, index)`: Space, Enter or a click chose a row"),
    ]

    static var state: [any ComponentState.Type] { [RadioCursor.self] }
    static let keys: [KeySpec] = [
        KeySpec([.up], "Cursor to the previous choice (at the first, focus moves on)", .move(-1)),
        KeySpec([.down], "Cursor to the next choice (at the last, focus moves on)", .move(1)),
        KeySpec([.home], "Cursor to the first choice", .first),
        KeySpec([.end], "Cursor to the last choice", .last),
        KeySpec([.enter, .space], "Choose the choice under the cursor: calls onChange", .activate),
    ]

    static func node(_ source: NodeSource) -> any SemanticNode { RadioNode(id: source.id, anchor: source.anchor, source.field) }
}

/// The option (1-based) a radio group's cursor is on, which Up/Down move
/// before Space or Enter chooses it.
enum RadioCursor: ComponentState {
    typealias Value = Int
    static let keptAcrossReload = true
    static let belongsToItsNode = true
}
