/// `ui.picker`. `style = "menu"`: `label: value ▼`; Enter opens a popup list
/// over the content, Enter confirms and calls `onChange(item, index)`, Esc
/// cancels. `style = "wheel"`: seven rows, the selection centred between rules
/// with two neighbours each side (one when given five rows); Up/Down spin and
/// select at once; no wrap-around.
///
/// With a data source (`count` and `item(i)`) only the items shown are read,
/// in `prepare`: the chosen one (the wheel's and its neighbours), and the open popup's window.
final class PickerNode: Node, SemanticNode {
    let label: String
    /// The items of an `items` array (empty with a data source).
    let items: [Popup.Row]
    let source: RowSource
    let count: Int
    let selected: Int
    let isWheel: Bool
    /// With a data source: what the last drawing read, and the open popup to fill.
    private var loaded = LoadedItems()
    private weak var popup: Popup?

    init(id: UnsafeRawPointer, anchor: Int32, _ field: FieldReader) {
        label = field[Fields.label]
        source = field.hasDataSource ? field.rowSource(.items) : .empty
        items = source.isFunction ? [] : field.items(RowFields.items.array).map(\.row)
        count = source.isFunction ? source.count : items.count
        selected = min(field[Fields.selected], max(count, 1))
        if count > 0 { field.writeDefault(Fields.selected) }
        isWheel = field[Fields.style] == "wheel"
        super.init(id: id, anchor: anchor)
    }

    /// Item `i` (1-based), when it is held.
    private func item(_ i: Int) -> Popup.Row? {
        source.isFunction ? loaded[i] : items.indices.contains(i - 1) ? items[i - 1] : nil
    }

    override var needsPreparing: Bool { source.isFunction }

    override func prepare(_ reader: TreeReader) {
        guard count > 0 else { return }
        let range = isWheel ? max(1, selected - 2)...min(count, selected + 2) : selected...selected
        loaded.load(range, popup: popup, anchor: anchor, source, reader, name: "ui.picker")
    }

    override var isFocusable: Bool { count > 0 }
    override var placesPopups: Bool { true }
    private var labelRows: Int { label.isEmpty ? 0 : 1 }
    override func measureRows(width: Int) -> Int { isWheel ? labelRows + PickerNode.wheelRows : 1 }

    /// Rows of a wheel given room: two neighbours, rule, the choice, rule, two neighbours.
    static let wheelRows = 7

    /// How many neighbours each side the wheel shows in its rect: two, or one
    /// when the frame gives it fewer than seven rows.
    private var neighbours: Int { rect.height - labelRows >= PickerNode.wheelRows ? 2 : 1 }

    var value: String {
        guard let item = item(selected) else { return "" }
        return item.icon.map { $0 + " " + item.title } ?? item.title
    }

    private var widestItem: Int {
        // A data source is not read to measure: its items get a fixed width.
        if source.isFunction { return Popup.sourceWidth - 8 }
        return items.map { DisplayWidth.of($0.title) + ($0.icon.map { DisplayWidth.of($0) + 1 } ?? 0) }.max() ?? 0
    }

    override func naturalColumns() -> Int {
        isWheel ? Gutter.width + max(wheelWidth, DisplayWidth.of(label))
            : Gutter.width + DisplayWidth.of(label) + 2 + widestItem + 2
    }

    override func layout(in rect: Rect, _ context: LayoutContext) {
        self.rect = rect
        guard !isWheel, context.state.openMenu == id, !rect.isEmpty else { return }
        let state = context.state
        let popup = Popup(
            owner: self, rows: items, count: count, highlighted: state[MenuHighlight.self, id] ?? selected, checked: selected, dividers: false,
            choose: { [anchor, id, selected] index in
                // Confirming the item already chosen changes nothing, so calls nothing.
                [.closeMenu(id)] + (index == selected ? [] : Action.choose(anchor: anchor, index: index, field: "selected", handler: "onChange"))
            },
            cancel: [.closeMenu(id)])
        popup.place(anchorRow: rect.y, x: rect.x + Gutter.width, minWidth: min(rect.width - Gutter.width, naturalWidth() - Gutter.width),
                    bounds: context.bounds, glyphs: context.glyphs)
        context.popups.append(popup)
        self.popup = popup
    }

    override func render(into frame: inout FrameBuffer, _ context: RenderContext) {
        guard !rect.isEmpty else { return }
        let focused = context.isFocused(self)
        if !isWheel {
            Gutter.draw(focused: focused, x: rect.x, y: rect.y, into: &frame, context, clip: rect)
            let open = context.state.openMenu == id
            let chevron = open ? context.glyphs.chevronUp : context.glyphs.chevronDown
            let body = rect.dropLeft(Gutter.width).row(0)
            let prefix = label.isEmpty ? "" : label + ": "
            let text = TextLayout.truncate(prefix + value, to: max(0, body.width - 2)) + " " + String(chevron)
            frame.put(text, x: body.x, y: body.y, style: focused ? .focused : .plain, clip: body)
            return
        }
        var y = rect.y
        if labelRows > 0 {
            frame.put(TextLayout.truncate(label, to: rect.width), x: rect.x, y: y, style: .bold, clip: rect)
            y += 1
        }
        let body = rect.dropLeft(Gutter.width)
        let width = min(body.width, wheelWidth)
        // i-n … i-1, rule, i, rule, i+1 … i+n
        let n = neighbours
        for offset in -n...n {
            let dy = n + offset + (offset < 0 ? 0 : offset == 0 ? 1 : 2)
            guard let item = item(selected + offset) else { continue }
            let text = item.icon.map { $0 + " " + item.title } ?? item.title
            let shown = TextLayout.fit(text, width: width, align: .center)
            frame.put(shown, x: body.x, y: y + dy, style: offset == 0 ? (focused ? .focused : .bold) : .dim, clip: body)
        }
        for dy in [n, n + 2] {
            frame.fill(Rect(x: body.x, y: y + dy, width: width, height: 1).intersection(rect), with: context.glyphs.horizontal, style: .border)
        }
        Gutter.draw(focused: focused, x: rect.x, y: y + n + 1, into: &frame, context, clip: rect)
    }

