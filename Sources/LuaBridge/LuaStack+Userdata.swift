import CLua

/// Full userdata holding one plain Swift value (an id, never an object: Lua
/// copies no Swift references and runs no Swift deinit), tagged by a named
/// metatable in the registry, as `luaL_newmetatable`/`luaL_testudata` do.
extension LuaStack {
    /// Pushes the metatable `name`, made empty first when new; true when new.
    @discardableResult
    public func pushMetatable(named name: String) -> Bool {
        luaL_newmetatable(L, name) != 0
    }

    /// Pushes a new userdata holding `value`, with the metatable `name`.
    public func pushUserdata<T: BitwiseCopyable>(_ value: T, metatable name: String) {
        let p = lua_newuserdatauv(L, MemoryLayout<T>.size, 0)!
        p.storeBytes(of: value, as: T.self)
        _ = lua_getfield(L, LUA_REGISTRYINDEX, name)
        lua_setmetatable(L, -2)
    }

    /// The value in the userdata at `index` when its metatable is `name`.
    public func userdata<T: BitwiseCopyable>(at index: Int32, metatable name: String, as: T.Type) -> T? {
        luaL_testudata(L, index, name)?.load(as: T.self)
    }
}
