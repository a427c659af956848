import CLua
import CLuaShim
import LuaBridge

/// A sortable table's `rows`, sorted in place by the host: the script's array
/// ends up in the new order, so `selected`, `onSelect(row, index)` and the
/// script itself all see the rows as they are shown.
extension Dispatcher {
    /// One cell's value as the sort compares it: numbers, then strings (byte
    /// order), then booleans (false first), then missing values, in every
    /// direction (a blank cell stays at the bottom).
    enum SortValue {
        case number(Double)
        case string(String)
        case boolean(Bool)
        case missing

        var rank: Int {
            switch self {
            case .number: 0
            case .string: 1
            case .boolean: 2
            case .missing: 3
            }
        }

        /// -1, 0 or 1; missing values are equal among themselves.
        static func compare(_ a: SortValue, _ b: SortValue) -> Int {
            switch (a, b) {
            case let (.number(x), .number(y)): return x < y ? -1 : x > y ? 1 : 0
            case let (.string(x), .string(y)):
                if x == y { return 0 }
                return x.utf8.lexicographicallyPrecedes(y.utf8) ? -1 : 1
            case let (.boolean(x), .boolean(y)): return x == y ? 0 : (!x ? -1 : 1)
            default: return a.rank < b.rank ? -1 : a.rank > b.rank ? 1 : 0
            }
        }
    }

    /// Sorts `component.rows` by `key`, stably (rows with equal keys keep
    /// their order, in either direction), and moves `selected` with its row.
    func sortRows(anchor: Int32, key: TableColumnKey, ascending: Bool, selected: Int) {
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        pushComponent(anchor)
        let t = lua_gettop(L)
        reader.pushName("rows")
        guard lua_rawget(L, t) == LUA_TTABLE else { return }
        let rows = lua_gettop(L)
        let n = Int(lua_rawlen(L, rows))
        guard n > 1 else { return }
        guard n <= HostLimits.maxSortedRows else {
            report("ui.table: \(n) rows are too many to sort here (at most \(HostLimits.maxSortedRows)); sort them in onSort with a data source")
            return
        }
        var values: [SortValue] = []
        values.reserveCapacity(n)
        switch key {
        case .name(let name): LuaState.push(L, name)
        case .index: lua_pushnil(L)
        }
        let name = lua_gettop(L)
        for i in 1...n {
            guard lua_rawgeti(L, rows, lua_Integer(i)) == LUA_TTABLE else {
                values.append(.missing)
                lua_settop(L, name)
                continue
            }
            switch key {
            case .name:
                lua_pushvalue(L, name)
                lua_rawget(L, -2)
            case .index(let k): lua_rawgeti(L, -1, lua_Integer(k))
            }
            switch lua_type(L, -1) {
            case LUA_TNUMBER: values.append(.number(lua_tonumberx(L, -1, nil)))
            case LUA_TSTRING: values.append(.string(LuaState.string(L, at: -1)))
            case LUA_TBOOLEAN: values.append(.boolean(lua_toboolean(L, -1) != 0))
            default: values.append(.missing)
            }
            lua_settop(L, name)
        }
        var order = Array(0..<n)
        order.sort { a, b in
            var c = SortValue.compare(values[a], values[b])
            if !ascending, values[a].rank != 3, values[b].rank != 3 { c = -c }
            return c != 0 ? c < 0 : a < b
        }
        // Copy the rows aside, then write them back in the new order.
        lua_createtable(L, Int32(min(n, Int(Int32.max))), 0)
        let copy = lua_gettop(L)
        for i in 1...n {
            lua_rawgeti(L, rows, lua_Integer(i))
            lua_rawseti(L, copy, lua_Integer(i))
        }
        for (i, from) in order.enumerated() {
            lua_rawgeti(L, copy, lua_Integer(from + 1))
            lua_rawseti(L, rows, lua_Integer(i + 1))
        }
        if selected >= 1, selected <= n, let moved = order.firstIndex(of: selected - 1) {
            reader.pushName("selected")
            lua_pushinteger(L, lua_Integer(moved + 1))
            lua_rawset(L, t)
        }
        invalidation.layout = true
    }
}
