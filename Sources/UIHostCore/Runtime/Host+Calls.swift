import CLua
import CLuaShim
import LuaBridge

/// Calling the script's handlers and writing state back into its tables.
extension Host {
    enum Arg {
        /// The component table of a node.
        case component(Int32)
        case integer(Int)
        case string(String)
    }

    /// Pushes the table of node `anchor` of the current layout.
    func pushComponent(_ anchor: Int32) {
        lua_rawgeti(L, LUA_REGISTRYINDEX, lua_Integer(anchorRef))
        lua_rawgeti(L, -1, lua_Integer(anchor))
        uih_remove(L, -2)
    }

    private func push(_ arg: Arg) {
        switch arg {
        case .component(let anchor): pushComponent(anchor)
        case .integer(let n): lua_pushinteger(L, lua_Integer(n))
        case .string(let s): lua.push(s)
        }
    }

    /// Calls `component[handler](args…)` when it is a function.
    func call(anchor: Int32, handler: String, _ args: [Arg]) {
        pushComponent(anchor)
        lua.push(handler)
        lua_rawget(L, -2)
        uih_remove(L, -2)
        guard lua_type(L, -1) == LUA_TFUNCTION else {
            lua_settop(L, -2)
            return
        }
        for arg in args { push(arg) }
        invoke(nargs: Int32(args.count))
    }

    /// Calls `item[handler](item, index)`, or else `component[handler](item, index)`,
    /// for item `index` of the array in field `items`: the item's own handler wins.
    func callItem(anchor: Int32, items: String, index: Int, handler: String) {
        let top = lua_gettop(L)
        pushComponent(anchor)                                  // component
        lua.push(items)
        lua_rawget(L, -2)                                      // component items
        guard lua_type(L, -1) == LUA_TTABLE else {
            lua_settop(L, top)
            return
        }
        lua_rawgeti(L, -1, lua_Integer(index))                 // component items item
        uih_remove(L, -2)                                      // component item
        var found = false
        if lua_type(L, -1) == LUA_TTABLE {
            lua.push(handler)
            found = lua_rawget(L, -2) == LUA_TFUNCTION         // component item fn?
            if !found { lua_settop(L, -2) }
        }
        if !found {
            lua.push(handler)
            found = lua_rawget(L, -3) == LUA_TFUNCTION         // component item fn?
        }
        guard found else {
            lua_settop(L, top)
            return
        }
        lua_pushvalue(L, top + 2)                              // component item fn item
        lua_pushinteger(L, lua_Integer(index))                 // component item fn item index
        invoke(nargs: 2)
        lua_settop(L, top)
    }

    /// Calls the function below `nargs` arguments; an error goes to the banner.
    func invoke(nargs: Int32) {
        dirty = true
        do {
            try lua.call(nargs: nargs, nresults: 0)
        } catch {
            report(error)
        }
    }

    /// `component[field] = value`, raw.
    func setInteger(anchor: Int32, field: String, _ value: Int) {
        pushComponent(anchor)
        lua.push(field)
        lua_pushinteger(L, lua_Integer(value))
        lua_rawset(L, -3)
        lua_settop(L, -2)
        dirty = true
    }

    func setBoolean(anchor: Int32, field: String, _ value: Bool) {
        pushComponent(anchor)
        lua.push(field)
        lua_pushboolean(L, value ? 1 : 0)
        lua_rawset(L, -3)
        lua_settop(L, -2)
        dirty = true
    }
}
