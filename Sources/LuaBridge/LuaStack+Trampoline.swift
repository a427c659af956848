import CLua
import CLuaShim

/// A Swift function Lua can call. It runs behind the shim's C trampoline and
/// never raises itself: it returns a result count, or one of the codes below
/// with the error value on top, and the trampoline raises once Swift has returned.
public typealias LuaSwiftFunction = uih_SwiftFunction

/// What a `LuaSwiftFunction` returns besides a result count.
public enum LuaTrampoline {
    /// Raise the string on top, prefixed with the calling line's `file:line:`.
    public static let raiseWhere: Int32 = UIH_RAISE_WHERE
    /// Raise the value on top as it is (an error that already names its place).
    public static let raiseAsIs: Int32 = UIH_RAISE
    /// Yield the `count` values on top (a Swift function of a coroutine).
    public static func yield(_ count: Int32) -> Int32 { UIH_YIELD_BASE - count }
}

extension LuaStack {
    /// Pushes `message` and returns the code that raises it at the caller's line.
    public func raise(_ message: String) -> Int32 {
        push(message)
        return LuaTrampoline.raiseWhere
    }

    /// Pushes `message` and returns the code that raises it as it is.
    public func raiseAsIs(_ message: String) -> Int32 {
        push(message)
        return LuaTrampoline.raiseAsIs
    }

    /// Raises Lua's own wording: `bad argument #2 to 'open' (string expected, got nil)`.
    public func argumentError(_ n: Int32, _ function: String, expected: String) -> Int32 {
        raise("bad argument #\(n) to '\(function)' (\(expected) expected, got \(typeName(at: n)))")
    }

    /// Pushes `f` as a Lua function.
    public func push(_ f: LuaSwiftFunction) { uih_pushswiftfunction(L, f) }

    /// `t[name] = f` for the table at `index` (the host's own, see `setField`).
    public func setFunction(_ name: String, _ f: LuaSwiftFunction, at index: Int32 = -1) {
        let t = absolute(index)
        push(f)
        setField(name, at: t)
    }
}
