import CLua
import CLuaShim

/// Opening the standard libraries, and the limits that watch them: library
/// functions that work in C for long are charged to the instruction budget.
extension LuaState {
    /// This state's main stack.
    @inlinable public var stack: LuaStack { LuaStack(L) }

    /// `nresults` for a call that keeps every result (`LUA_MULTRET`).
    public static let allResults: Int32 = LUA_MULTRET

    /// Opens every standard library (`luaL_openlibs`); a sandbox removes what
    /// a script may not use afterwards.
    public func openLibraries() { luaL_openlibs(L) }

    /// Opens what a sandbox keeps of them: not `package` and `debug` (which it
    /// removes at once unless everything is allowed), and `io` only when `io` is set. Opening all ten was
    /// 4% of a start's instructions.
    public func openSandboxLibraries(io: Bool) { uih_opensandboxlibs(L, io ? 1 : 0) }

    /// Makes the standard libraries' long-running C work count against the
    /// budget: coroutines keep the running thread known to the limits, pattern
    /// matching, `string.rep`, the table functions and the value functions
    /// (`select`, `table.unpack`, `utf8.char`…) are charged for what they do.
    public func chargeLibraryWork() {
        let s = stack
        s.getGlobal("coroutine")
        uih_wrapcoroutines(L)
        s.pop()
        s.getGlobal("string")
        uih_installpatterns(L)
        uih_chargerep(L)
        s.pop()
        s.getGlobal("table")
        uih_chargetablefunctions(L)
        s.pop()
        uih_chargevaluefunctions(L)
    }

    /// A wall-clock limit for the calls that follow (0 removes it): past it,
    /// Lua code raises "timed out after N s". For test scripts, whose cases
    /// have a time limit rather than an instruction budget.
    public func setDeadline(seconds: Double) { uih_setdeadline(L, seconds) }
}
