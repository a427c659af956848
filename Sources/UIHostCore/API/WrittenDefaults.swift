import LuaBridge

/// The defaults a constructor writes into a new component's table (a field
/// spec's `writtenDefault`): `selected` is there from the start, so that
/// `onAppear` and tests read the truth before any choice.
enum WrittenDefaults {
    /// Writes the unset fields among `fields` that have a written default into the table at `t`.
    static func write(_ L: OpaquePointer, at t: Int32, _ fields: [FieldSpec]) {
        for spec in fields {
            guard let rule = spec.writtenDefault else { continue }
            let top = LuaStack(L).top
            write(L, at: LuaStack(L).absolute(t), spec.name, rule)
            LuaStack(L).top = top
        }
    }

    /// Leaves values on the stack; the caller restores the top.
    private static func write(_ L: OpaquePointer, at t: Int32, _ name: String, _ rule: WrittenDefault) {
        guard LuaStack(L).rawGet(at: t, name) == .nil else { return }
        switch rule {
        case .firstIndex(of: .children):
            guard LuaStack(L).rawLength(at: t) > 0 else { return }
            LuaState.push(L, name)
            LuaStack(L).pushInteger(1)
        case .firstIndex(of: .items), .firstIndex(of: .rows):
            // An array with rows, or a data source's positive count.
            let array = rule == .firstIndex(of: .rows) ? "rows" : "items"
            let rows = LuaStack(L).rawGet(at: t, array) == .table ? Int(LuaStack(L).rawLength(at: -1))
                : LuaStack(L).rawGet(at: t, "count") == .number ? Int(LuaStack(L).toInteger(at: -1)) : 0
            guard rows > 0 else { return }
            LuaState.push(L, name)
            LuaStack(L).pushInteger(1)
        case .firstItemID(let unless):
            guard LuaStack(L).rawGet(at: t, "items") == .table, LuaStack(L).rawLength(at: -1) > 0 else { return }
            let items = LuaStack(L).top
            guard LuaStack(L).rawGet(at: t, unless) == .nil else { return }
            let key = LuaStack(L).top + 1
            LuaState.push(L, name)
            // The first item's id, or its index when it has none.
            if LuaStack(L).rawGetIndex(at: items, 1) == .table, LuaStack(L).rawGet(at: -1, "id") != .nil {
                LuaStack(L).copy(-1, into: key + 1)
                LuaStack(L).top = key + 1
            } else {
                LuaStack(L).top = key
                LuaStack(L).pushInteger(1)
            }
        }
        LuaStack(L).rawSet(at: t)
    }
}
