import LuaBridge

/// `ui.table`: a header row over rows of cells, with a row cursor highlighted
/// across the table. Like a list, it reads only the rows it shows — from its
/// `rows` array, raw, or from a data source (`count` and `row(i)`) — so a key
/// costs the same on 10^6 rows as on 100.
///
/// Up/Down/PageUp/PageDown/Home/End move the cursor (calling `onHighlight`),
/// Enter selects (`onSelect`). A table wider than its place scrolls by
/// columns with Left/Right. With `sortable`, Left/Right move a column
/// cursor instead, Up from the first row reaches the header, and Enter there (or
/// `s` anywhere) sorts by that column: the host sorts a `rows` array in place,
/// stably, by the column's key; a data source is sorted by its script in `onSort`.
/// With `cursor = "cell"` the cursor is one cell: Left/Right move its column
/// (`selectedColumn`), Enter calls `onCellSelect(row, column)`.
final class TableNode: Node, SemanticNode {
    struct Column {
        var title: String
        var key: TableColumnKey
        var width: Width
        var align: TextAlign
    }

    enum Width: Equatable, Sendable {
        case cells(Int)
        case percent(Int)
        case fraction(Int)
        /// As wide as the title and the widest cell of the rows shown.
        case fit
    }

    let columns: [Column]
    let source: RowSource
    var count: Int { source.count }
    /// 1-based, clamped to the rows.
    let selected: Int
    let sortable: Bool
    /// `cursor = "cell"`: the cursor is a cell, its column `view.column`.
    let cellCursor: Bool
    /// What the host keeps between frames: scroll, column cursor, sort order.
    private(set) var view = TableState()

    /// Drawn: the cells of the rows shown (a string per column), and the widths.
    private(set) var cells: [[String]] = []
    /// The styles of the rows shown (a row's `style`, then each cell's), or
    /// nil when none of them has one: plain tables keep no second array.
    private(set) var styles: [RowStyle]?
    private(set) var widths: [Int] = []

    /// Columns between two cells.
    static let gap = 2
    /// A fitted column is at most this wide (a long cell is cut with `…`).
    static let maxFittedWidth = 40

    init(id: UnsafeRawPointer, anchor: Int32, _ field: FieldReader) {
        columns = TableNode.readColumns(field)
        let source = field.rowSource(.rows)
        self.source = source
        var selected = min(field[Fields.selected], max(source.count, 1))
        field.writeDefault(Fields.selected)
        if let state = field.reader.interaction, !source.isFunction {
            selected = TableNode.cursor(selected, rows: field.tableIdentity(RowFields.rows.array), id: id, state, field)
        }
        self.selected = selected
        sortable = field[Fields.sortable]
        cellCursor = field[Fields.cursor] == "cell"
        // The script owns the cell cursor's column as it owns `selected`.
        selectedColumn = cellCursor ? min(field[Fields.selectedColumn], max(columns.count, 1)) : nil
        if cellCursor { field.writeDefault(Fields.selectedColumn) }
        super.init(id: id, anchor: anchor)
    }

    /// 1-based column of the cell cursor (`cursor = "cell"`), clamped to the columns.
    let selectedColumn: Int?

    /// The cursor after a read: new `rows` (another table) start at the first
    /// row, unless the script moved `selected` itself since the last read; the
    /// old index would point at an unrelated row of the new data.
    private static func cursor(_ selected: Int, rows: UnsafeRawPointer?, id: UnsafeRawPointer,
                               _ state: InteractionState, _ field: FieldReader) -> Int {
        var view = state[TableState.self, id] ?? TableState()
        defer { state[TableState.self, id] = view }
        let replaced = view.rowsTable != nil && view.rowsTable != rows && selected == view.readSelected
        view.rowsTable = rows
        guard replaced else {
            view.readSelected = selected
            return selected
        }
        if selected != 1 { field.set(Fields.selected.key, integer: 1) }
        view.readSelected = 1
        view.scroll = 0
        return 1
    }

