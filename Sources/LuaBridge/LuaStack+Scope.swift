/// Scopes for the values a reader pushes, so that code outside LuaBridge
/// never counts pops or sets the top itself: what a scope pushed is gone when
/// it ends, by any path (`return`, `throw`, an early `guard`).
extension LuaStack {
    /// Runs `body`; every value it leaves pushed is popped when it returns.
    /// The values below it are untouched, so a scope can nest in another.
    @inlinable @inline(__always)
    public func restoringTop<R, E: Error>(_ body: () throws(E) -> R) throws(E) -> R {
        let top = self.top
        defer { self.top = top }
        return try body()
    }

    /// Runs `push`, which pushes values and tells whether it pushed them
    /// all; when it did not, what it pushed is popped. Its answer is returned.
    @inlinable
    public func pushAllOrNothing(_ push: () -> Bool) -> Bool {
        let top = self.top
        guard push() else {
            self.top = top
            return false
        }
        return true
    }

    /// The `balanced` check of debug builds only, for an entry point so hot
    /// (a key, a frame) that a release build skips even the compare.
    @inlinable @inline(__always)
    public func balancedInDebug<R>(_ entry: @autoclosure () -> String, _ body: () -> R) -> R {
        #if DEBUG
        return balanced(entry(), body)
        #else
        return body()
        #endif
    }

    // MARK: - A Swift function's arguments

    /// Keeps the first `count` values of a Swift function's stack (its
    /// arguments): extra ones are dropped, missing ones become nil, so that
    /// what it pushes next lands at `count + 1` (`lua_settop(L, n)` in lauxlib's functions).
    @inlinable @inline(__always)
    public func keepArguments(_ count: Int32) { top = count }

    /// Drops a Swift function's arguments, before it pushes the values it returns or yields.
    @inlinable @inline(__always)
    public func dropArguments() { top = 0 }
}
