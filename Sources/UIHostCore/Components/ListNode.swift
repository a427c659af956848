import LuaBridge

/// `ui.list`: a navigation list or menu. Only the rows it shows are read from
/// Lua, so a key press costs the same on 10^6 items as on 100.
final class ListNode: Node, SemanticNode {
    struct Row {
        var title: String
        var subtitle: String?
        var icon: String?
        var disabled: Bool
        var style: Style = .plain
    }

    /// `items`, or a data source: `count` and `item(i)`.
    let source: RowSource
    var count: Int { source.count }
    /// 1-based, clamped to the items.
    let selected: Int
    private(set) var scroll = 0
    /// The rows shown, read by `prepare` after layout.
    private(set) var rows: [Row] = []

    /// Whether moving the cursor calls anyone: most lists have no `onHighlight`,
    /// and a call that finds none still costs a trip into Lua per key.
    let hasHighlightHandler: Bool

    init(id: UnsafeRawPointer, anchor: Int32, _ field: FieldReader) {
        let source = field.rowSource(.items)
        self.source = source
        hasHighlightHandler = field.has("onHighlight")
        selected = min(max(field.int("selected") ?? 1, 1), max(source.count, 1))
        if source.count > 0 { field.setDefault("selected", integer: 1) }
        super.init(id: id, anchor: anchor)
    }

    override var isFocusable: Bool { count > 0 }
    override var isFlexible: Bool { true }
    override var preferredFlexibleHeight: Int { count }
    override func measureRows(width: Int) -> Int { count }
    override func naturalWidth() -> Int { 24 }

    var visibleRows: Int { rect.height }

    override func layout(in rect: Rect, _ context: LayoutContext) {
        self.rect = rect
        let h = rect.height
        var s = context.state[ListScroll.self, id] ?? 0
        if selected - 1 < s { s = selected - 1 }
        if h > 0, selected - 1 >= s + h { s = selected - h }
        s = max(0, min(s, count - h))
        scroll = s
        context.state[ListScroll.self, id] = s
    }

    /// Reads items from+1 … of this list, raw from its array or from its
    /// `item(i)` (drawing, and `Host.semanticTree`).
    func loadRows(from start: Int, count n: Int, reader: TreeReader) -> [Row] {
        guard n > 0 else { return [] }
        let L = reader.L
        let s = LuaStack(L)
        reader.pushTable(anchor: anchor)
        let t = s.top
        reader.pushRowOrigin(of: t, source, .items)
        defer { s.top = t - 1 }
        let origin = s.top
        var result: [Row] = []
        result.reserveCapacity(n)
        let read = {
            for i in start..<(start + n) {
                result.append(self.row(reader.pushRow(from: origin, self.source, index: i + 1, name: "ui.list.item"), i + 1, reader))
                s.top = origin
            }
        }
        if source.isFunction { reader.withCalls(read) } else { read() }
        return result
    }

    /// The row of the item on top of the stack (item `index`).
    private func row(_ type: LuaType, _ index: Int, _ reader: TreeReader) -> Row {
        let L = reader.L
        let s = LuaStack(L)
        let place = source.isFunction ? "item(\(index))" : "items[\(index)]"
        if type == .string {
            return Row(title: reader.displayString(at: -1), disabled: false)
        } else if type == .table {
            let item = FieldReader(reader: reader, table: s.absolute(-1), kind: ListNode.kind, itemPath: place)
            let title = item.string("title")
            if title == nil, !item.has("title") { reader.problem("ui.list: \(place).title must be a string (got nil)") }
            return Row(title: title ?? "", subtitle: item.string("subtitle"),
                       icon: item.string("icon"), disabled: item.bool("disabled") ?? false,
                       style: item.style("style") ?? .plain)
        }
        // A failed call was reported as an error already.
        if type != .none {
            reader.problem("ui.list: \(place) must be \(source.isFunction ? "a table or a string" : "a table") (got \(reader.typeName(-1)))")
        }
        return Row(title: "", disabled: true)
    }

    /// Rows are read only before drawing, and only those shown: a key press
    /// that only moves the selection reads no item at all.
    override var needsPreparing: Bool { true }

    override func prepare(_ reader: TreeReader) {
        rows = loadRows(from: scroll, count: min(rect.height, count - scroll), reader: reader)
    }

    override func render(into frame: inout FrameBuffer, _ context: RenderContext) {
        guard !rect.isEmpty else { return }
        let focused = context.isFocused(self)
        let labels = rows.map { row in (row.icon ?? "").isEmpty ? row.title : row.icon! + " " + row.title }
        // Subtitles form a column just past the widest title shown, so that on a
        // wide frame they stay beside their titles instead of at the far edge.
        let column = labels.map { DisplayWidth.of($0) }.max() ?? 0
        // Every subtitle shown sits in that column, cut with `…` to the room
        // left; with too little room for any, none is shown (never some rows only).
        let widest = rows.map { $0.subtitle.map(DisplayWidth.of) ?? 0 }.max() ?? 0
        let room = rect.width - Gutter.width - column - Subtitle.gap
        let subtitleRoom = room >= min(widest, Subtitle.minimum) ? min(room, widest) : 0
        for (i, row) in rows.enumerated() {
            let y = rect.y + i
            let isCursor = scroll + i + 1 == selected
            if focused && isCursor {
                // The mark takes the row's own style: one SGR for the whole bar, fewer bytes per move.
                frame.put(String(context.glyphs.focus) + " ", x: rect.x, y: y, style: .focused, clip: rect)
            } else {
                Gutter.draw(focused: false, x: rect.x, y: y, into: &frame, context, clip: rect)
            }
            let body = rect.dropLeft(Gutter.width).row(i)
            let label = labels[i]
            var style: Style = row.disabled ? row.style.union(.dim) : row.style
            if isCursor { style = style.union(focused ? .focused : .bold) }
            if subtitleRoom > 0, let subtitle = row.subtitle, !subtitle.isEmpty {
                frame.put(TextLayout.truncate(subtitle, to: subtitleRoom), x: body.x + column + Subtitle.gap, y: y, style: .muted, clip: body)
            }
            frame.put(TextLayout.truncate(label, to: body.width), x: body.x, y: y, style: style, clip: body)
            // The focused row is highlighted across the list's width, gutter mark included.
            if focused && isCursor { frame.addStyle(.focused, in: rect.row(i)) }
        }
    }

