import CLua
import CLuaShim

/// A value kept in the Lua registry for as long as Swift holds this object
/// (`luaL_ref`), released when the last holder lets go (`luaL_unref`).
///
/// A class rather than a non-copyable struct: refs are kept in arrays and
/// dictionaries (cases, timers, handlers), which need copyable elements, and
/// holding the `LuaState` strongly guarantees the state outlives every ref, so
/// a ref released late never touches a closed state. Refs are made when a
/// script registers something, not per field read, so the allocation does not
/// matter; the hot path reads tables through `LuaTable` instead.
public final class LuaRef {
    public let state: LuaState
    /// The registry slot; `LUA_REFNIL` (-1) for nil.
    public let slot: Int32

    /// Pops the value on top of `stack` (a thread of `state`) into the registry.
    public init(popping stack: LuaStack, of state: LuaState) {
        self.state = state
        self.slot = luaL_ref(stack.L, LUA_REGISTRYINDEX)
    }

    /// Pops the value on top of the state's main stack into the registry.
    public convenience init(popping state: LuaState) {
        self.init(popping: state.stack, of: state)
    }

    deinit {
        // Two slots for luaL_unref's own pushes; growing the stack allocates,
        // which never fails while Swift runs (uih_Runtime.inSwift).
        _ = lua_checkstack(state.L, 2)
        luaL_unref(state.L, LUA_REGISTRYINDEX, slot)
    }

    /// Pushes the value onto `stack` (the main one by default); returns its type.
    @discardableResult
    public func push(onto stack: LuaStack? = nil) -> LuaType {
        let s = stack ?? state.stack
        return LuaType(code: lua_rawgeti(s.L, LUA_REGISTRYINDEX, lua_Integer(slot)))
    }

    /// Whether both refs hold the same Lua value (`rawequal`): two refs made
    /// from one table have different slots.
    public func holdsSameValue(as other: LuaRef) -> Bool {
        if self === other || (state === other.state && slot == other.slot) { return true }
        guard state === other.state else { return false }
        let s = state.stack
        _ = lua_checkstack(s.L, 2)
        push(onto: s)
        other.push(onto: s)
        defer { s.pop(2) }
        return lua_rawequal(s.L, -1, -2) != 0
    }
}
