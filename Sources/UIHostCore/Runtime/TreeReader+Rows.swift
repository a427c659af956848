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
            let got = type == .number ? LuaState.string(L, at: -1) : reader.typeName(-1)
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
            try lua.call(nargs: 1, nresults: 1)
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
