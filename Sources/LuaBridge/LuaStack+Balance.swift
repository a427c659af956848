/// The check that an entry point leaves the Lua stack as it found it, in every
/// build (it is one `lua_gettop` and a compare).
///
/// A moved top is a host bug, never a script's: values left behind grow the
/// stack on every key press, and values taken away belonged to a caller. It
/// stops the program with a message (`fatalError`, whose text an optimised
/// build still prints, unlike `precondition`) rather than resetting the top:
/// a repair would hide the bug, and cannot give back the values a caller lost.
/// The terminal is restored by the crash handler (CTerminal's watchdog).
extension LuaStack {
    @inlinable
    public func balanced<R, E: Error>(_ entry: @autoclosure () -> String, _ body: () throws(E) -> R) throws(E) -> R {
        let before = top
        defer {
            let after = top
            if after != before { LuaStack.unbalanced(entry(), before, after) }
        }
        return try body()
    }

    @usableFromInline
    static func unbalanced(_ entry: String, _ before: Int32, _ after: Int32) -> Never {
        fatalError("Lua stack unbalanced by \(entry): \(before) -> \(after)")
    }
}
