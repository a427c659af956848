/// Limits of a call into code that has limits of its own (a plugin), wherever
/// the call comes from.
extension LuaState {
    /// Runs `body`, which calls into Lua, under at most `instructions` and
    /// `seconds`. From the host's own event they are the call's budget and time
    /// limit. While another call runs (a plugin's function reached from the
    /// screen's handler through `ui.call` or `ui.run`), the instructions come
    /// out of that call's budget, fewer when the plugin's are fewer, never
    /// more; what the inner call used is taken from the outer one. The outer
    /// call's time window stays: the CPU tick cannot be split.
    public func withLimits<T, E: Error>(instructions: Int64?, seconds: Double, _ body: () throws(E) -> T) throws(E) -> T {
        let rt = runtime
        guard rt.pointee.inCall > 0 else {
            let budget = instructionBudget, limit = timeLimit
            instructionBudget = instructions
            timeLimit = seconds
            defer {
                instructionBudget = budget
                timeLimit = limit
            }
            return try body()
        }
        guard let instructions else { return try body() }
        let outer = rt.pointee.budget, outerStart = rt.pointee.budgetStart
        let start = outer < 0 ? instructions : min(outer, instructions)
        rt.pointee.budget = start
        rt.pointee.budgetStart = start
        defer {
            let used = start - max(0, rt.pointee.budget)
            rt.pointee.budget = outer < 0 ? -1 : max(0, outer - used)
            rt.pointee.budgetStart = outerStart
        }
        return try body()
    }
}
