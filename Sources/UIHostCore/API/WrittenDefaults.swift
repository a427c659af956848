import LuaBridge

/// The defaults a constructor writes into a new component's table (a field
/// spec's `writtenDefault`): `selected` is there from the start, so that
/// `onAppear` and tests read the truth before any choice.
enum WrittenDefaults {
    /// Writes the unset fields among `fields` that have a written default into the table at `t`.
    static func write(_ L: OpaquePointer, at t: Int32, _ fields: [FieldSpec]) {
        let s = LuaStack(L)
        for spec in fields {
            guard let rule = spec.writtenDefault else { continue }
            let t = s.absolute(t)
            s.restoringTop { write(L, at: t, spec.name, rule) }
        }
    }

    /// Leaves values on the stack; the caller restores the top.
    private static func write(_ L: OpaquePointer, at t: Int32, _ name: String, _ rule: WrittenDefault) {
        let s = LuaStack(L)
        guard s.rawGet(at: t, name) == .nil else { return }
        switch rule {
        case .firstIndex(of: .children):
            guard s.rawLength(at: t) > 0 else { return }
            LuaState.push(L, name)
            s.pushInteger(1)
        case .firstIndex(of: .items), .firstIndex(of: .rows):
            // An array with rows, or a data source's positive count.
            let array = rule == .firstIndex(of: .rows) ? "rows" : "items"
            let rows = s.rawGet(at: t, array) == .table ? Int(s.rawLength(at: -1))
                : s.rawGet(at: t, "count") == .number ? Int(s.toInteger(at: -1)) : 0
            // A table's cursor is 1 even over no rows (as its docs say); a
            // list's stays unset until it has items.
            guard rows > 0 || rule == .firstIndex(of: .rows) else { return }
            LuaState.push(L, name)
            s.pushInteger(1)
        case .firstItemID(let unless):
            guard s.rawGet(at: t, "items") == .table, s.rawLength(at: -1) > 0 else {
                // A data source's choice is an index: the first, unless `unless` is set.
                guard s.rawGet(at: t, "count") == .number, s.toInteger(at: -1) > 0,
                      s.rawGet(at: t, unless) == .nil else { return }
                LuaState.push(L, name)
                s.pushInteger(1)
                s.rawSet(at: t)
                return
            }
            let items = s.top
            guard s.rawGet(at: t, unless) == .nil else { return }
            // The first item's id, or its index when it has none.
            let hasID = s.restoringTop { s.rawGetIndex(at: items, 1) == .table && s.rawGet(at: -1, "id") != .nil }
            LuaState.push(L, name)
            if hasID {
                s.rawGetIndex(at: items, 1)
                s.rawGet(at: -1, "id")
                s.remove(at: -2)
            } else {
                s.pushInteger(1)
            }
        }
        s.rawSet(at: t)
    }
}