    override var isFocusable: Bool { !columns.isEmpty }
    override var isFlexible: Bool { true }
    /// The header and the rows (an empty table keeps a row to say so).
    override var preferredFlexibleHeight: Int { 1 + max(count, 1) }
    override func measureRows(width: Int) -> Int { 1 + max(count, 1) }
    override func naturalColumns() -> Int {
        let titles = columns.reduce(0) { $0 + DisplayWidth.of($1.title) + (sortable ? 2 : 0) }
        return Gutter.width + max(24, titles + TableNode.gap * max(0, columns.count - 1))
    }

    /// Rows of the body (the header takes the first row).
    var bodyRows: Int { max(0, rect.height - 1) }
    /// The columns cells are drawn in, right of the gutter.
    private var body: Rect { rect.dropLeft(Gutter.width) }

    override func layout(in rect: Rect, _ context: LayoutContext) {
        self.rect = rect
        var view = context.state[TableState.self, id] ?? TableState()
        let h = max(0, rect.height - 1)
        var s = view.scroll
        if selected - 1 < s { s = selected - 1 }
        if h > 0, selected - 1 >= s + h { s = selected - h }
        view.scroll = max(0, min(s, count - h))
        if let selectedColumn { view.column = selectedColumn - 1 }
        view.column = min(max(view.column, 0), max(columns.count - 1, 0))
        view.firstColumn = min(max(view.firstColumn, 0), max(columns.count - 1, 0))
        if view.sampledCount != count {
            // Other rows (a filter, new data): fitted widths start again.
            view.fitted = []
            view.sampledCount = count
        }
        if !sortable { view.onHeader = false }
        self.view = view
        context.state[TableState.self, id] = view
        state = context.state
        // Keys may come before the next drawing: widths from the fitted widths seen so far.
        widths = TableNode.widths(columns, fitted: view.fitted, available: body.width)
    }

    /// Kept from layout so that `prepare` can remember the fitted widths it saw.
    private var state: InteractionState?

    // MARK: - Reading the rows shown

    override var needsPreparing: Bool { true }

    override func prepare(_ reader: TreeReader) {
        let n = min(bodyRows, count - view.scroll)
        styles = nil
        cells = loadCells(from: view.scroll, count: n, reader: reader, styles: &styles)
        // Fitted columns never shrink while the rows stay the same, so that
        // scrolling does not make them jump.
        var fitted = view.fitted.count == columns.count ? view.fitted : Array(repeating: 0, count: columns.count)
        for (c, column) in columns.enumerated() where column.width == .fit {
            var w = DisplayWidth.of(column.title) + (sortable ? 2 : 0)
            for row in cells { w = max(w, DisplayWidth.of(row[c])) }
            fitted[c] = max(fitted[c], min(w, max(TableNode.maxFittedWidth, DisplayWidth.of(column.title))))
        }
        view.fitted = fitted
        widths = TableNode.widths(columns, fitted: fitted, available: body.width)
        if sortable || cellCursor { view.firstColumn = TableNode.firstColumn(showing: view.column, from: view.firstColumn, widths, in: body.width) }
        state?[TableState.self, id] = view
    }

    /// The cells of rows from+1 … (`Host.semanticTree` reads them too).
    func loadCells(from start: Int, count n: Int, reader: TreeReader) -> [[String]] {
        var ignored: [RowStyle]?
        return loadCells(from: start, count: n, reader: reader, styles: &ignored)
    }

    /// The cells, and into `styles` (made at the first styled row) the style of each row.
    func loadCells(from start: Int, count n: Int, reader: TreeReader, styles: inout [RowStyle]?) -> [[String]] {
        guard n > 0, !columns.isEmpty else { return [] }
        var result: [[String]] = []
        result.reserveCapacity(n)
        var found: [RowStyle]?
        reader.forEachRow(anchor: anchor, source, .rows, from: start, count: n, name: "ui.table.row") { type, i in
            var style = RowStyle()
            result.append(rowCells(type, i, reader, &style))
            if !style.isPlain, found == nil { found = Array(repeating: RowStyle(), count: n) }
            found?[i - 1 - start] = style
        }
        styles = found
        return result
    }

