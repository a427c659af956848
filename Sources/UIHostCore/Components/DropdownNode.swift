/// `ui.dropdown`, as the second article builds it. Closed: `label: title ▼`; open
/// (`expanded`): `title ▲` and the item list drawn over whatever is below,
/// dividers between items, `✓` before the selected one. Choosing writes
/// `selected` (the item's id) and `expanded`, then calls the item's `onSelect`
/// and the dropdown's.
///
/// With a data source (`count` and `item(i)`) only the items shown are read,
/// in `prepare`, and `selected` is the chosen item's index, not its id:
/// finding an id among 10^6 items would call `item(i)` for each.
final class DropdownNode: Node, SemanticNode {
    /// The items of an `items` array (empty with a data source).
    let items: [(row: Popup.Row, id: ItemID)]
    let source: RowSource
    let count: Int
    /// `label: ` before the field, as a menu picker's.
    let label: String
    let placeholder: String?
    let expanded: Bool
    /// 1-based index of the selected item, nil when none (a placeholder shows).
    let selectedIndex: Int?
    /// With a data source: what the last drawing read, and the open popup to fill.
    private var loaded = LoadedItems()
    private weak var popup: Popup?

    init(id: UnsafeRawPointer, anchor: Int32, _ field: FieldReader) {
        source = field.hasDataSource ? field.rowSource(.items) : .empty
        items = source.isFunction ? [] : field.items(RowFields.items.array)
        count = source.isFunction ? source.count : items.count
        label = field[Fields.label]
        placeholder = field[Fields.placeholder]
        expanded = field[Fields.expanded]
        // `selected` is an index with a data source, an item's id with items.
        let selected = Fields.selected.key
        if source.isFunction {
            let chosen = field.int(selected), n = source.count
            if let chosen {
                selectedIndex = chosen >= 1 && chosen <= n ? chosen : nil
            } else {
                selectedIndex = placeholder == nil && n > 0 ? 1 : nil
            }
            if selectedIndex == 1, chosen == nil { field.setDefault(selected, integer: 1) }
        } else if let chosen = field[Fields.selected] {
            selectedIndex = items.firstIndex { $0.id == chosen }.map { $0 + 1 }
        } else {
            selectedIndex = placeholder == nil && !items.isEmpty ? 1 : nil
            // The first item's id, written back so the table tells the truth.
            if let first = selectedIndex { field.setDefault(selected, id: items[first - 1].id) }
        }
        super.init(id: id, anchor: anchor)
    }

    override var isFocusable: Bool { count > 0 }
    override var placesPopups: Bool { true }
    override func measureRows(width: Int) -> Int { 1 }

    override var needsPreparing: Bool { source.isFunction }

    override func prepare(_ reader: TreeReader) {
        loaded.load(selectedIndex.map { $0...$0 }, popup: popup, anchor: anchor, source, reader, name: "ui.dropdown")
    }

    /// The chosen item's title (with its icon), nil when none is chosen.
    var value: String? {
        guard let i = selectedIndex else { return nil }
        guard let row = source.isFunction ? loaded[i] : items[i - 1].row else { return "" }
        return row.icon.map { $0 + " " + row.title } ?? row.title
    }

    private var title: String { value ?? placeholder ?? "" }

    private var fieldWidth: Int {
        // A data source is not read to measure: its items get a fixed width.
        if source.isFunction { return max(Popup.sourceWidth - 8, DisplayWidth.of(placeholder ?? "")) + 6 }
        let widest = items.map { DisplayWidth.of($0.row.title) + ($0.row.icon.map { DisplayWidth.of($0) + 1 } ?? 0) }.max() ?? 0
        return max(widest, DisplayWidth.of(placeholder ?? "")) + 6
    }

    /// The columns of `label: ` (none without a label).
    private var labelWidth: Int { label.isEmpty ? 0 : DisplayWidth.of(label) + 2 }

    override func naturalColumns() -> Int { Gutter.width + labelWidth + fieldWidth }

    override func layout(in rect: Rect, _ context: LayoutContext) {
        self.rect = rect
        guard expanded, !rect.isEmpty, count > 0 else { return }
        let state = context.state
        let popup = Popup(
            owner: self, rows: items.map(\.row), count: count, highlighted: state[MenuHighlight.self, id] ?? selectedIndex ?? 1,
            checked: selectedIndex, dividers: true,
            choose: { [anchor, id] index in
                [.set(MenuHighlight.self, id, nil),
                 .effect(ChooseItem(anchor: anchor, index: index)),
                 .setBoolean(anchor: anchor, field: "expanded", false),
                 .callItem(anchor: anchor, items: "items", index: index, handler: "onSelect", dispatch: .itemThenComponent)]
            },
            cancel: [.set(MenuHighlight.self, id, nil), .setBoolean(anchor: anchor, field: "expanded", false)])
        // Under the field, after the label, as far as the frame allows.
        let x = rect.x + Gutter.width + min(labelWidth, max(0, rect.width - Gutter.width - fieldWidth))
        popup.place(anchorRow: rect.y, x: x, minWidth: min(fieldWidth, rect.maxX - x),
                    bounds: context.bounds, glyphs: context.glyphs)
        context.popups.append(popup)
        self.popup = popup
    }

