import CLua

/// Copying a value across the boundary between two environments of one state
/// (`ui.call`, `ui.run`'s arguments): what arrives shares nothing with what
/// was sent, so neither side can reach the other's tables through it.
extension LuaStack {
    /// How much one message may hold: its values (each table, key and value
    /// counts one), the bytes of its strings, and how deep its tables nest.
    public struct MessageLimits: Sendable {
        public var values: Int
        public var bytes: Int
        public var depth: Int
        public init(values: Int = 100_000, bytes: Int = 16 << 20, depth: Int = 100) {
            self.values = values
            self.bytes = bytes
            self.depth = depth
        }
    }

    /// What is left of a message's limits while its values are copied.
    public struct MessageBudget {
        public let limits: MessageLimits
        var values: Int
        var bytes: Int
        public init(_ limits: MessageLimits) {
            self.limits = limits
            values = limits.values
            bytes = limits.bytes
        }
    }

    /// Pushes a deep copy of the value at `index`: nil, booleans, numbers,
    /// strings, and tables of those (raw contents; metatables are not copied).
    /// Returns why it cannot be sent (a function, a cycle, too big), with the
    /// stack as before; nil when the copy is on top.
    public func pushMessageCopy(of index: Int32, budget: inout MessageBudget) -> String? {
        var path: [UnsafeRawPointer] = []
        guard let problem = pushMessageCopy(of: absolute(index), budget: &budget, path: &path) else { return nil }
        return problem.place.isEmpty ? problem.what : problem.what + " at " + problem.place.reversed().joined()
    }

    private struct CopyProblem {
        let what: String
        /// Keys from the innermost out, as `.name` or `[1]`.
        var place: [String] = []
    }

    private func pushMessageCopy(of i: Int32, budget: inout MessageBudget, path: inout [UnsafeRawPointer]) -> CopyProblem? {
        budget.values -= 1
        if budget.values < 0 { return CopyProblem(what: "more than \(budget.limits.values) values") }
        switch type(at: i) {
        case .nil, .none: pushNil()
        case .boolean: push(truth(at: i))
        case .lightUserdata:
            // Only the host makes light userdata (`ui.json.null`): a plain value with nothing behind it to reach.
            lua_pushlightuserdata(L, lua_touserdata(L, i))
        case .number:
            if isInteger(at: i) { push(Int64(lua_tointegerx(L, i, nil))) } else { push(lua_tonumberx(L, i, nil)) }
        case .string:
            var len = 0
            let p = lua_tolstring(L, i, &len)
            budget.bytes -= len
            if budget.bytes < 0 { return CopyProblem(what: "more than \(budget.limits.bytes >> 20) MiB of strings") }
            _ = lua_pushlstring(L, p, len)
        case .table:
            // A component is copied as its fields: those of the storage behind its proxy.
            if pushStorage(of: i) {
                let storage = top
                defer { lua_rotate(L, storage, -1); pop() }
                budget.values += 1
                return pushMessageCopy(of: storage, budget: &budget, path: &path)
            }
            let table = lua_topointer(L, i)!
            // Scanned, not hashed: the path is as short as the nesting.
            if path.contains(table) { return CopyProblem(what: "a cycle") }
            guard path.count < budget.limits.depth else {
                return CopyProblem(what: "tables nested more than \(budget.limits.depth) deep")
            }
            guard reserve(5) else { return CopyProblem(what: "out of stack") }
            path.append(table)
            defer { path.removeLast() }
            lua_createtable(L, 0, 0)
            let copy = top
            lua_pushnil(L)
            while lua_next(L, i) != 0 {
                let key = top - 1
                switch type(at: key) {
                case .string, .number, .boolean: break
                default:
                    let problem = CopyProblem(what: "a \(typeName(at: key)) key (keys must be strings, numbers or booleans)")
                    top = copy - 1
                    return problem
                }
                // The key is a plain value: pushed as it is, then the copied value.
                lua_pushvalue(L, key)
                if var problem = pushMessageCopy(of: key + 1, budget: &budget, path: &path) {
                    problem.place.append(keyName(at: key))
                    top = copy - 1
                    return problem
                }
                lua_rawset(L, copy)
                lua_settop(L, copy + 1)
            }
        default:
            return CopyProblem(what: "a \(typeName(at: i)) (only nil, booleans, numbers, strings and tables of them can be sent)")
        }
        return nil
    }

    /// `.name` or `[1]`, for a message; never converts the key in place
    /// (lua_tolstring would turn a number key into a string under lua_next).
    private func keyName(at key: Int32) -> String {
        switch type(at: key) {
        case .string: return "." + String(LuaState.string(L, at: key).prefix(40))
        case .number: return isInteger(at: key) ? "[\(lua_tointegerx(L, key, nil))]" : "[\(lua_tonumberx(L, key, nil))]"
        default: return "[\(truth(at: key))]"
        }
    }
}