    /// The cells of the row on top of the stack; a missing key is an empty cell.
    private func rowCells(_ type: LuaType, _ index: Int, _ reader: TreeReader, _ style: inout RowStyle) -> [String] {
        let L = reader.L
        let s = LuaStack(L)
        let place = source.isFunction ? "row(\(index))" : "rows[\(index)]"
        guard type == .table else {
            // A failed call was reported as an error already.
            if type != .none { reader.problem("ui.table: \(place) must be a table (got \(reader.typeName(-1)))") }
            return Array(repeating: "", count: columns.count)
        }
        let row = s.top
        let styles = FieldReader(reader: reader, table: row, kind: TableNode.kind)
        s.restoringTop {
            reader.pushName("style")
            if s.rawGet(at: row) == .table { style.row = styles.readStyle(at: s.top, path: "ui.table: \(place).style") }
        }
        return columns.enumerated().map { c, column in
            s.restoringTop {
                switch column.key {
                case .name(let name): LuaState.push(L, name); s.rawGet(at: row)
                case .index(let i): s.rawGetIndex(at: row, i)
                }
                switch s.type(at: -1) {
                case .string: return TableNode.oneLine(reader.displayString(at: -1))
                case .number:
                    return s.isInteger(at: -1) ? String(s.toInteger(at: -1)) : String(s.toNumber(at: -1))
                case .boolean: return s.truth(at: -1) ? "true" : "false"
                case .nil: return ""
                case .table:
                    // A styled cell: `{ "text", style = { … } }` (or `text = …`).
                    let cell = s.top
                    s.restoringTop {
                        reader.pushName("style")
                        if s.rawGet(at: cell) == .table {
                            if style.cells.isEmpty { style.cells = Array(repeating: nil, count: columns.count) }
                            style.cells[c] = styles.readStyle(at: s.top, path: "ui.table: \(place).\(column.key).style")
                        }
                    }
                    if s.rawGetIndex(at: cell, 1) != .string {
                        s.pop()
                        reader.pushName("text")
                        s.rawGet(at: cell)
                    }
                    switch s.type(at: -1) {
                    case .string: return TableNode.oneLine(LuaState.string(L, at: -1))
                    case .number: return s.isInteger(at: -1) ? String(s.toInteger(at: -1)) : String(s.toNumber(at: -1))
                    default: return ""
                    }
                default:
                    reader.problem("ui.table: \(place).\(column.key) must be a string, a number or a cell { text, style } (got \(reader.typeName(-1)))")
                    return ""
                }
            }
        }
    }

