import CLua
import CLuaShim
import LuaBridge

/// The metatables that mark a table as a component of a kind. Each state has
/// one per registered component; a component is recognised by its metatable's
/// identity: a scan of a few dozen pointers, cheaper than hashing one.
final class ComponentKinds {
    /// Index in `Registry.all` → its metatable's address.
    private let metatables: [UnsafeRawPointer]
    /// Index in `Registry.all` → the metatable's registry reference.
    private let refs: [Int32]
    /// Whether a script has used a size field (`width`, `minHeight`, …):
    /// until then layout reads none of them, so screens without sizes do not
    /// pay for them on every key. Set by a constructor that gets one, and by
    /// the metatables' `__newindex` when one is assigned later (`sizeFlagRef`).
    var sizesUsed = false
    /// A table whose [1] the metatables set when a size field is assigned.
    private let sizeFlagRef: Int32

    init(_ L: OpaquePointer) {
        var metatables: [UnsafeRawPointer] = [], refs: [Int32] = []
        lua_createtable(L, 1, 0)
        lua_pushvalue(L, -1)
        sizeFlagRef = luaL_ref(L, LUA_REGISTRYINDEX)
        let flag = lua_gettop(L)
        lua_createtable(L, 0, Int32(Sizing.watched.count))
        for name in Sizing.watched {
            lua_pushboolean(L, 1)
            lua_setfield(L, -2, name)
        }
        let names = lua_gettop(L)
        for component in Registry.all {
            let name = component.kind.constructorName
            lua_createtable(L, 0, 2)
            _ = lua_pushstring(L, name)
            lua_setfield(L, -2, "__name")
            // getmetatable(component) answers the kind; setmetatable on it is refused.
            _ = lua_pushstring(L, name)
            lua_setfield(L, -2, "__metatable")
            if !component.methods.isEmpty {
                lua_createtable(L, 0, Int32(component.methods.count))
                for (name, f) in component.methods {
                    uih_pushswiftfunction(L, f)
                    lua_setfield(L, -2, name)
                }
                lua_setfield(L, -2, "__index")
            }
            lua_pushvalue(L, names)
            lua_pushvalue(L, flag)
            uih_pushwatchednewindex(L)
            lua_setfield(L, -2, "__newindex")
            metatables.append(lua_topointer(L, -1)!)
            refs.append(luaL_ref(L, LUA_REGISTRYINDEX))
        }
        lua_settop(L, flag - 1)
        self.metatables = metatables
        self.refs = refs
    }

    /// Whether layout must read size fields: once true, true for good.
    func readsSizes(_ L: OpaquePointer) -> Bool {
        if sizesUsed { return true }
        lua_rawgeti(L, LUA_REGISTRYINDEX, lua_Integer(sizeFlagRef))
        sizesUsed = lua_rawgeti(L, -1, 1) != LUA_TNIL
        lua_settop(L, -3)
        return sizesUsed
    }

    /// The index in `Registry.all` of the component at `index`, or nil when it is not one.
    private func registryIndex(_ L: OpaquePointer, at index: Int32) -> Int? {
        guard lua_type(L, index) == LUA_TTABLE, lua_getmetatable(L, index) != 0 else { return nil }
        let p = lua_topointer(L, -1)
        lua_settop(L, -2)
        return p.flatMap { metatables.firstIndex(of: $0) }
    }

    /// The component type of the table at `index`, or nil when it is not one.
    func component(_ L: OpaquePointer, at index: Int32) -> (any Component.Type)? {
        registryIndex(L, at: index).map { Registry.all[$0] }
    }

    /// The kind of the component at `index`, or nil when it is not one.
    func kind(_ L: OpaquePointer, at index: Int32) -> Kind? {
        component(L, at: index)?.kind
    }

    /// `nil`, `number`, … or `a ui.button` for a component, for messages.
    func typeName(_ L: OpaquePointer, _ index: Int32) -> String {
        if let kind = kind(L, at: index) { return "a " + kind.constructorName }
        return String(cString: lua_typename(L, lua_type(L, index)))
    }

    /// Marks the table at `index` as a component of the registry's entry `component`.
    func mark(_ L: OpaquePointer, at index: Int32, as component: Int) {
        let t = lua_absindex(L, index)
        lua_rawgeti(L, LUA_REGISTRYINDEX, lua_Integer(refs[component]))
        lua_setmetatable(L, t)
    }
}
