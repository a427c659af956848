import LuaBridge

/// `ui.list`: a navigation list or menu. Only the rows it shows are read from
/// Lua, so a key press costs the same on 10^6 items as on 100.
final class ListNode: Node, SemanticNode {
    struct Row {
        var title: String
        var subtitle: String?
        /// A second row under the title (`rowHeight` 2).
        var description: String? = nil
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
    /// Rows of the frame per item: 2 when the first item has a `description`
    /// (each item then a title and a line under it, as Bubble Tea's default
    /// delegate draws them), else 1. Decided from one item, so that a list of
    /// 10^6 items still reads only those it shows.
    let rowHeight: Int
    /// `filter = true`: typing filters the items (ListFilter.swift).
    let filters: Bool
    let query: String
    /// The items that match the query, 1-based, in order (the first
    /// `ListFilter.maxItems` looked at); nil while nothing is typed.
    let matches: [Int]?

    init(id: UnsafeRawPointer, anchor: Int32, _ field: FieldReader) {
        let source = field.rowSource(.items)
        self.source = source
        selected = min(field[Fields.selected], max(source.count, 1))
        if source.count > 0 { field.writeDefault(Fields.selected) }
        if let old = field.reader.rereading as? ListNode, old.id == id {
            // Read again after the host wrote `selected`: no script ran, so
            // `items`, `filter` and the handler are as they were (a key costs
            // no more reads).
            rowHeight = old.rowHeight
            filters = old.filters
            hasHighlightHandler = old.hasHighlightHandler
        } else {
            rowHeight = !source.isFunction && field.firstItemHas(ItemFields.description.key) ? 2 : 1
            filters = field[Fields.filter]
            hasHighlightHandler = field.has("onHighlight")
        }
        let query = filters ? field.reader.interaction?[ListFilterState.self, id]?.query ?? "" : ""
        self.query = query
        if query.isEmpty || source.isFunction {
            matches = nil
        } else {
            let titles = field.itemTitles(max: min(source.count, ListFilter.maxItems))
            matches = titles.indices.filter { ListFilter.match(query, in: titles[$0]) != nil }.map { $0 + 1 }
        }
        super.init(id: id, anchor: anchor)
    }

    override var isFocusable: Bool { count > 0 }
    override var takesText: Bool { filters }

    /// Items in view: the matches while filtering, else every one.
    var shownCount: Int { matches?.count ?? count }
    /// The item at 1-based place `position` of the view.
    func item(at position: Int) -> Int { matches.map { $0[position - 1] } ?? position }
    /// The cursor's place in the view: `selected`, or while filtering the
    /// first match when `selected` is filtered out.
    private(set) lazy var cursor: Int = matches.map { m in (m.firstIndex(of: selected) ?? 0) + 1 } ?? selected
    private var matchCount: String { shownCount == 1 ? "1 match" : "\(shownCount) matches" }
    /// The row the query takes at the top while something is typed.
    private var queryRows: Int { query.isEmpty ? 0 : 1 }
    override var isFlexible: Bool { true }
    override var preferredFlexibleHeight: Int { count * rowHeight }
    override func measureRows(width: Int) -> Int { count * rowHeight }
    override func naturalColumns() -> Int { 24 }

    /// Items shown whole.
    var visibleRows: Int { max(0, rect.height - queryRows) / rowHeight }

    override func layout(in rect: Rect, _ context: LayoutContext) {
        self.rect = rect
        let h = visibleRows
        var s = context.state[ListScroll.self, id] ?? 0
        if cursor - 1 < s { s = cursor - 1 }
        if h > 0, cursor - 1 >= s + h { s = cursor - h }
        s = max(0, min(s, shownCount - h))
        scroll = s
        context.state[ListScroll.self, id] = s
    }