    /// A cell is one line: line breaks and tabs become spaces.
    private static func oneLine(_ s: String) -> String {
        guard s.utf8.contains(where: { $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) else { return s }
        return String(s.map { $0 == "\n" || $0 == "\r\n" || $0 == "\r" || $0 == "\t" ? " " : $0 })
    }

    // MARK: - Columns

    private static func readColumns(_ field: FieldReader) -> [Column] {
        let s = field.s
        field.reader.pushName("columns")
        defer { s.pop() }
        guard s.rawGet(at: field.table) == .table else {
            if s.type(at: -1) != .nil { field.reader.problem("ui.table: columns must be a table (got \(field.reader.typeName(-1)))") }
            return []
        }
        let list = s.top
        let n = field.reader.boundedLength(list, limit: HostLimits.maxTableColumns, path: "ui.table.columns")
        var result: [Column] = []
        result.reserveCapacity(n)
        for i in stride(from: 1, through: n, by: 1) {
            if let column = s.restoringTop({ readColumn(field, in: list, i) }) { result.append(column) }
        }
        return result
    }

    /// Column `i` of the `columns` array at `list`; nil (with a problem) when it is no table.
    private static func readColumn(_ field: FieldReader, in list: Int32, _ i: Int) -> Column? {
        let s = field.s
        guard s.rawGetIndex(at: list, i) == .table else {
            field.reader.problem("ui.table: columns[\(i)] must be a table (got \(field.reader.typeName(-1)))")
            return nil
        }
        let c = FieldReader(reader: field.reader, table: s.absolute(-1), kind: TableNode.kind, itemPath: "columns[\(i)]")
        let title = c[ColumnFields.title]
        if title == nil { field.reader.problem("ui.table: columns[\(i)].title must be a string (got nil)") }
        let key: TableColumnKey
        switch c[ColumnFields.key] {
        case .string(let s)?: key = .name(s)
        case .integer(let k)?: key = .index(Int(k))
        default: key = .index(i)
        }
        let align = c[ColumnFields.align]
        return Column(title: title ?? "", key: key, width: c[ColumnFields.width], align: align)
    }

    /// `width`: cells (an integer), `"30%"` of the table's width, `"2fr"` of
    /// what is left, or unset: fitted to the content.
    private static func width(_ c: FieldReader, _ key: StaticString) -> Width {
        let L = c.L, s = c.s
        c.reader.pushName(key)
        defer { s.pop() }
        switch s.rawGet(at: c.table) {
        case .nil: return .fit
        case .number:
            if s.isInteger(at: -1) { return .cells(Int(min(max(s.toInteger(at: -1), 0), 10_000))) }
        case .string:
            let s = s.displayString(at: -1)
            if s.hasSuffix("%"), let p = Int(s.dropLast()), p >= 0, p <= 100 { return .percent(p) }
            if s.hasSuffix("fr"), let f = s == "fr" ? 1 : Int(s.dropLast(2)), f >= 1, f <= 1000 { return .fraction(f) }
            if s == "fit" { return .fit }
        default: break
        }
        c.reader.problem("\(c.fieldName(key)) must be a cell count, \"N%\", \"Nfr\" or \"fit\" (got \(HostLimits.shortened(LuaState.string(L, at: -1, maxBytes: HostLimits.maxDisplayBytes))))")
        return .fit
    }

    /// The width of each column in `available` columns: cells, percentages and
    /// fitted widths first, then the fractions share what is left (each at
    /// least its title). The sum may pass `available`: the table scrolls.
    static func widths(_ columns: [Column], fitted: [Int], available: Int) -> [Int] {
        var result = Array(repeating: 0, count: columns.count)
        var fractions = 0
        for (c, column) in columns.enumerated() {
            switch column.width {
            case .cells(let n): result[c] = n
            case .percent(let p): result[c] = max(1, available * p / 100)
            case .fit: result[c] = fitted.indices.contains(c) ? fitted[c] : DisplayWidth.of(column.title)
            case .fraction(let f): fractions += f
            }
        }
        guard fractions > 0 else { return result }
        let used = result.reduce(0, +) + gap * max(0, columns.count - 1)
        var left = max(0, available - used)
        var share = fractions
        for (c, column) in columns.enumerated() {
            guard case .fraction(let f) = column.width else { continue }
            let w = share > 0 ? left * f / share : 0
            result[c] = max(w, DisplayWidth.of(column.title), 1)
            left = max(0, left - w)
            share -= f
        }
        return result
    }

    /// The columns shown from `view.firstColumn`: index, x (from the body's
    /// left edge) and width, cut at the body's width.
    private func shownColumns() -> [(index: Int, x: Int, width: Int)] {
        var result: [(Int, Int, Int)] = []
        var x = 0
        for c in view.firstColumn..<columns.count where c < widths.count {
            if x >= body.width { break }
            result.append((c, x, min(widths[c], body.width - x)))
            x += widths[c] + TableNode.gap
        }
        return result
    }

    /// Whether columns past the right edge are hidden.
    private var overflowsRight: Bool {
        guard view.firstColumn < widths.count else { return false }
        let total = widths[view.firstColumn...].reduce(0, +) + TableNode.gap * (widths.count - view.firstColumn - 1)
        return total > body.width
    }

    // MARK: - Drawing

    override func render(into frame: inout FrameBuffer, _ context: RenderContext) {
        guard !rect.isEmpty else { return }
        let focused = context.isFocused(self)
        let shown = shownColumns()
        let g = context.glyphs

        // The header: titles, the sort mark, the column cursor, and marks where columns are hidden.
        let header = rect.row(0)
        if focused && view.onHeader {
            Gutter.draw(focused: true, x: rect.x, y: rect.y, into: &frame, context, clip: header)
        } else if view.firstColumn > 0 {
            frame.put(g.moreLeft, x: rect.x, y: rect.y, style: .muted, clip: header)
        }
        for (c, x, w) in shown {
            let column = columns[c]
            var title = column.title
            if let sort = view.sort, sort.column == c {
                title += " " + String(sort.ascending ? g.chevronUp : g.chevronDown)
            }
            var style: Style = .bold
            if focused && (sortable || cellCursor) && c == view.column { style = style.union(view.onHeader ? .focused : .underline) }
            frame.put(TextLayout.fit(title, width: w, align: column.align), x: body.x + x, y: rect.y, style: style, clip: header)
        }
        if overflowsRight {
            let mark = g.moreRight
            frame.put(mark, x: rect.maxX - DisplayWidth.of(mark), y: rect.y, style: .muted, clip: header)
        }

        // The rows shown.
        if count == 0, rect.height > 1 {
            frame.put(TextLayout.truncate("No rows", to: body.width), x: body.x, y: rect.y + 1, style: .muted, clip: rect)
        }
        for (i, row) in cells.enumerated() {
            let y = rect.y + 1 + i
            guard y < rect.maxY else { break }
            let line = rect.row(1 + i)
            let isCursor = view.scroll + i + 1 == selected
            let highlighted = focused && isCursor && !view.onHeader
            // A cell cursor's mark goes just before its cell (in the gutter for the first column shown).
            let markX = cellCursor ? shown.first { $0.index == view.column && $0.x > 0 }.map { body.x + $0.x - 1 } : nil
            if highlighted, let markX {
                frame.put(String(g.focus), x: markX, y: y, style: .focused, clip: line)
            } else if highlighted {
                frame.put(String(g.focus) + " ", x: rect.x, y: y, style: .focused, clip: line)
            }
            // A cell cursor highlights its cell; a row cursor the whole row.
            let base: Style = highlighted && !cellCursor ? .focused : isCursor && !cellCursor ? .bold : .plain
            let rowStyle = styles?[i]
            for (c, x, w) in shown {
                // The script's colours under the cursor's highlight, which must stay visible.
                let cursor = isCursor && cellCursor && c == view.column ? (highlighted ? .focused : .bold) : base
                var style = cursor
                if let rowStyle {
                    style = rowStyle.row.union(rowStyle.cells.isEmpty ? .plain : rowStyle.cells[c] ?? .plain).union(cursor)
                }
                frame.put(TextLayout.fit(row[c], width: w, align: columns[c].align), x: body.x + x, y: y, style: style, clip: line)
            }
            // The cursor row is highlighted across the table, gutter and gaps included.
            if highlighted && !cellCursor { frame.addStyle(.focused, in: line) }
        }
    }

    // MARK: - Keys and the mouse

    override func handle(_ key: Key, _ context: EventContext) -> [Action]? {
        if view.onHeader {
            switch TableNode.headerKeys.action(for: key) {
            case .move: return [.set(TableState.self, id, with { $0.onHeader = false })]
            case .sort: return sort(by: view.column)
            case .column(let step): return moveColumn(to: view.column + step, stopsAtEnds: true)
            case .first: return moveColumn(to: 0, stopsAtEnds: false)
            case .last: return moveColumn(to: columns.count - 1, stopsAtEnds: false)
            default: return nil
            }
        }
        switch TableNode.rowKeys.action(for: key) {
        case .move(let rows):
            if rows < 0, selected <= 1, sortable { return [.set(TableState.self, id, with { $0.onHeader = true })] }
            return move(to: selected + rows)
        case .page(let pages): return move(to: selected + pages * max(1, bodyRows - 1))
        case .first: return move(to: 1)
        case .last: return move(to: count)
        case .activate: return activate(selected)
        case .column(let step):
            return sortable || cellCursor ? moveColumn(to: view.column + step, stopsAtEnds: true) : scrollColumns(step)
        case .sort where sortable: return sort(by: view.column)
        default: return nil
        }
    }

    override func click(x: Int, y: Int, _ context: EventContext) -> [Action]? {
        if y == rect.y {
            // A click on a title sorts by that column.
            guard sortable, let hit = shownColumns().first(where: { x >= body.x + $0.x && x < body.x + $0.x + $0.width }) else { return [] }
            return [.set(TableState.self, id, with { $0.column = hit.index })] + sort(by: hit.index)
        }
        let index = view.scroll + (y - rect.y - 1) + 1
        guard index >= 1, index <= count else { return [] }
        // A cell cursor goes to the cell clicked (a gap counts with the cell on its left).
        var column = view.column
        var moved: [Action] = []
        if cellCursor, let hit = shownColumns().first(where: { x >= body.x + $0.x && x < body.x + $0.x + $0.width + TableNode.gap }) {
            column = hit.index
            moved = moveColumn(to: hit.index, stopsAtEnds: false) ?? []
        }
        return [.set(TableState.self, id, with { $0.onHeader = false })] + moved + move(to: index) + activate(index, column: column)
    }

    override func scroll(_ amount: Int, _ context: EventContext) -> [Action]? {
        move(to: selected + amount)
    }

    /// The view state with `change` applied.
    private func with(_ change: (inout TableState) -> Void) -> TableState {
        var v = view
        change(&v)
        return v
    }

    private func move(to index: Int) -> [Action] {
        let target = min(max(index, 1), max(count, 1))
        guard target != selected, count > 0 else { return [] }
        // The host's own move is not the script's: `readSelected` follows it.
        return [.setInteger(anchor: anchor, field: "selected", target),
                .set(TableState.self, id, with { $0.readSelected = target }),
                .callItem(anchor: anchor, items: "rows", index: target, handler: "onHighlight", dispatch: .componentOnly)]
    }

    private func activate(_ index: Int, column: Int? = nil) -> [Action] {
        guard index >= 1, index <= count else { return [] }
        guard cellCursor else {
            return [.callItem(anchor: anchor, items: "rows", index: index, handler: "onSelect", dispatch: .componentOnly)]
        }
        return [.call(anchor: anchor, handler: "onCellSelect", [.integer(index), .integer((column ?? view.column) + 1)])]
    }

    /// Left/Right by one column when nothing is hidden; nil when the table fits.
    private func scrollColumns(_ step: Int) -> [Action]? {
        let first = view.firstColumn + step
        guard first >= 0, first < columns.count, step < 0 || overflowsRight else { return nil }
        return [.set(TableState.self, id, with { $0.firstColumn = first })]
    }

    /// The column cursor (sortable tables), scrolled into view. A step past
    /// either end is not taken (`stopsAtEnds`: the key goes on to the host).
    private func moveColumn(to target: Int, stopsAtEnds: Bool) -> [Action]? {
        guard target >= 0, target < columns.count, target != view.column else { return stopsAtEnds ? nil : [] }
        let state: Action = .set(TableState.self, id, with { v in
            v.column = target
            v.firstColumn = TableNode.firstColumn(showing: target, from: v.firstColumn, widths, in: body.width)
        })
        return cellCursor ? [state, .setInteger(anchor: anchor, field: "selectedColumn", target + 1)] : [state]
    }

    /// The first column shown so that column `c` shows whole (or is the first
    /// shown), scrolling as little as possible from `first`.
    static func firstColumn(showing c: Int, from first: Int, _ widths: [Int], in width: Int) -> Int {
        guard c < widths.count else { return first }
        var first = min(first, c)
        while first < c, widths[first...c].reduce(0, +) + gap * (c - first) > width { first += 1 }
        return first
    }

    /// Sorts by column `c`: ascending first, then the other way at each sort.
    private func sort(by c: Int) -> [Action] {
        guard sortable, columns.indices.contains(c) else { return [] }
        let ascending = view.sort.map { $0.column == c ? !$0.ascending : true } ?? true
        // A sorted table is read from its start: the view goes to the top and
        // the cursor to the first row (its old row may now lie anywhere).
        var actions: [Action] = [.set(TableState.self, id, with { $0.sort = TableSort(column: c, ascending: ascending); $0.scroll = 0; $0.readSelected = 1 })]
        if !source.isFunction {
            actions.append(.effect(SortRows(anchor: anchor, key: columns[c].key, ascending: ascending, selected: 0)))
        }
        if selected != 1 { actions.append(.setInteger(anchor: anchor, field: "selected", 1)) }
        actions.append(.call(anchor: anchor, handler: "onSort", [.element(anchor, "columns", c + 1), .boolean(ascending)]))
        return actions
    }

    /// The rows it shows, as drawn in the last frame (a data source is not
    /// called again), each labelled with its cells; the cursor's row is selected.
    func describe(_ context: SemanticsContext) -> Semantics {
        var s = Semantics(role: "table", label: columns.map(\.title).joined(separator: ", "))
        s.children = cells.enumerated().map { i, cells in
            var row = Semantics(role: "row", label: cells.joined(separator: ", "))
            row.position = view.scroll + i + 1
            row.selected = view.scroll + i + 1 == selected
            return row
        }
        s.value = s.children.first { $0.selected == true }?.label
        // A cell cursor says its cell, then where it is: `down, State, row 1`.
        if cellCursor, let i = cells.indices.first(where: { view.scroll + $0 + 1 == selected }), cells[i].indices.contains(view.column) {
            let cell = cells[i][view.column]
            s.value = (cell.isEmpty ? "empty" : cell) + ", " + columns[view.column].title + ", row \(selected)"
        }
        return s
    }
}

/// The style a row of a table carries (`style` of the row) and those of its
/// cells (`{ text, style }`), empty for a row without any.
struct RowStyle {
    var row: Style = .plain
    var cells: [Style?] = []

