import LuaBridge

/// `list:scrollTo(i)` and `table:scrollTo(i)`: the cursor moves to row `i`
/// (clamped to the rows; written to `selected`, no handler called) and the
/// view shows it at its top as far as the rows allow. The cursor moves too
/// because a list and a table always show their cursor: a view scrolled
/// away from it would jump back at the next key.
enum CursorScroll {
    /// `top` says, from the kind's state as it is, the action that shows row `top` (0-based) first.
    static func scrollTo(_ L: OpaquePointer, kind: Kind, array: String,
                         top: (InteractionState, UnsafeRawPointer, Int) -> Action) -> Int32 {
        let host = UIModule.host(L)
        let s = LuaStack(L)
        guard host.kinds.kind(L, at: 1) == kind, let id = s.pointer(at: 1) else {
            return UIModule.argError(L, 1, "scrollTo", kind.constructorName)
        }
        // Its fields are in the storage behind the component.
        s.replaceWithStorage(at: 1)
        guard let wanted = s.exactInteger(at: 2) else { return UIModule.argError(L, 2, "scrollTo", "integer") }
        let index = s.withTable(at: 1) { component in
            // A data source's `count`, else the length of the array.
            let count = component.type("count") == .number ? component.int("count") ?? 0
                : component.withTable(array) { $0.count } ?? 0
            let index = Int(min(max(wanted, 1), Int64(max(count, 1))))
            component.set("selected", index)
            return index
        }
        host.apply(top(host.interaction, id, index - 1))
        return 0
    }
}

extension ListNode {
    static let methods: [(String, LuaSwiftFunction)] = [
        ("scrollTo", { CursorScroll.scrollTo($0!, kind: ListNode.kind, array: "items") { .set(ListScroll.self, $1, $2) } }),
    ]
}

extension TableNode {
    static let methods: [(String, LuaSwiftFunction)] = [
        ("scrollTo", {
            CursorScroll.scrollTo($0!, kind: TableNode.kind, array: "rows") { state, id, top in
                var view = state[TableState.self, id] ?? TableState()
                view.scroll = top
                view.onHeader = false
                // The host's own move: a replaced `rows` still resets the cursor.
                view.readSelected = top + 1
                return .set(TableState.self, id, view)
            }
        }),
    ]
}
