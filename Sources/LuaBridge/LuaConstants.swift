import CLuaShim

/// Lua's registry pseudo-index, a macro expression Swift cannot import.
public let LUA_REGISTRYINDEX: Int32 = uih_registryindex()
