import CLua
import CLuaShim
import LuaBridge

/// The defaults a constructor writes into a new component's table (a field
/// spec's `writtenDefault`): `selected` is there from the start, so that
/// `onAppear` and tests read the truth before any choice.
enum WrittenDefaults {
    /// Writes the unset fields among `fields` that have a written default into the table at `t`.
    static func write(_ L: OpaquePointer, at t: Int32, _ fields: [FieldSpec]) {
        for spec in fields {
            guard let rule = spec.writtenDefault else { continue }
            let top = lua_gettop(L)
            write(L, at: lua_absindex(L, t), spec.name, rule)
            lua_settop(L, top)
        }
    }

    /// Leaves values on the stack; the caller restores the top.
    private static func write(_ L: OpaquePointer, at t: Int32, _ name: String, _ rule: WrittenDefault) {
        guard lua_getfield_raw(L, t, name) == LUA_TNIL else { return }
        switch rule {
        case .firstIndex(of: .children):
            guard lua_rawlen(L, t) > 0 else { return }
            LuaState.push(L, name)
            lua_pushinteger(L, 1)
        case .firstIndex(of: .items), .firstIndex(of: .rows):
            // An array with rows, or a data source's positive count.
            let array = rule == .firstIndex(of: .rows) ? "rows" : "items"
            let rows = lua_getfield_raw(L, t, array) == LUA_TTABLE ? Int(lua_rawlen(L, -1))
                : lua_getfield_raw(L, t, "count") == LUA_TNUMBER ? Int(lua_tointegerx(L, -1, nil)) : 0
            guard rows > 0 else { return }
            LuaState.push(L, name)
            lua_pushinteger(L, 1)
        case .firstItemID(let unless):
            guard lua_getfield_raw(L, t, "items") == LUA_TTABLE, lua_rawlen(L, -1) > 0 else {
                // A data source's choice is an index: the first, unless `unless` is set.
                guard lua_getfield_raw(L, t, "count") == LUA_TNUMBER, lua_tointegerx(L, -1, nil) > 0,
                      lua_getfield_raw(L, t, unless) == LUA_TNIL else { return }
                LuaState.push(L, name)
                lua_pushinteger(L, 1)
                lua_rawset(L, t)
                return
            }
            let items = lua_gettop(L)
            guard lua_getfield_raw(L, t, unless) == LUA_TNIL else { return }
            let key = lua_gettop(L) + 1
            LuaState.push(L, name)
            // The first item's id, or its index when it has none.
            if lua_rawgeti(L, items, 1) == LUA_TTABLE, lua_getfield_raw(L, -1, "id") != LUA_TNIL {
                lua_copy(L, -1, key + 1)
                lua_settop(L, key + 1)
            } else {
                lua_settop(L, key)
                lua_pushinteger(L, 1)
            }
        }
        lua_rawset(L, t)
    }
}