    override func render(into frame: inout FrameBuffer, _ context: RenderContext) {
        guard !rect.isEmpty else { return }
        let focused = context.isFocused(self)
        Gutter.draw(focused: focused, x: rect.x, y: rect.y, into: &frame, context, clip: rect)
        var body = rect.dropLeft(Gutter.width).row(0)
        if !label.isEmpty {
            // The label gives way to the field when the row is narrow.
            let prefix = TextLayout.truncate(label + ": ", to: max(0, min(labelWidth, body.width - fieldWidth)))
            frame.put(prefix, x: body.x, y: body.y, style: focused ? .focused : .plain, clip: body)
            body = body.dropLeft(DisplayWidth.of(prefix))
        }
        let width = min(fieldWidth, body.width)
        let chevron = expanded ? context.glyphs.chevronUp : context.glyphs.chevronDown
        let text = TextLayout.fit(title, width: max(0, width - 2), align: .left) + " " + String(chevron)
        let style: Style = selectedIndex == nil ? .dim : .plain
        frame.put(text, x: body.x, y: body.y, style: focused ? style.union(.focused) : style, clip: body)
    }

    override func handle(_ key: Key, _ context: EventContext) -> [Action]? {
        DropdownNode.keys.action(for: key) == .open ? toggle : nil
    }

    override func click(x: Int, y: Int, _ context: EventContext) -> [Action]? { toggle }

    private var toggle: [Action] {
        [.set(MenuHighlight.self, id, selectedIndex ?? 1), .setBoolean(anchor: anchor, field: "expanded", !expanded)]
    }

    /// The chosen item as its value; its label, else while nothing is chosen
    /// the placeholder; an option per item (none with a data source).
    func describe(_ context: SemanticsContext) -> Semantics {
        let name = !label.isEmpty ? label : selectedIndex == nil ? placeholder ?? "" : ""
        var s = Semantics(role: "dropdown", label: name, value: value,
                          children: Semantics.options(items.map(\.row), selected: selectedIndex ?? 0))
        s.expanded = false
        return s
    }
}

extension DropdownNode: Component {
    static let kind = Kind("dropdown")
    static let fixedHeight = true
    static let summary = """
        A dropdown: `label: title ▼` closed; open (`expanded`), `title ▲` and its items drawn over what lies \
        below, `✓` before the selected one. Choosing sets `selected`, closes it, then calls the item's \
        onSelect and the dropdown's. Esc or a click outside closes it.
        """
    static let itemClass = ItemClass(
        luaClass: "ui.DropdownItem", summary: "An item of a `ui.dropdown`. Other fields are the script's own data.",
        fields: [
            ChoiceItemFields.id.spec.saying("what `selected` becomes when it is chosen"), ChoiceItemFields.title.spec,
            ChoiceItemFields.icon.spec,
            .handler("onSelect", "fun(item: ui.DropdownItem)",
                     doc: "`onSelect(item)`: this item was chosen; called **first**, then the dropdown's"),
        ],
        required: ["title"])
    static let itemClasses = [itemClass]

    enum Fields {
        static let label = Field.string("label", default: "", doc: "`label: ` before the field, as a menu picker's")
        /// Read by the node as an index or an id, as its rows come.
        static let selected = Field<ItemID?>(
            "selected", .stringOrNumber, default: .described("the first item's id (none when `placeholder` is set)"),
            writtenDefault: .firstItemID(unless: "placeholder"),
            doc: "the **id** of the chosen item (its index when it has no `id`); the constructor writes the default into the table, and a choice is written back"
        ) { $0.id($1) }
        static let placeholder = Field.string("placeholder", doc: "shown (dim) while nothing is chosen")
        static let expanded = Field.bool("expanded", default: false, doc: "whether the list is open; written back when it opens or closes")
    }
    static let fields: [FieldSpec] = [
        Fields.label.spec,
        FieldSpec(name: "items", type: .items(itemClass.schema),
                  defaultValue: .value(.emptyTable), luaType: "(ui.DropdownItem|string)[]",
                  docsType: "array of item tables or strings", doc: "the choices; a string is an item with that title"),
        .count(of: "items", noun: "item"),
        .rowFunction("item", "fun(index: integer): ui.DropdownItem|string", noun: "item", returns: "a table or a string"),
        Fields.selected.spec, Fields.placeholder.spec, Fields.expanded.spec,
        .handler("onSelect", "fun(item: ui.DropdownItem|string)",
                 doc: "`onSelect(item)`: an item was chosen, **after** the item's own `onSelect`"),
    ]

    /// Closed, it opens; open, its popup takes the keys (`Popup.keys`).
    static var state: [any ComponentState.Type] { [MenuHighlight.self] }
    static let keys = [KeySpec([.enter, .space], "Open the list (Up/Down, Enter chooses, Esc closes)", .open)]

    static func node(_ source: NodeSource) -> any SemanticNode { DropdownNode(id: source.id, anchor: source.anchor, source.field) }
}

extension DropdownNode {
    /// A choice: `selected` = the id of `items[index]`, or `index` when it has none.
    struct ChooseItem: KindEffect {
        let anchor: Int32
        let index: Int

        var readsEverythingAgain: Bool { false }

        func run(_ context: EffectContext) { context.dispatcher.selectItemID(anchor: anchor, index: index) }
    }
}

extension Dispatcher {
    /// `component.selected` = the id of `component.items[index]`, or `index`
    /// when it has none.
    fileprivate func selectItemID(anchor: Int32, index: Int) {
        let selected = DropdownNode.Fields.selected.key
        s.restoringTop {
            pushComponent(anchor)
            let component = s.top
            let item = component + 2                           // component, items, item
            if field(component, RowFields.items.array) == .table { s.rawGetIndex(at: -1, index) } else { s.pushNil() }
            reader.pushName(selected)
            if s.type(at: item) == .table, field(item, ChoiceItemFields.id.key) != .nil {
                s.rawSet(at: component)
            } else {
                s.restoringTop {
                    reader.pushName(selected)
                    s.pushInteger(index)
                    s.rawSet(at: component)
                }
            }
        }
        invalidation.wrote(anchor)
    }
}
