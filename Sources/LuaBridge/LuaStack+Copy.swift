import CLua

/// Copying values between two Lua states (a test script reading an app's
/// values with `app:eval`): nil, booleans, numbers, strings and tables of them;
/// anything else becomes its type name.
extension LuaStack {
    /// Pushes onto `target` a copy of the value at `index`; returns a problem or nil.
    /// Both stacks are as before (plus the copy on `target`) on every path.
    public func copy(_ index: Int32, to target: LuaStack, depth: Int = 0) -> String? {
        let i = absolute(index)
        switch type(at: i) {
        case .nil, .none: target.pushNil()
        case .boolean: target.push(truth(at: i))
        case .number:
            if isInteger(at: i) { target.push(Int64(lua_tointegerx(L, i, nil))) } else { target.push(lua_tonumberx(L, i, nil)) }
        case .string:
            var len = 0
            let p = lua_tolstring(L, i, &len)
            _ = lua_pushlstring(target.L, p, len)
        case .table:
            // A component is copied as its fields: those of the storage behind its proxy.
            if pushStorage(of: i) {
                defer { pop() }
                return copy(-1, to: target, depth: depth)
            }
            guard depth < 32 else { return "table nested too deep (or a cycle)" }
            guard reserve(4), target.reserve(4) else { return "out of stack" }
            target.pushNewTable()
            lua_pushnil(L)
            while lua_next(L, i) != 0 {
                if let problem = copy(-2, to: target, depth: depth + 1) {
                    pop(2)
                    target.pop()
                    return problem
                }
                if let problem = copy(-1, to: target, depth: depth + 1) {
                    pop(2)
                    target.pop(2)
                    return problem
                }
                if target.type(at: -2) == .nil {
                    target.pop(2)
                } else {
                    target.rawSet(at: -3)
                }
                pop()
            }
        default:
            target.push(typeName(at: i))
        }
        return nil
    }
}