    /// Reads items from+1 … of this list, raw from its array or from its
    /// `item(i)` (drawing, and `Host.semanticTree`).
    func loadRows(from start: Int, count n: Int, reader: TreeReader) -> [Row] {
        guard n > 0 else { return [] }
        var result: [Row] = []
        result.reserveCapacity(n)
        reader.forEachRow(anchor: anchor, source, .items, from: start, count: n, name: "ui.list.item",
                          index: item(at:)) { type, i in
            result.append(row(type, i, reader))
        }
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
            let fields = ListNode.ItemFields.self
            let title = item[fields.title]
            if title == nil, !item.has(fields.title.key) { reader.problem("ui.list: \(place).title must be a string (got nil)") }
            return Row(title: title ?? "", subtitle: item[fields.subtitle],
                       description: rowHeight > 1 ? item[fields.description] : nil,
                       icon: item[fields.icon], disabled: item[fields.disabled], style: item[fields.style])
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
        rows = loadRows(from: scroll, count: min(visibleRows, shownCount - scroll), reader: reader)
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
        if queryRows > 0 {
            let line = "/ " + query + "  " + matchCount
            frame.put(TextLayout.truncate(line, to: rect.width - Gutter.width), x: rect.x + Gutter.width, y: rect.y, style: .accent, clip: rect)
        }
        let rect = Rect(x: rect.x, y: rect.y + queryRows, width: rect.width, height: max(0, rect.height - queryRows))
        for (i, row) in rows.enumerated() {
            let y = rect.y + i * rowHeight
            let isCursor = scroll + i + 1 == cursor
            if focused && isCursor {
                // The mark takes the row's own style: one SGR for the whole bar, fewer bytes per move.
                frame.put(String(context.glyphs.focus) + " ", x: rect.x, y: y, style: .focused, clip: rect)
            } else {
                Gutter.draw(focused: false, x: rect.x, y: y, into: &frame, context, clip: rect)
            }
            let body = rect.dropLeft(Gutter.width).row(i * rowHeight)
            let label = labels[i]
            var style: Style = row.disabled ? row.style.union(.dim) : row.style
            if isCursor { style = style.union(focused ? .focused : .bold) }
            if subtitleRoom > 0, let subtitle = row.subtitle, !subtitle.isEmpty {
                frame.put(TextLayout.truncate(subtitle, to: subtitleRoom), x: body.x + column + Subtitle.gap, y: y, style: .muted, clip: body)
            }
            frame.put(TextLayout.truncate(label, to: body.width), x: body.x, y: y, style: style, clip: body)
            if !query.isEmpty { markMatches(of: row, in: body, y: y, into: &frame) }
            // The focused row is highlighted across the list's width, gutter mark included.
            if focused && isCursor { frame.addStyle(.focused, in: rect.row(i * rowHeight)) }
            if rowHeight > 1, let description = row.description {
                let under = rect.dropLeft(Gutter.width).row(i * rowHeight + 1)
                frame.put(TextLayout.truncate(description, to: under.width), x: under.x, y: under.y,
                          style: isCursor && focused ? .accent : .muted, clip: under)
            }
        }
    }

    /// The characters the query matched, underlined in the accent colour.
    private func markMatches(of row: Row, in body: Rect, y: Int, into frame: inout FrameBuffer) {
        guard let marks = ListFilter.match(query, in: row.title) else { return }
        var x = body.x + ((row.icon ?? "").isEmpty ? 0 : DisplayWidth.of(row.icon! + " "))
        var next = 0
        for (offset, c) in row.title.enumerated() {
            let w = DisplayWidth.of(String(c))
            if next < marks.count, marks[next] == offset {
                frame.addStyle(Style(fg: .token(.accent), attributes: [.underline]), in: Rect(x: x, y: y, width: w, height: 1).intersection(body))
                next += 1
            }
            x += w
            if x >= body.maxX || next == marks.count { break }
        }
    }

    /// A filtering list's typing: characters add to the query, Backspace
    /// takes one back, Esc clears it (with nothing typed, Esc is the host's).
    private func filter(_ key: Key) -> [Action]? {
        var state = ListFilterState(query: query)
        switch key {
        case .character(let c): state.query = String((query + String(c)).prefix(ListFilter.maxQuery))
        case .backspace where !query.isEmpty: state.query.removeLast()
        case .esc where !query.isEmpty: state.query = ""
        default: return nil
        }
        return [.set(ListFilterState.self, id, state)]
    }

    override func handle(_ key: Key, _ context: EventContext) -> [Action]? {
        if filters, let actions = filter(key) { return actions }
        switch ListNode.keys.action(for: key) {
        case .move(let rows): return move(to: cursor + rows)
        case .page(let pages): return move(to: cursor + pages * max(1, visibleRows - 1))
        case .first: return move(to: 1)
        case .last: return move(to: shownCount)
        case .activate: return shownCount > 0 ? activate(item(at: cursor), context) : []
        default: return nil
        }
    }

    override func click(x: Int, y: Int, _ context: EventContext) -> [Action]? {
        guard y - rect.y >= queryRows else { return nil }
        let position = scroll + (y - rect.y - queryRows) / rowHeight + 1
        guard position >= 1, position <= shownCount else { return nil }
        return move(to: position) + activate(item(at: position), context)
    }

    override func scroll(_ amount: Int, _ context: EventContext) -> [Action]? {
        move(to: cursor + amount)
    }