    var isPlain: Bool { row == .plain && cells.isEmpty }
}

/// Where a column's cells are in each row: `row[name]` or `row[i]`.
enum TableColumnKey: Equatable, CustomStringConvertible {
    case name(String)
    case index(Int)

    var description: String {
        switch self {
        case .name(let s): s
        case .index(let i): "[\(i)]"
        }
    }
}

/// The order a table is sorted in (its ▲/▼ mark).
struct TableSort: Equatable {
    var column: Int
    var ascending: Bool
}

/// What a table keeps between frames that its Lua table does not hold.
struct TableState: Equatable {
    /// The first row shown, 0-based.
    var scroll = 0
    /// The first column shown, 0-based (the horizontal scroll).
    var firstColumn = 0
    /// The column cursor of a sortable table, 0-based.
    var column = 0
    /// Whether the cursor is on the header (a sortable table).
    var onHeader = false
    var sort: TableSort?
    /// Fitted column widths seen so far, and the row count they were seen at.
    var fitted: [Int] = []
    var sampledCount = -1
    /// The `rows` table last read, and `selected` as read then: a new table
    /// with an untouched cursor sends the cursor to the first row.
    var rowsTable: UnsafeRawPointer?
    var readSelected = 0
}

extension TableNode: Component {
    static let kind = Kind("table")
    static let summary = """
        A table: a header row over rows of cells, a row cursor across the table. It reads only the rows \
        it shows, from `rows` or from a data source (`count` and `row(i)`). \
        Up/Down/PageUp/PageDown/Home/End move, Enter selects; Left/Right scroll a wide table (with \
        `sortable`, they move the column cursor; `s` or Enter on a title sorts).
        """
    /// The fields of a column table, as the node reads them.
    enum ColumnFields {
        static let title = Field.string("title", doc: "the header")
        static let key = Field<ItemID?>(
            "key", .stringOrNumber, default: .described("the column's index"), luaType: "string|integer",
            docsType: "string or integer",
            doc: "the field of each row shown in this column: `row[key]`; a missing field is an empty cell") { $0.id($1) }
        static let width = Field<Width>(
            "width", .stringOrNumber, default: .described("fitted"), luaType: "integer|string", docsType: "integer or string",
            doc: "cells (`12`), a share of the table's width (`\"30%\"`), a share of what the other columns leave (`\"2fr\"`, `\"fr\"` is `\"1fr\"`), or unset (`\"fit\"`): as wide as the title and the widest cell of the rows shown so far, at most 40",
            read: TableNode.width)
        static let align = Field.choice("align", ["left", "center", "right"], alias: "ui.Align",
                                        doc: "alignment of the title and the cells", as: TextAlign.init(rawValue:))
    }
    static let columnClass = ItemClass(
        luaClass: "ui.TableColumn", summary: "A column of a `ui.table`.",
        fields: [ColumnFields.title.spec, ColumnFields.key.spec, ColumnFields.width.spec, ColumnFields.align.spec],
        required: ["title"], openEnded: false)
    static let itemClasses = [columnClass]

