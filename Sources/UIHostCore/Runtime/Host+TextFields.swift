import CLua
import CLuaShim
import LuaBridge

/// What text fields ask of the script: writing a string field, and asking the
/// script's `validate` for a message (run by `Host.apply`, never by a node).
extension Dispatcher {
    /// `component[field] = value` (nil clears it), raw.
    func setString(anchor: Int32, field: StaticString, _ value: String?) {
        pushComponent(anchor)
        reader.pushName(field)
        if let value { lua.push(value) } else { lua_pushnil(L) }
        lua_rawset(L, -3)
        lua_settop(L, -2)
        invalidation.layout = true
    }

    /// `component.validate(value)`: its message, or nil when it returned nil
    /// (or is not set). An error in it shows in the banner and lets the value pass.
    func validate(anchor: Int32, _ value: String) -> String? {
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        pushComponent(anchor)
        reader.pushName("validate")
        lua_rawget(L, -2)
        guard lua_type(L, -1) == LUA_TFUNCTION else { return nil }
        lua.push(value)
        do {
            try lua.call(nargs: 1, nresults: 1)
        } catch {
            report(error)
            return nil
        }
        switch lua_type(L, -1) {
        case LUA_TNIL: return nil
        case LUA_TSTRING, LUA_TNUMBER: return LuaState.string(L, at: -1)
        default: return "validate: expected a message or nil (got \(reader.kinds.typeName(L, -1)))"
        }
    }

    /// Enter in a text field: a message from `validate` is written into `error`,
    /// and `onSubmit(value)` is called only when there is none.
    func submit(anchor: Int32, _ value: String) {
        let message = validate(anchor: anchor, value)
        setString(anchor: anchor, field: "error", message)
        if message == nil { call(anchor: anchor, handler: "onSubmit", [.string(value)]) }
    }
}