    override func handle(_ key: Key, _ context: EventContext) -> [Action]? {
        switch PickerNode.keys.action(for: key) {
        case .open where !isWheel: return [open]
        case .move(let step) where isWheel: return spin(to: selected + step)
        case .page(let pages) where isWheel: return spin(to: selected + pages * PickerNode.wheelPage)
        case .first where isWheel: return spin(to: 1)
        case .last where isWheel: return spin(to: count)
        default: return nil
        }
    }

    /// Items a wheel spins by on PageUp/PageDown.
    static let wheelPage = 3

    override func click(x: Int, y: Int, _ context: EventContext) -> [Action]? {
        if !isWheel { return [open] }
        // A click on a neighbour row spins to it.
        let row = y - rect.y - labelRows
        let n = neighbours
        if row < n { return spin(to: selected - (n - row)) }
        if row > n + 2 { return spin(to: selected + (row - n - 2)) }
        return []
    }

    override func scroll(_ amount: Int, _ context: EventContext) -> [Action]? {
        isWheel ? spin(to: selected + amount) : nil
    }

    /// The wheel's column: the widest item plus 4, at least 12.
    private var wheelWidth: Int { max(widestItem + 4, 12) }

    private var open: Action { .openMenu(id, highlighted: selected) }

    private func spin(to index: Int) -> [Action] {
        let target = min(max(index, 1), max(count, 1))
        guard target != selected else { return [] }
        return Action.choose(anchor: anchor, index: target, field: "selected", handler: "onChange")
    }

    /// A value a `--watch` reload gave back: the handler the user's change runs.
    override func restored(_ field: String, _ value: KeptState.Value) -> [Action] {
        guard field == "selected", case .integer(let index) = value else { return [] }
        return [.callItem(anchor: anchor, items: "items", index: index, handler: "onChange", dispatch: .componentOnly)]
    }

    /// The chosen item as its value, an option per item (none with a data
    /// source); a menu is collapsed until its popup opens.
    func describe(_ context: SemanticsContext) -> Semantics {
        var s = Semantics(role: "picker", label: label, value: value, children: Semantics.options(items, selected: selected))
        if !isWheel { s.expanded = false }
        return s
    }
}

extension PickerNode: Component {
    static let kind = Kind("picker")
    static let fixedHeight = true
    static let summary = """
        A choice among items: a menu (`label: value ▼` and a popup list) or a wheel.
        """
    /// A picker's or a radio group's item table.
    static let itemClass = ItemClass(
        luaClass: "ui.PickerItem", summary: "An item of a `ui.picker` or a `ui.radio`. Other fields are the script's own data.",
        fields: [ChoiceItemFields.id.spec, ChoiceItemFields.title.spec, ChoiceItemFields.icon.spec], required: ["title"])
    static let itemClasses = [itemClass]

    enum Fields {
        static let label = Field.string("label", default: "", doc: "`label: ` before the value (menu); the heading row (wheel)")
        static let selected = Field.index("selected", counting: .items,
                                          doc: "the **index** of the chosen item; the constructor writes the default into the table, and a change is written back before `onChange`")
        static let style = Field.choice("style", ["menu", "wheel"], alias: "ui.PickerStyle", doc: "menu or [wheel](#uipicker-style--wheel)")
    }
    static let fields: [FieldSpec] = [
        Fields.label.spec,
        FieldSpec(name: "items", type: .items(itemClass.schema),
                  defaultValue: .value(.emptyTable), luaType: "(ui.PickerItem|string)[]",
                  docsType: "array of strings or `{ id =, title = }` tables",
                  doc: "the choices; `title` is required in a table; `icon` is drawn before the title when given"),
        .count(of: "items", noun: "item"),
        .rowFunction("item", "fun(index: integer): ui.PickerItem|string", noun: "item", returns: "a table or a string"),
        Fields.selected.spec,
        Fields.style.spec,
        .handler("onChange", "fun(item: ui.PickerItem|string, index: integer)",
                 doc: "`onChange(item, index)`: the choice changed; `item` is `items[index]` (a table, or the string)"),
    ]

    /// A menu opens its popup (whose keys are `Popup.keys`); a wheel spins.
    static var state: [any ComponentState.Type] { [MenuHighlight.self] }
    static let keys: [KeySpec] = [
        KeySpec([.enter, .space], "Menu: open the list (Up/Down, Enter chooses, Esc cancels)", .open),
        KeySpec([.up], "Wheel: previous item, chosen at once: calls onChange", .move(-1)),
        KeySpec([.down], "Wheel: next item, chosen at once: calls onChange", .move(1)),
        KeySpec([.pageUp], "Wheel: three items back", .page(-1)),
        KeySpec([.pageDown], "Wheel: three items on", .page(1)),
        KeySpec([.home], "Wheel: first item", .first),
        KeySpec([.end], "Wheel: last item", .last),
    ]

    static func node(_ source: NodeSource) -> any SemanticNode { PickerNode(id: source.id, anchor: source.anchor, source.field) }
}
