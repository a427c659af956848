import LuaBridge

/// Where the rows of a list, picker, dropdown or table come from: an array in
/// the component's table, read raw, or a data source — `count` and a function
/// (`item(i)`, `row(i)` for tables) called only for the rows shown.
struct RowSource: Equatable {
    enum Origin: Equatable { case array, function }

    var origin: Origin
    var count: Int

    static let empty = RowSource(origin: .array, count: 0)

    var isFunction: Bool { origin == .function }
}

/// The field names of a component's rows: the array and the function.
struct RowFields {
    let array: StaticString
    let function: StaticString

    static let items = RowFields(array: "items", function: "item")
    static let rows = RowFields(array: "rows", function: "row")
}

extension FieldReader {
    /// Whether the rows come from a data source (`count` is set).
    var hasDataSource: Bool { has("count") }

    /// How many rows there are and where they come from. `count` makes a data
    /// source: it must be an integer in 0…`HostLimits.maxDataSourceRows` and
    /// the function must be set; otherwise the component has no rows (with a problem).
    func rowSource(_ names: RowFields) -> RowSource {
        reader.pushName("count")
        let type = s.rawGet(at: table)
        defer { s.pop() }
        guard type != .nil else { return RowSource(origin: .array, count: arrayCount(names.array)) }
        let exact = type == .number ? s.exactInteger(at: -1) : nil
        guard let n = exact, n >= 0, n <= HostLimits.maxDataSourceRows else {
            let got = type == .number ? LuaState.string(L, at: -1, maxBytes: HostLimits.maxNameLength) : reader.typeName(-1)
            reader.problem("\(fieldName("count")) must be an integer from 0 to \(HostLimits.maxDataSourceRows) (got \(got))")
            return .empty
        }
        reader.pushName(names.function)
        let function = s.rawGet(at: table)
        s.pop()
        guard function == .function else {
            reader.pushName(names.function)
            s.rawGet(at: table)
            reader.problem("\(fieldName(names.function)) must be a function when count is set (got \(reader.typeName(-1)))")
            s.pop()
            return .empty
        }
        return RowSource(origin: .function, count: Int(n))
    }
}

extension TreeReader {
    /// Runs `body`, whose data-source calls share one instruction budget and
    /// CPU-time window (a frame's rows cost what one handler may).
    func withCalls<T>(_ body: () -> T) -> T {
        lua.withBudget(on: L, body)
    }

    /// Pushes what the rows of the component table at `t` are read from: its
    /// array or its function (nil when there is none).
    func pushRowOrigin(of t: Int32, _ source: RowSource, _ names: RowFields) {
        pushName(source.isFunction ? names.function : names.array)
        s.rawGet(at: t)
    }

    /// Runs `body` for rows from+1 … from+n (1-based) of the component
    /// `anchor` with the row's type (`pushRow`) and index, the row on top of
    /// the stack; what it pushes is popped after each row. A data source's
    /// calls share one budget (`withCalls`). `index` maps a place in the view
    /// to the row shown there (a filtering list shows its matches).
    func forEachRow(anchor: Int32, _ source: RowSource, _ names: RowFields, from start: Int, count n: Int,
                    name: @autoclosure () -> String, index: (Int) -> Int = { $0 },
                    _ body: (LuaType, Int) -> Void) {
        guard n > 0 else { return }
        s.restoringTop {
            pushTable(anchor: anchor)
            pushRowOrigin(of: s.top, source, names)
            let origin = s.top
            func read() {
                for place in (start + 1)...(start + n) {
                    let i = index(place)
                    s.restoringTop { body(pushRow(from: origin, source, index: i, name: name()), i) }
                }
            }
            if source.isFunction { withCalls(read) } else { read() }
        }
    }