    enum Fields {
        static let selected = Field.index("selected", counting: .rows,
                                          doc: "the cursor's row; the constructor writes the default into the table (over no rows too), and every move (and a sort) is written back")
        static let sortable = Field.bool("sortable", default: false,
                                         doc: "whether the column cursor, `s`, Enter on a title and clicks on titles sort")
        static let cursor = Field.choice("cursor", ["row", "cell"], alias: "ui.TableCursor",
                                         doc: "what the cursor is: a whole row, or one cell that Left/Right move (see [A cell cursor](#a-cell-cursor))")
        /// Written when the table is first read, not by the constructor: only a cell cursor has it.
        static let selectedColumn = Field<Int>(
            "selectedColumn", .integer(min: 1, max: nil), default: .value(.integer(1)),
            doc: "with `cursor = \"cell\"`: the cursor's column; written when the table is first read, and at every move"
        ) { $0.int($1, min: 1) ?? 1 }
    }
    static let fields: [FieldSpec] = [
        FieldSpec(name: "columns", type: .items(columnClass.schema),
                  defaultValue: .value(.emptyTable), luaType: "ui.TableColumn[]",
                  docsType: "array of column tables",
                  doc: "the columns, left to right (fields below)"),
        FieldSpec(name: "rows", type: .rows, defaultValue: .value(.emptyTable), luaType: "table[]",
                  docsType: "array of row tables",
                  doc: "the rows, each a table whose fields the columns' keys name; only the rows shown are read, and the array is not checked whole"),
        .count(of: "rows", noun: "row"),
        .rowFunction("row", "fun(index: integer): table", noun: "row", returns: "a table"),
        Fields.selected.spec,
        Fields.sortable.spec, Fields.cursor.spec, Fields.selectedColumn.spec,
        .handler("onSelect", "fun(row: table, index: integer)", doc: "`onSelect(row, index)`: Enter or a click on a row"),
        .handler("onHighlight", "fun(row: table, index: integer)", doc: "`onHighlight(row, index)`: the cursor moved to another row"),
        .handler("onCellSelect", "fun(row: integer, column: integer)",
                 doc: "`onCellSelect(row, column)`: with `cursor = \"cell\"`, Enter or a click on a cell, with its 1-based row and column (instead of `onSelect`)"),
        .handler("onSort", "fun(column: ui.TableColumn, ascending: boolean)",
                 doc: "`onSort(column, ascending)`: a sort was asked for; `rows` is sorted already, a data source sorts here"),
    ]

