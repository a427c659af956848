/// A Lua function held from Swift, called through `LuaState.call` (the
/// traceback `pcall` with the instruction budget armed), so no Lua error
/// unwinds a Swift frame: it comes back as a thrown `LuaError`.
public final class LuaFunction {
    public let ref: LuaRef

    public init(_ ref: LuaRef) { self.ref = ref }

    /// Pops the function on top of `stack` (a thread of `state`).
    public convenience init(popping stack: LuaStack, of state: LuaState) {
        self.init(LuaRef(popping: stack, of: state))
    }

    /// Calls the function with `arguments` on `thread` (the main stack by
    /// default) and returns `results` values (all of them for
    /// `LuaState.allResults`). The stack is as before afterwards, on success and on error.
    @discardableResult
    public func call(_ arguments: [LuaValue] = [], results: Int32 = 0, on thread: LuaStack? = nil) throws(LuaError) -> [LuaValue] {
        let state = ref.state
        let stack = thread ?? state.stack
        let base = stack.top
        defer { stack.top = base }
        guard stack.reserve(Int32(arguments.count) + 1) else {
            throw LuaError.runtime(message: "stack overflow (too many arguments)", traceback: "")
        }
        ref.push(onto: stack)
        for argument in arguments { stack.push(argument) }
        try state.call(nargs: Int32(arguments.count), nresults: results, on: stack.L)
        var values: [LuaValue] = []
        if stack.top > base {
            for i in (base + 1)...stack.top { values.append(state.value(at: i, on: stack)) }
        }
        return values
    }
}