    /// Pushes row `index` (1-based) from the origin at `o`: `array[index]`
    /// raw, or what `f(index)` returns, called protected. A failed call pushes
    /// nil and keeps its error, naming the row, for the compositor to report
    /// as a handler error, and returns `.none`; a function that ran into a
    /// limit is not called again.
    @discardableResult
    func pushRow(from o: Int32, _ source: RowSource, index: Int, name: @autoclosure () -> String) -> LuaType {
        guard source.isFunction else {
            guard s.type(at: o) == .table else {
                s.pushNil()
                return .nil
            }
            return s.rawGetIndex(at: o, index)
        }
        guard s.type(at: o) == .function, let f = s.pointer(at: o), !stoppedSources.contains(f),
              s.reserve(4) else {
            s.pushNil()
            return .none
        }
        s.pushCopy(of: o)
        s.pushInteger(index)
        do throws(LuaError) {
            try limits.run(functionAt: -2, on: L) { () throws(LuaError) in try lua.call(nargs: 1, nresults: 1) }
        } catch {
            let place = "\(name())(\(index)): "
            var note = ""
            if error.isLimit {
                stoppedSources.insert(f)
                note = "; \(name()) is not called again"
            }
            rowErrors.append((place + error.message + note, error.traceback))
            s.pushNil()
            return .none
        }
        return s.type(at: -1)
    }
}

extension TreeReader {
    /// Items from+1 … from+n (1-based) of the data source of a picker or
    /// dropdown `anchor`, as popup rows: a string is a title, a table gives
    /// `title` and `icon`. A failed call is an empty row (its error is reported).
    func loadPopupRows(anchor: Int32, _ source: RowSource, from start: Int, count n: Int, name: String) -> [Popup.Row] {
        guard n > 0, source.isFunction else { return [] }
        var result: [Popup.Row] = []
        result.reserveCapacity(n)
        forEachRow(anchor: anchor, source, .items, from: start, count: n, name: name + ".item") { type, i in
            switch type {
            case .string: result.append(Popup.Row(title: displayString(at: -1), icon: nil))
            case .table:
                let t = s.top
                pushName(ChoiceItemFields.title.key)
                let title = s.rawGet(at: t) == .string ? displayString(at: -1) : nil
                if title == nil { problem("\(name): item(\(i)).title must be a string (got \(typeName(-1)))") }
                pushName(ChoiceItemFields.icon.key)
                let icon = s.rawGet(at: t) == .string ? displayString(at: -1) : nil
                result.append(Popup.Row(title: title ?? "", icon: icon))
            case .none: result.append(Popup.Row(title: "", icon: nil))
            default:
                problem("\(name): item(\(i)) must be a table or a string (got \(typeName(-1)))")
                result.append(Popup.Row(title: "", icon: nil))
            }
        }
        return result
    }
}

/// The items of a picker or dropdown over a data source that one drawing
/// read: those it shows closed, and the window of its open popup.
struct LoadedItems {
    private var first = 1
    private var rows: [Popup.Row] = []

    subscript(_ i: Int) -> Popup.Row? {
        rows.indices.contains(i - first) ? rows[i - first] : nil
    }

    /// Reads `range` (the closed control's rows) and fills `popup`'s window.
    mutating func load(_ range: ClosedRange<Int>?, popup: Popup?, anchor: Int32, _ source: RowSource,
                       _ reader: TreeReader, name: String) {
        if let range {
            first = range.lowerBound
            rows = reader.loadPopupRows(anchor: anchor, source, from: range.lowerBound - 1, count: range.count, name: name)
        } else {
            rows = []
        }
        if let popup, let shown = popup.shownRows {
            // Rows already read for the closed control are not asked for again.
            let window = shown.map { self[$0] }
            if window.allSatisfy({ $0 != nil }) {
                popup.fill(first: shown.lowerBound, window.map { $0! })
            } else {
                popup.fill(first: shown.lowerBound,
                           reader.loadPopupRows(anchor: anchor, source, from: shown.lowerBound - 1, count: shown.count, name: name))
            }
        }
    }
}
