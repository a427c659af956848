/// Tables the host keeps in Lua's registry under a name (`uihost.…`), out of
/// every script's reach.
extension LuaStack {
    /// Runs `body` with the registry's table `name`, first making it when it
    /// is not there (with weak keys when `weakKeys`: an entry goes with its
    /// key). The stack is as before afterwards; nil when it cannot grow.
    public func withRegistryTable<R>(_ name: String, weakKeys: Bool = false, _ body: (LuaTable) -> R) -> R? {
        guard reserve(4) else { return nil }
        return withTable(at: LuaStack.registryIndex) { registry -> R in
            if registry.type(name) != .table {
                pushNewTable()
                if weakKeys {
                    pushNewTable(fieldCount: 1)
                    push("k")
                    setField("__mode", at: -2)
                    setMetatable(at: -2)
                }
                setField(name, at: registry.index)
            }
            return registry.withTable(name, body)!
        }
    }

    /// What `body` finds in the registry's table `name`; nil when there is no such table.
    public func withExistingRegistryTable<R>(_ name: String, _ body: (LuaTable) -> R?) -> R? {
        guard reserve(3) else { return nil }
        return withTable(at: LuaStack.registryIndex) { $0.withTable(name, body) ?? nil }
    }
}

extension LuaTable {
    /// `t[k] = n` for the key at stack index `key`.
    @inlinable public func set(keyAt key: Int32, _ n: Int) {
        let key = stack.absolute(key)
        stack.pushCopy(of: key)
        stack.pushInteger(n)
        stack.rawSet(at: index)
    }

    /// `t[k]` for the key at stack index `key`, when it is an integer.
    @inlinable public func int(keyAt key: Int32) -> Int? {
        let key = stack.absolute(key)
        stack.pushCopy(of: key)
        stack.rawGet(at: index)
        defer { stack.pop() }
        return stack.integer(at: -1).map { Int(truncatingIfNeeded: $0) }
    }
}
