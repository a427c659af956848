/// `ui.dropdown`, as the second article builds it. Closed: `title ▼`; open
/// (`expanded`): `title ▲` and the item list drawn over whatever is below,
/// dividers between items, `✓` before the selected one. Choosing writes
/// `selected` (the item's id) and `expanded`, then calls the item's `onSelect`
/// and the dropdown's.
final class DropdownNode: Node {
    let items: [(row: Popup.Row, id: ItemID)]
    let placeholder: String?
    let expanded: Bool
    /// 1-based index of the selected item, nil when none (a placeholder shows).
    let selectedIndex: Int?

    init(id: UnsafeRawPointer, anchor: Int32, _ field: FieldReader) {
        items = field.items("items")
        placeholder = field.string("placeholder")
        expanded = field.bool("expanded") ?? false
        if let chosen = field.id("selected") {
            selectedIndex = items.firstIndex { $0.id == chosen }.map { $0 + 1 }
        } else {
            selectedIndex = placeholder == nil && !items.isEmpty ? 1 : nil
            // The first item's id, written back so the table tells the truth.
            if let first = selectedIndex { field.setDefault("selected", id: items[first - 1].id) }
        }
        super.init(id: id, anchor: anchor)
    }

    override var isFocusable: Bool { !items.isEmpty }
    override func measure(width: Int) -> Int { 1 }

    private var title: String {
        guard let i = selectedIndex else { return placeholder ?? "" }
        let row = items[i - 1].row
        return row.icon.map { $0 + " " + row.title } ?? row.title
    }

    private var fieldWidth: Int {
        let widest = items.map { DisplayWidth.of($0.row.title) + ($0.row.icon.map { DisplayWidth.of($0) + 1 } ?? 0) }.max() ?? 0
        return max(widest, DisplayWidth.of(placeholder ?? "")) + 6
    }

    override func naturalWidth() -> Int { Gutter.width + fieldWidth }

    override func layout(in rect: Rect, _ context: LayoutContext) {
        self.rect = rect
        guard expanded, !rect.isEmpty, !items.isEmpty else { return }
        let state = context.state
        let popup = Popup(
            owner: self, rows: items.map(\.row), highlighted: state.highlight[id] ?? selectedIndex ?? 1,
            checked: selectedIndex, dividers: true,
            choose: { [anchor, id] index in
                [.highlight(id, nil),
                 .selectItemID(anchor: anchor, index: index),
                 .setBoolean(anchor: anchor, field: "expanded", false),
                 .callItem(anchor: anchor, items: "items", index: index, handler: "onSelect", dispatch: .itemThenComponent)]
            },
            cancel: [.highlight(id, nil), .setBoolean(anchor: anchor, field: "expanded", false)])
        popup.place(anchorRow: rect.y, x: rect.x + Gutter.width, minWidth: min(fieldWidth, rect.width - Gutter.width),
                    bounds: context.bounds, glyphs: context.glyphs)
        context.popups.append(popup)
    }

    override func render(into frame: inout FrameBuffer, _ context: RenderContext) {
        guard !rect.isEmpty else { return }
        let focused = context.isFocused(self)
        Gutter.draw(focused: focused, x: rect.x, y: rect.y, into: &frame, context, clip: rect)
        let body = rect.dropLeft(Gutter.width).row(0)
        let width = min(fieldWidth, body.width)
        let chevron = expanded ? context.glyphs.chevronUp : context.glyphs.chevronDown
        let text = TextLayout.fit(title, width: max(0, width - 2), align: .left) + " " + String(chevron)
        let style: Style = selectedIndex == nil ? .dim : .plain
        frame.put(text, x: body.x, y: body.y, style: focused ? style.union(.focused) : style, clip: body)
    }

    override func handle(_ key: Key, _ context: EventContext) -> [Action]? {
        guard key == .enter || key == .space else { return nil }
        return toggle
    }

    override func click(x: Int, y: Int, _ context: EventContext) -> [Action]? { toggle }

    private var toggle: [Action] {
        [.highlight(id, selectedIndex ?? 1), .setBoolean(anchor: anchor, field: "expanded", !expanded)]
    }
}

extension DropdownNode: Component {
    static let kind = Kind("dropdown")
    static let summary = """
        A dropdown: `title ▼` closed; open (`expanded`), `title ▲` and its items drawn over what lies \
        below, `✓` before the selected one. Choosing sets `selected`, closes it, then calls the item's \
        onSelect and the dropdown's. Esc or a click outside closes it.
        """
    static let fields: [FieldSpec] = [
        FieldSpec(name: "items", type: .items(ItemSchema(
                      fields: ["id": .stringOrNumber, "title": .string, "icon": .string, "onSelect": .function],
                      required: ["title"])),
                  defaultValue: .value(.emptyTable), luaType: "(ui.DropdownItem|string)[]",
                  docsType: "array of item tables or strings", doc: "The choices; a string is an item with that title."),
        FieldSpec(name: "selected", type: .stringOrNumber,
                  defaultValue: .described("the first item's id (none when `placeholder` is set)"),
                  writtenDefault: .firstItemID(unless: "placeholder"),
                  doc: "The chosen item's id (its index when it has none), set by the host on a choice; unset, the first item shows, or the placeholder."),
        .string("placeholder", doc: "Shown dimmed while nothing is chosen; with one, nothing is chosen at start."),
        .bool("expanded", default: false, doc: "Whether the item list is open (default false); written back by the host."),
        .handler("onSelect", "fun(item: ui.DropdownItem|string)",
                 doc: "Called when an item is chosen, after the item's own onSelect."),
    ] + FieldSpec.focusFields

    static func node(_ source: NodeSource) -> Node { DropdownNode(id: source.id, anchor: source.anchor, source.field) }
}
