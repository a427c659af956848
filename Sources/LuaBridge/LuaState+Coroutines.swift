import CLua
import CLuaShim

/// Coroutines the host resumes (`ui.spawn`, `ui.sleep`, dialogs awaited by a
/// handler), and the message of an error value a coroutine ended with:
/// handlers get theirs from the traceback handler of `uih_pcall`, but a resume has none.
extension LuaState {
    /// How a resume ended.
    public enum Resumed {
        /// The coroutine yielded this many values (on its stack).
        case yielded(Int32)
        /// The coroutine's function returned this many values.
        case returned(Int32)
        /// It raised an error (its stack is left as the error left it).
        case failed(status: Int32)
    }

    /// Resumes `co` from thread `caller` (which Lua's C-stack limit counts
    /// from) with the `nargs` values on top of `co`, the instruction budget armed.
    public func resume(_ co: LuaStack, from caller: LuaStack, nargs: Int32) -> Resumed {
        var results: Int32 = 0
        let status = withBudget(on: co.L) { uih_resume(co.L, caller.L, nargs, &results) }
        switch status {
        case LUA_YIELD: return .yielded(results)
        case LUA_OK: return .returned(results)
        default: return .failed(status: status)
        }
    }

    /// The error of the failed coroutine `co`, with its traceback, classified
    /// (a limit it ran into, or an ordinary error).
    public func error(ofFailed co: LuaStack, status: Int32) -> LuaError {
        let message = errorMessage(ofFailed: co.L)
        luaL_traceback(L, co.L, nil, 0)
        let traceback = LuaState.string(L, at: -1, maxBytes: LuaError.maxMessageBytes)
        lua_settop(L, -2)
        return classify(status: status, message: message, traceback: traceback)
    }

    /// The error on top of the failed coroutine `co` as text: a string as it
    /// is; a value with `__tostring`, what that returns (run within the
    /// limits, as the call that raised it was); otherwise
    /// `FILE:LINE: (error object is a T value)` at the line that raised it.
    func errorMessage(ofFailed co: OpaquePointer) -> String {
        if lua_type(co, -1) == LUA_TSTRING { return LuaState.string(co, at: -1, maxBytes: LuaError.maxMessageBytes) }
        let typeName = String(cString: lua_typename(co, lua_type(co, -1)))
        // A dead coroutine runs nothing: the value is looked at on the main thread.
        _ = lua_checkstack(co, 1)
        lua_pushvalue(co, -1)
        lua_xmove(co, L, 1)
        defer { lua_settop(L, -2) }
        if luaL_getmetafield(L, -1, "__tostring") != LUA_TNIL {
            lua_settop(L, -2)
            let status = withBudget(on: L) { uih_ptostring(L, -1) }
            let text = status == LUA_OK && lua_type(L, -1) == LUA_TSTRING
                ? LuaState.string(L, at: -1, maxBytes: LuaError.maxMessageBytes) : nil
            lua_settop(L, -2)
            // A __tostring that failed leaves the error as it was; a limit it passed is its own.
            if status != LUA_OK { uih_clearlimits(L) }
            if let text { return text }
        }
        return LuaStack(co).location(fromLevel: 0) + "(error object is a \(typeName) value)"
    }
}

extension LuaStack {
    /// `FILE:LINE: ` of the innermost Lua function from `level` outwards that has a line, or "".
    func location(fromLevel level: Int32) -> String {
        var ar = lua_Debug()
        var level = level
        while lua_getstack(L, level, &ar) != 0 {
            lua_getinfo(L, "Sl", &ar)
            if ar.currentline > 0 { return LuaStack.source(of: ar) + ":\(ar.currentline): " }
            level += 1
        }
        return ""
    }

    private static func source(of ar: lua_Debug) -> String {
        withUnsafePointer(to: ar.short_src) {
            $0.withMemoryRebound(to: CChar.self, capacity: Int(LUA_IDSIZE)) { String(cString: $0) }
        }
    }

    /// Pushes `luaL_tolstring` of the value at `index` in protected mode (a
    /// `__tostring` may raise); false, with the error pushed instead, when it failed.
    public func pushToString(at index: Int32) -> Bool { uih_ptostring(L, index) == LUA_OK }
}
