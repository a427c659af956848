import CLuaShim

/// Lua's registry pseudo-index, a macro expression Swift cannot import.
@inlinable public var LUA_REGISTRYINDEX: Int32 { uih_registryindex() }

import CLua

/// Pushes `t[key]` for the table at `index` without metamethods; returns its type.
@discardableResult
public func lua_getfield_raw(_ L: OpaquePointer, _ index: Int32, _ key: String) -> Int32 {
    let t = lua_absindex(L, index)
    LuaState.push(L, key)
    return lua_rawget(L, t)
}
