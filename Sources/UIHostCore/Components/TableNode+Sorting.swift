import LuaBridge

extension TableNode {
    /// Sorts `rows` in place, stably, by `key`; `selected` follows its row.
    struct SortRows: KindEffect {
        let anchor: Int32
        let key: TableColumnKey
        let ascending: Bool
        let selected: Int

        var readsEverythingAgain: Bool { true }

        func run(_ context: EffectContext) {
            context.dispatcher.sortRows(anchor: anchor, key: key, ascending: ascending, selected: selected)
        }
    }
}

/// A sortable table's `rows`, sorted in place by the host: the script's array
/// ends up in the new order, so `selected`, `onSelect(row, index)` and the
/// script itself all see the rows as they are shown.
extension Dispatcher {
    /// One cell's value as the sort compares it: numbers, then strings (byte
    /// order), then booleans (false first), then missing values (and NaN), in
    /// every direction (a blank cell stays at the bottom).
    enum SortValue {
        case number(Double)
        case string(String)
        case boolean(Bool)
        case missing

        var rank: Int {
            switch self {
            case .number: 0
            case .string: 1
            case .boolean: 2
            case .missing: 3
            }
        }

        /// -1, 0 or 1; missing values are equal among themselves.
        static func compare(_ a: SortValue, _ b: SortValue) -> Int {
            switch (a, b) {
            case let (.number(x), .number(y)): return x < y ? -1 : x > y ? 1 : 0
            case let (.string(x), .string(y)):
                if x == y { return 0 }
                return x.utf8.lexicographicallyPrecedes(y.utf8) ? -1 : 1
            case let (.boolean(x), .boolean(y)): return x == y ? 0 : (!x ? -1 : 1)
            default: return a.rank < b.rank ? -1 : a.rank > b.rank ? 1 : 0
            }
        }
    }

    /// Sorts `component.rows` by `key`, stably (rows with equal keys keep
    /// their order, in either direction), and moves `selected` with its row.
    fileprivate func sortRows(anchor: Int32, key: TableColumnKey, ascending: Bool, selected: Int) {
        s.restoringTop { sortRows(of: anchor, key: key, ascending: ascending, selected: selected) }
    }

    private func sortRows(of anchor: Int32, key: TableColumnKey, ascending: Bool, selected: Int) {
        pushComponent(anchor)
        let t = s.top
        reader.pushName("rows")
        guard s.rawGet(at: t) == .table else { return }
        let rows = s.top
        let n = Int(s.rawLength(at: rows))
        guard n > 1 else { return }
        guard n <= HostLimits.maxSortedRows else {
            report("ui.table: \(n) rows are too many to sort here (at most \(HostLimits.maxSortedRows)); sort them in onSort with a data source")
            return
        }
        var values: [SortValue] = []
        values.reserveCapacity(n)
        // Sorted by what shows (the first `HostLimits.maxDisplayBytes` of a
        // string), and one string in every row is copied once, not n times.
        let strings = DisplayStrings(cachedFrom: 16)
        switch key {
        case .name(let name): LuaState.push(L, name)
        case .index: s.pushNil()
        }
        let name = s.top
        for i in 1...n {
            let value = s.restoringTop { () -> SortValue in
                guard s.rawGetIndex(at: rows, i) == .table else { return .missing }
                switch key {
                case .name:
                    s.pushCopy(of: name)
                    s.rawGet(at: -2)
                case .index(let k): s.rawGetIndex(at: -1, k)
                }
                switch s.type(at: -1) {
                case .number:
                    // NaN is unordered: counted as missing, the order stays total.
                    let x = s.toNumber(at: -1)
                    return x.isNaN ? .missing : .number(x)
                case .string: return .string(strings.string(L, at: -1))
                case .boolean: return .boolean(s.truth(at: -1))
                default: return .missing
                }
            }
            values.append(value)
        }
        var order = Array(0..<n)
        order.sort { a, b in
            var c = SortValue.compare(values[a], values[b])
            if !ascending, values[a].rank != 3, values[b].rank != 3 { c = -c }
            return c != 0 ? c < 0 : a < b
        }
        // Copy the rows aside, then write them back in the new order.
        s.pushNewTable(arrayCount: Int32(min(n, Int(Int32.max))))
        let copy = s.top
        for i in 1...n {
            s.rawGetIndex(at: rows, i)
            s.rawSetIndex(at: copy, i)
        }
        for (i, from) in order.enumerated() {
            s.rawGetIndex(at: copy, from + 1)
            s.rawSetIndex(at: rows, i + 1)
        }
        if selected >= 1, selected <= n, let moved = order.firstIndex(of: selected - 1) {
            reader.pushName("selected")
            s.pushInteger(moved + 1)
            s.rawSet(at: t)
        }
        invalidation.layout = true
    }
}
