import CLua
import CLuaShim
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
        let type = lua_rawget(L, table)
        defer { lua_settop(L, -2) }
        guard type != LUA_TNIL else { return RowSource(origin: .array, count: arrayCount(names.array)) }
        var isInteger: Int32 = 0
        let n = type == LUA_TNUMBER ? lua_tointegerx(L, -1, &isInteger) : 0
        guard isInteger != 0, n >= 0, n <= HostLimits.maxDataSourceRows else {
            let got = type == LUA_TNUMBER ? LuaState.string(L, at: -1) : reader.typeName(-1)
            reader.problem("\(fieldName("count")) must be an integer from 0 to \(HostLimits.maxDataSourceRows) (got \(got))")
            return .empty
        }
        reader.pushName(names.function)
        let function = lua_rawget(L, table)
        lua_settop(L, -2)
        guard function == LUA_TFUNCTION else {
            reader.pushName(names.function)
            lua_rawget(L, table)
            reader.problem("\(fieldName(names.function)) must be a function when count is set (got \(reader.typeName(-1)))")
            lua_settop(L, -2)
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
        lua_rawget(L, t)
    }

    /// Pushes row `index` (1-based) from the origin at `o`: `array[index]`
    /// raw, or what `f(index)` returns, called protected. A failed call pushes
    /// nil and keeps its error, naming the row, for the compositor to report
    /// as a handler error, and returns `LUA_TNONE`; a function that ran into a
    /// limit is not called again.
    @discardableResult
    func pushRow(from o: Int32, _ source: RowSource, index: Int, name: @autoclosure () -> String) -> Int32 {
        guard source.isFunction else {
            guard lua_type(L, o) == LUA_TTABLE else {
                lua_pushnil(L)
                return LUA_TNIL
            }
            return lua_rawgeti(L, o, lua_Integer(index))
        }
        guard lua_type(L, o) == LUA_TFUNCTION, let f = lua_topointer(L, o), !stoppedSources.contains(f),
              lua_checkstack(L, 4) != 0 else {
            lua_pushnil(L)
            return LUA_TNONE
        }
        lua_pushvalue(L, o)
        lua_pushinteger(L, lua_Integer(index))
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
            lua_pushnil(L)
            return LUA_TNONE
        }
        return lua_type(L, -1)
    }
}

extension TreeReader {
    /// Items from+1 … from+n (1-based) of the data source of a picker or
    /// dropdown `anchor`, as popup rows: a string is a title, a table gives
    /// `title` and `icon`. A failed call is an empty row (its error is reported).
    func loadPopupRows(anchor: Int32, _ source: RowSource, from start: Int, count n: Int, name: String) -> [Popup.Row] {
        guard n > 0, source.isFunction else { return [] }
        pushTable(anchor: anchor)
        let t = lua_gettop(L)
        pushRowOrigin(of: t, source, .items)
        defer { lua_settop(L, t - 1) }
        let origin = lua_gettop(L)
        var result: [Popup.Row] = []
        result.reserveCapacity(n)
        withCalls {
            for i in (start + 1)...(start + n) {
                defer { lua_settop(L, origin) }
                switch pushRow(from: origin, source, index: i, name: name + ".item") {
                case LUA_TSTRING: result.append(Popup.Row(title: LuaState.string(L, at: -1), icon: nil))
                case LUA_TTABLE:
                    let t = lua_gettop(L)
                    pushName("title")
                    let title = lua_rawget(L, t) == LUA_TSTRING ? LuaState.string(L, at: -1) : nil
                    if title == nil { problem("\(name): item(\(i)).title must be a string (got \(typeName(-1)))") }
                    pushName("icon")
                    let icon = lua_rawget(L, t) == LUA_TSTRING ? LuaState.string(L, at: -1) : nil
                    result.append(Popup.Row(title: title ?? "", icon: icon))
                case LUA_TNONE: result.append(Popup.Row(title: "", icon: nil))
                default:
                    problem("\(name): item(\(i)) must be a table or a string (got \(typeName(-1)))")
                    result.append(Popup.Row(title: "", icon: nil))
                }
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
