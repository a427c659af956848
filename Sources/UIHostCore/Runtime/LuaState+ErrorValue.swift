import CLua
import CLuaShim
import LuaBridge

/// The message of an error value a coroutine ended with: handlers get theirs
/// from the traceback handler of `uih_pcall`, but a resume has none.
extension LuaState {
    /// The error on top of the failed coroutine `co` as text: a string as it
    /// is; a value with `__tostring`, what that returns (run within the
    /// limits, as the call that raised it was); otherwise
    /// `FILE:LINE: (error object is a T value)` at the line that raised it.
    func errorMessage(ofFailed co: OpaquePointer) -> String {
        if lua_type(co, -1) == LUA_TSTRING { return LuaState.string(co, at: -1) }
        let typeName = String(cString: lua_typename(co, lua_type(co, -1)))
        // A dead coroutine runs nothing: the value is looked at on the main thread.
        _ = lua_checkstack(co, 1)
        lua_pushvalue(co, -1)
        lua_xmove(co, L, 1)
        defer { lua_settop(L, -2) }
        if luaL_getmetafield(L, -1, "__tostring") != LUA_TNIL {
            lua_settop(L, -2)
            let status = withBudget(on: L) { uih_ptostring(L, -1) }
            let text = status == LUA_OK && lua_type(L, -1) == LUA_TSTRING ? LuaState.string(L, at: -1) : nil
            lua_settop(L, -2)
            // A __tostring that failed leaves the error as it was; a limit it passed is its own.
            if status != LUA_OK { uih_clearlimits(L) }
            if let text { return text }
        }
        return LuaState.errorLocation(in: co) + "(error object is a \(typeName) value)"
    }

    /// `FILE:LINE: ` of the innermost Lua function on `co`'s stack, or "".
    private static func errorLocation(in co: OpaquePointer) -> String {
        var ar = lua_Debug()
        var level: Int32 = 0
        while lua_getstack(co, level, &ar) != 0 {
            lua_getinfo(co, "Sl", &ar)
            if ar.currentline > 0 {
                let source = withUnsafePointer(to: ar.short_src) {
                    $0.withMemoryRebound(to: CChar.self, capacity: Int(LUA_IDSIZE)) { String(cString: $0) }
                }
                return "\(source):\(ar.currentline): "
            }
            level += 1
        }
        return ""
    }
}
