import CLua
import CLuaShim
import LuaBridge

/// The metatables that mark a table as a component of a kind. Each state has
/// one per kind; a component is recognised by its metatable's identity.
final class ComponentKinds {
    private var byPointer: [UnsafeRawPointer: Kind] = [:]
    private var refs: [Kind: Int32] = [:]

    init(_ L: OpaquePointer) {
        for kind in Kind.allCases {
            lua_createtable(L, 0, 2)
            _ = lua_pushstring(L, kind.constructorName)
            lua_setfield(L, -2, "__name")
            // getmetatable(component) answers the kind; setmetatable on it is refused.
            _ = lua_pushstring(L, kind.constructorName)
            lua_setfield(L, -2, "__metatable")
            byPointer[lua_topointer(L, -1)!] = kind
            refs[kind] = luaL_ref(L, LUA_REGISTRYINDEX)
        }
    }

    /// The kind of the component at `index`, or nil when it is not one.
    func kind(_ L: OpaquePointer, at index: Int32) -> Kind? {
        guard lua_type(L, index) == LUA_TTABLE, lua_getmetatable(L, index) != 0 else { return nil }
        let p = lua_topointer(L, -1)
        lua_settop(L, -2)
        return p.flatMap { byPointer[$0] }
    }

    /// `nil`, `number`, … or `a ui.button` for a component, for messages.
    func typeName(_ L: OpaquePointer, _ index: Int32) -> String {
        if let kind = kind(L, at: index) { return "a " + kind.constructorName }
        return String(cString: lua_typename(L, lua_type(L, index)))
    }

    /// Marks the table at `index` as a component of `kind`.
    func mark(_ L: OpaquePointer, at index: Int32, as kind: Kind) {
        let t = lua_absindex(L, index)
        lua_rawgeti(L, LUA_REGISTRYINDEX, lua_Integer(refs[kind]!))
        lua_setmetatable(L, t)
    }
}