    override func handle(_ key: Key, _ context: EventContext) -> [Action]? {
        switch ListNode.keys.action(for: key) {
        case .move(let rows): return move(to: selected + rows)
        case .page(let pages): return move(to: selected + pages * max(1, visibleRows - 1))
        case .first: return move(to: 1)
        case .last: return move(to: count)
        case .activate: return activate(selected, context)
        default: return nil
        }
    }

    override func click(x: Int, y: Int, _ context: EventContext) -> [Action]? {
        let index = scroll + (y - rect.y) + 1
        guard index >= 1, index <= count else { return nil }
        return move(to: index) + activate(index, context)
    }

    override func scroll(_ amount: Int, _ context: EventContext) -> [Action]? {
        move(to: selected + amount)
    }

    private func move(to index: Int) -> [Action] {
        let target = min(max(index, 1), max(count, 1))
        guard target != selected else { return [] }
        let moved = Action.setInteger(anchor: anchor, field: "selected", target)
        guard hasHighlightHandler else { return [moved] }
        return [moved, .callItem(anchor: anchor, items: "items", index: target, handler: "onHighlight", dispatch: .componentOnly)]
    }

    private func activate(_ index: Int, _ context: EventContext) -> [Action] {
        guard index >= 1, index <= count, !context.isItemDisabled(anchor, "items", index) else { return [] }
        return [.setInteger(anchor: anchor, field: "selected", index),
                .callItem(anchor: anchor, items: "items", index: index, handler: "onSelect", dispatch: .itemWins)]
    }

    /// The rows it shows (a list of 10^6 items is not read whole), the chosen
    /// one's title as its value, how many there are as its label.
    func describe(_ context: SemanticsContext) -> Semantics {
        let shown = rect.isEmpty ? [] : loadRows(from: scroll, count: min(rect.height, count - scroll), reader: context.reader)
        var s = Semantics(role: "list", label: Semantics.count(count, "item"))
        s.children = shown.enumerated().map { i, row in
            var item = Semantics(role: "listitem", label: row.icon.map { $0 + " " + row.title } ?? row.title, value: row.subtitle)
            item.position = scroll + i + 1
            item.selected = scroll + i + 1 == selected
            item.disabled = row.disabled
            return item
        }
        s.value = s.children.first { $0.selected == true }?.label
        return s
    }
}

extension ListNode: Component {
    static let kind = Kind("list")
    static let summary = """
        A navigation list or menu. It scrolls, and reads only the rows it shows.
        """
    static let fields: [FieldSpec] = [
        FieldSpec(name: "items", type: .items(ItemSchema(
                      fields: ["title": .string, "subtitle": .string, "icon": .string,
                               "onSelect": .function, "disabled": .boolean, "style": .style],
                      required: ["title"])),
                  defaultValue: .value(.emptyTable), luaType: "(ui.ListItem|string)[]",
                  docsType: "array of item tables or strings", doc: "The rows; a string is a row with that title."),
        .count(of: "items"),
        .rowFunction("item", "fun(index: integer): ui.ListItem|string"),
        .selectedIndex(counting: .items,
                       doc: "1-based index of the highlighted row (unset means 1); the host sets it when the row moves."),
        .handler("onSelect", "fun(item: ui.ListItem|string, index: integer)",
                 doc: "Called when a row without an onSelect of its own is activated (Enter, Space, click)."),
        .handler("onHighlight", "fun(item: ui.ListItem|string, index: integer)",
                 doc: "Called when the highlighted row moves (arrows, paging, the wheel, a click), after `selected` is written."),
    ]

    static var state: [any ComponentState.Type] { [ListScroll.self] }
    static let keys: [KeySpec] = [
        KeySpec([.up], "Previous row: calls onHighlight", .move(-1)),
        KeySpec([.down], "Next row: calls onHighlight", .move(1)),
        KeySpec([.pageUp], "A page up", .page(-1)),
        KeySpec([.pageDown], "A page down", .page(1)),
        KeySpec([.home], "First row", .first),
        KeySpec([.end], "Last row", .last),
        KeySpec([.enter, .space], "Choose the row: calls its onSelect, else the list's", .activate),
    ]

    static func node(_ source: NodeSource) -> any SemanticNode { ListNode(id: source.id, anchor: source.anchor, source.field) }
}

/// How a list row's subtitle sits beside its title.
enum Subtitle {
    /// Columns between the widest title and the subtitles.
    static let gap = 3
    /// Fewer columns than this for the subtitles (or than the widest) and none is shown.
    static let minimum = 8
}

/// The first row a list shows, 0-based: its scroll, kept across a reload.
enum ListScroll: ComponentState {
    typealias Value = Int
    static let keptAcrossReload = true
}