    /// The cursor to place `position` of the view: `selected` is written
    /// with the item there.
    private func move(to position: Int) -> [Action] {
        guard shownCount > 0 else { return [] }
        let target = item(at: min(max(position, 1), shownCount))
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
        let shown = rect.isEmpty ? [] : loadRows(from: scroll, count: min(visibleRows, shownCount - scroll), reader: context.reader)
        var s = Semantics(role: "list", label: Semantics.count(count, "item"))
        if matches != nil { s.label = "\(matchCount) of \(count) for \(query)" }
        s.children = shown.enumerated().map { i, row in
            var item = Semantics(role: "listitem", label: row.icon.map { $0 + " " + row.title } ?? row.title,
                                 value: row.subtitle ?? row.description)
            item.position = scroll + i + 1
            item.selected = scroll + i + 1 == cursor
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
    /// The fields of an item table, as the node reads them.
    enum ItemFields {
        static let title = Field.string("title", doc: "the row's text")
        static let subtitle = Field.string(
            "subtitle",
            doc: "drawn in the `muted` colour in a column three past the widest title shown (beside its own title when that column is too far right); left out whole when it fits nowhere")
        static let description = Field.string(
            "description",
            doc: "a second row under the title, `muted` (in the accent colour under the focused cursor): when the first item has one, every item takes two rows (one without a description leaves its second blank); a list of `item(i)` keeps one row per item")
        static let icon = Field.string("icon", doc: "drawn before the title, with a space")
        static let disabled = Field.bool("disabled", default: false,
                                         doc: "drawn dim; the cursor can rest on it but it cannot be activated")
        static let style = Field.style(doc: "colours and attributes of the row's title (see [Style](#11-style))")
    }
    static let itemClass = ItemClass(
        luaClass: "ui.ListItem", summary: "A row of a `ui.list`. Other fields are the script's own data.",
        fields: [
            ItemFields.title.spec, ItemFields.subtitle.spec, ItemFields.description.spec, ItemFields.icon.spec,
            ItemFields.disabled.spec, ItemFields.style.spec,
            .handler("onSelect", "fun(item: ui.ListItem, index: integer)",
                     doc: "`onSelect(item, index)`: this row was activated; **the item's own handler wins**, the list's is then not called"),
        ],
        required: ["title"])
    static let itemClasses = [itemClass]

    enum Fields {
        static let selected = Field.index("selected", counting: .items,
                                          doc: "the cursor row; the constructor writes the default into the table, and every move is written back (clamped to the items when read)")
        static let filter = Field.bool("filter", default: false,
                                       doc: "typing filters the items: those whose title holds the typed characters in order (letters without case; `rr` finds Cherry and Raspberry), the matched characters underlined in the accent colour, the query and the count of matches on the first row; Backspace takes a character back, Esc clears (with nothing typed, Esc is the host's). The cursor moves among the matches; `selected` and handlers get the item's own index. Only an `items` array is filtered, its first 10,000 items; with `filter`, `?` and `q` type")
    }
    static let fields: [FieldSpec] = [
        FieldSpec(name: "items", type: .items(itemClass.schema),
                  defaultValue: .value(.emptyTable), luaType: "(ui.ListItem|string)[]",
                  docsType: "array of item tables or strings", doc: "the rows; a string is a row with that title"),
        .count(of: "items", noun: "row"),
        .rowFunction("item", "fun(index: integer): ui.ListItem|string", noun: "row", returns: "a table or a string"),
        Fields.selected.spec,
        .handler("onSelect", "fun(item: ui.ListItem|string, index: integer)",
                 doc: "`onSelect(item, index)`: a row **without its own `onSelect`** was activated"),
        Fields.filter.spec,
        .handler("onHighlight", "fun(item: ui.ListItem|string, index: integer)",
                 doc: "`onHighlight(item, index)`: the highlighted row moved (arrows, paging, the wheel, a click), after `selected` is written"),
    ]

    static var state: [any ComponentState.Type] { [ListScroll.self, ListFilterState.self] }
    static let keys: [KeySpec] = [
        KeySpec([.up], "Previous row: calls onHighlight", .move(-1)),
        KeySpec([.down], "Next row: calls onHighlight", .move(1)),
        KeySpec([.pageUp], "A page up", .page(-1)),
        KeySpec([.pageDown], "A page down", .page(1)),
        KeySpec([.home], "First row", .first),
        KeySpec([.end], "Last row", .last),
        KeySpec([.enter, .space], "Choose the row: calls its onSelect, else the list's", .activate),
        .typing("With filter = true: type to filter, Backspace takes back, Esc clears"),
    ]

    static func node(_ source: NodeSource) -> any SemanticNode { ListNode(id: source.id, anchor: source.anchor, source.field) }
}

extension FieldReader {
    /// The titles of the component's first `n` items (a string item is its
    /// own title; anything else has an empty one).
    func itemTitles(max n: Int) -> [String] {
        reader.pushName("items")
        defer { s.pop() }
        guard s.rawGet(at: table) == .table else { return [] }
        let items = s.top
        var titles: [String] = []
        titles.reserveCapacity(n)
        for i in stride(from: 1, through: n, by: 1) {
            s.restoringTop {
                switch s.rawGetIndex(at: items, i) {
                case .string: titles.append(reader.displayString(at: -1))
                case .table:
                    reader.pushName("title")
                    titles.append(s.rawGet(at: items + 1) == .string ? reader.displayString(at: -1) : "")
                default: titles.append("")
                }
            }
        }
        return titles
    }

    /// Whether the component's `items[1]` is a table with a `key` set.
    func firstItemHas(_ key: StaticString) -> Bool {
        reader.pushName("items")
        defer { s.pop() }
        guard s.rawGet(at: table) == .table else { return false }
        defer { s.pop() }
        guard s.rawGetIndex(at: s.top, 1) == .table else { return false }
        reader.pushName(key)
        defer { s.pop() }
        return s.rawGet(at: s.top - 1) != .nil
    }
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
