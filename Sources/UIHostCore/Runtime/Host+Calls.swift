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
        case boolean(Bool)
    }

    /// Pushes a field name (interned once, see `TreeReader.pushName`).
    func name(_ key: StaticString) {
        reader.pushName(key)
    }

    /// Pushes `t[key]` for the table at `index`, raw; returns its type.
    @discardableResult
    func field(_ index: Int32, _ key: StaticString) -> Int32 {
        let t = lua_absindex(L, index)
        reader.pushName(key)
        return lua_rawget(L, t)
    }

    /// Pushes the table of node `anchor` of the current layout.
    func pushComponent(_ anchor: Int32) {
        lua_rawgeti(L, LUA_REGISTRYINDEX, lua_Integer(reader.anchorRef))
        lua_rawgeti(L, -1, lua_Integer(anchor))
        uih_remove(L, -2)
    }

    private func push(_ arg: Arg) {
        switch arg {
        case .component(let anchor): pushComponent(anchor)
        case .integer(let n): lua_pushinteger(L, lua_Integer(n))
        case .string(let s): lua.push(s)
        case .boolean(let b): lua_pushboolean(L, b ? 1 : 0)
        }
    }

    /// Calls `component[handler](args…)` when it is a function.
    func call(anchor: Int32, handler: StaticString, _ args: [Arg]) {
        pushComponent(anchor)
        name(handler)
        lua_rawget(L, -2)
        uih_remove(L, -2)
        guard lua_type(L, -1) == LUA_TFUNCTION else {
            lua_settop(L, -2)
            return
        }
        for arg in args { push(arg) }
        invoke(nargs: Int32(args.count))
    }

    /// How an item's handler and its component's are called.
    enum ItemDispatch {
        /// `item.onSelect(item, index)` if present, else the component's (lists).
        case itemWins
        /// The item's, then the component's, each with `(item)` (dropdowns).
        case itemThenComponent
        /// Only the component's, with `(item, index)` (pickers).
        case componentOnly
    }

    /// Writes `component[field] = index` and calls `component[handler](items[index], index)`.
    func choose(anchor: Int32, index: Int, field: StaticString, handler: StaticString) {
        setInteger(anchor: anchor, field: field, index)
        callItem(anchor: anchor, items: "items", index: index, handler: handler, dispatch: .componentOnly)
    }

    /// A dropdown choice: `selected` becomes the item's id (its index when it has
    /// none), `expanded` false; then the item's `onSelect` and the dropdown's.
    func chooseDropdownItem(anchor: Int32, index: Int) {
        let top = lua_gettop(L)
        pushComponent(anchor)                                  // top+1 dropdown
        field(top + 1, "items")                  // top+2 items
        if lua_type(L, top + 2) == LUA_TTABLE {
            lua_rawgeti(L, top + 2, lua_Integer(index))        // top+3 item
        } else {
            lua_pushnil(L)
        }
        name("selected")
        if lua_type(L, top + 3) != LUA_TTABLE || field(top + 3, "id") == LUA_TNIL {
            if lua_gettop(L) > top + 4 { lua_settop(L, -2) }
            lua_pushinteger(L, lua_Integer(index))
        }
        lua_rawset(L, top + 1)
        name("expanded")
        lua_pushboolean(L, 0)
        lua_rawset(L, top + 1)
        lua_settop(L, top)
        dirty = true
        callItem(anchor: anchor, items: "items", index: index, handler: "onSelect", dispatch: .itemThenComponent)
    }

    /// Calls the handlers of item `index` of the array in field `items`.
    func callItem(anchor: Int32, items: StaticString, index: Int, handler: StaticString, dispatch: ItemDispatch = .itemWins) {
        let top = lua_gettop(L)
        pushComponent(anchor)                                  // component
        name(items)
        lua_rawget(L, -2)                                      // component items
        guard lua_type(L, -1) == LUA_TTABLE else {
            lua_settop(L, top)
            return
        }
        lua_rawgeti(L, -1, lua_Integer(index))                 // component items item
        uih_remove(L, -2)                                      // component item
        let withIndex = dispatch != .itemThenComponent
        var calledItem = false
        if dispatch != .componentOnly, lua_type(L, -1) == LUA_TTABLE {
            name(handler)
            if lua_rawget(L, -2) == LUA_TFUNCTION {            // component item fn
                lua_pushvalue(L, top + 2)
                if withIndex { lua_pushinteger(L, lua_Integer(index)) }
                invoke(nargs: withIndex ? 2 : 1)
                calledItem = true
            } else {
                lua_settop(L, -2)
            }
        }
        if !calledItem || dispatch == .itemThenComponent {
            lua_settop(L, top + 2)
            name(handler)
            if lua_rawget(L, top + 1) == LUA_TFUNCTION {       // component item fn
                lua_pushvalue(L, top + 2)
                if withIndex { lua_pushinteger(L, lua_Integer(index)) }
                invoke(nargs: withIndex ? 2 : 1)
            }
        }
        lua_settop(L, top)
    }

    /// Whether `component[items][index].disabled` is true.
    func itemIsDisabled(anchor: Int32, items: StaticString, index: Int) -> Bool {
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        pushComponent(anchor)
        guard field(-1, items) == LUA_TTABLE, lua_rawgeti(L, -1, lua_Integer(index)) == LUA_TTABLE else { return false }
        return field(-1, "disabled") == LUA_TBOOLEAN && lua_toboolean(L, -1) != 0
    }

    /// Calls the function below `nargs` arguments; an error goes to the banner.
    @discardableResult
    func invoke(nargs: Int32) -> LuaError? {
        dirty = true
        do {
            try lua.call(nargs: nargs, nresults: 0)
            return nil
        } catch {
            report(error)
            return error
        }
    }

    /// `component[field] = value`, raw.
    func setInteger(anchor: Int32, field: StaticString, _ value: Int) {
        pushComponent(anchor)
        name(field)
        lua_pushinteger(L, lua_Integer(value))
        lua_rawset(L, -3)
        lua_settop(L, -2)
        dirty = true
    }

    func setBoolean(anchor: Int32, field: StaticString, _ value: Bool) {
        pushComponent(anchor)
        name(field)
        lua_pushboolean(L, value ? 1 : 0)
        lua_rawset(L, -3)
        lua_settop(L, -2)
        dirty = true
    }
}