    /// Its keys: those of the rows, then those of the header (a sortable
    /// table's cursor reaches it with Up from the first row).
    static var state: [any ComponentState.Type] { [TableState.self] }
    static let keys = rowKeys + headerKeys

    static let rowKeys: [KeySpec] = [
        KeySpec([.up], "Previous row: calls onHighlight (sortable, from the first row: the header)", .move(-1)),
        KeySpec([.down], "Next row: calls onHighlight", .move(1)),
        KeySpec([.pageUp], "A page up", .page(-1)),
        KeySpec([.pageDown], "A page down", .page(1)),
        KeySpec([.home], "First row", .first),
        KeySpec([.end], "Last row", .last),
        KeySpec([.enter], "Select the row: calls onSelect (cell cursor: onCellSelect)", .activate),
        KeySpec([.left], "Column cursor left (sortable or cell cursor), else scroll a wide table left", .column(-1)),
        KeySpec([.right], "Column cursor right (sortable or cell cursor), else scroll a wide table right", .column(1)),
        KeySpec([.character("s")], "Sort by the cursor's column (sortable): calls onSort", .sort),
    ]

    static let headerKeys: [KeySpec] = [
        KeySpec([.down], "On the header: back to the rows", .move(1)),
        KeySpec([.enter, .space, .character("s")], "On the header: sort by the column: calls onSort", .sort),
        KeySpec([.left], "On the header: previous column", .column(-1)),
        KeySpec([.right], "On the header: next column", .column(1)),
        KeySpec([.home], "On the header: first column", .first),
        KeySpec([.end], "On the header: last column", .last),
    ]

    static func node(_ source: NodeSource) -> any SemanticNode { TableNode(id: source.id, anchor: source.anchor, source.field) }
}

extension TableState: ComponentState {
    /// The scroll, the column cursor and the sort order come back after a reload.
    static let keptAcrossReload = true
}
