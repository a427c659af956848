import LuaBridge

extension FieldReader {
    /// The size fields of the component, or nil when it sets none.
    func sizing() -> Sizing? {
        // A kind with a width or height of its own (an image's, a text area's
        // rows) keeps a count of cells: it is what the kind measures, not a
        // size in a stack. A percentage or share there is the stack's to place.
        let width = Sizing.ownWidth.contains(kind.rawValue) ? nil : dimension("width")
        var height = dimension("height")
        if Sizing.ownHeight.contains(kind.rawValue), case .cells? = height { height = nil }
        let sizing = Sizing()
        sizing.width = width
        sizing.height = height
        // Unset, a bound does not bound.
        sizing.minWidth = self[Schema.CommonFields.minWidth] ?? 0
        sizing.maxWidth = self[Schema.CommonFields.maxWidth] ?? .max
        sizing.minHeight = self[Schema.CommonFields.minHeight] ?? 0
        sizing.maxHeight = self[Schema.CommonFields.maxHeight] ?? .max
        if sizing.minWidth > sizing.maxWidth {
            reader.problem("\(fieldName("minWidth")) (\(sizing.minWidth)) is more than maxWidth (\(sizing.maxWidth))")
            sizing.maxWidth = .max
        }
        if sizing.minHeight > sizing.maxHeight {
            reader.problem("\(fieldName("minHeight")) (\(sizing.minHeight)) is more than maxHeight (\(sizing.maxHeight))")
            sizing.maxHeight = .max
        }
        return sizing.isEmpty ? nil : sizing
    }

    /// `width = 20`, `"30%"` or `"2fr"`; nil with a problem for anything else.
    func dimension(_ key: StaticString) -> Dimension? {
        // A number reads as its text: 20 as "20", 2.5 as "2.5" (refused).
        guard let s = string(key) else { return nil }
        if let n = Int(s), (0...Sizing.maxCells).contains(n) { return .cells(n) }
        if let d = Dimension.parse(string: s) { return d }
        reader.problem("\(fieldName(key)) must be a cell count, a percentage 0%…100% or a share 1fr…\(Dimension.maxFraction)fr (got '\(HostLimits.shortened(s))')")
        return nil
    }

    /// A kind's own row count in `key` (a scroll's, a text area's), nil when
    /// unset or when it is a percentage or share (a size its stack reads).
    func ownRows(_ key: StaticString, min lo: Int, max hi: Int) -> Int? {
        guard case .cells(let n)? = dimension(key) else { return nil }
        return Swift.min(Swift.max(n, lo), hi)
    }

    /// An array of sizes (a grid's `columns`, `rows`); what is not a size is
    /// left out with a problem.
    func dimensions(_ key: StaticString) -> [Dimension] {
        reader.pushName(key)
        defer { s.pop() }
        guard s.rawGet(at: table) == .table else { return [] }
        let list = s.top
        let n = Swift.min(Int(s.rawLength(at: list)), GridNode.maxTracks)
        var result: [Dimension] = []
        for i in stride(from: 1, through: n, by: 1) {
            s.rawGetIndex(at: list, i)
            defer { s.pop() }
            if let k = s.exactInteger(at: -1), (0...Int64(Sizing.maxCells)).contains(k) {
                result.append(.cells(Int(k)))
            } else if s.type(at: -1) == .string, let d = Dimension.parse(string: s.displayString(at: -1)) {
                result.append(d)
            } else {
                reader.problem("\(fieldName(key))[\(i)] must be a cell count, a percentage 0%…100% or a share 1fr…\(Dimension.maxFraction)fr")
            }
        }
        return result
    }

    /// The spans (`colSpan`, `rowSpan`) its children set, by their tables;
    /// read by a grid only, so that no other container pays for them.
    func childSpans() -> [UnsafeRawPointer: (cols: Int, rows: Int)] {
        var spans: [UnsafeRawPointer: (cols: Int, rows: Int)] = [:]
        let n = Swift.min(Int(s.rawLength(at: table)), HostLimits.maxArrayRead)
        for i in stride(from: 1, through: n, by: 1) {
            s.restoringTop {
                s.rawGetIndex(at: table, i)
                guard s.type(at: -1) == .table, let id = s.pointer(at: -1) else { return }
                // A component's fields are behind its proxy.
                let child = FieldReader(reader: reader, table: s.fieldsIndex(of: -1), kind: kind)
                let cols = child[Schema.CommonFields.colSpan]
                let rows = child[Schema.CommonFields.rowSpan]
                if cols > 1 || rows > 1 { spans[id] = (cols, rows) }
            }
        }
        return spans
    }
}

extension FieldReader {
    /// The identity of the table in field `key` (nil when it is not a table):
    /// tells a replaced array from the same one changed.
    func tableIdentity(_ key: StaticString) -> UnsafeRawPointer? {
        reader.pushName(key)
        defer { s.pop() }
        return s.rawGet(at: table) == .table ? s.pointer(at: -1) : nil
    }

    /// Writes `value` into field `key` (a read that corrects what the script
    /// left stale, such as a table's cursor after its rows were replaced).
    func set(_ key: StaticString, integer value: Int) {
        reader.pushName(key)
        s.pushInteger(value)
        s.rawSet(at: table)
    }

    /// `padding = 1` (every side) or `{ rows, columns }`; nil when unset or wrong (with a problem).
    func padding(_ key: StaticString) -> (rows: Int, columns: Int)? {
        guard isTable(key) else {
            guard let n = int(key, min: 0, max: 100) else { return nil }
            return (n, n)
        }
        reader.pushName(key)
        s.rawGet(at: table)
        defer { s.pop() }
        var values: [Int] = []
        for i in 1...2 {
            s.rawGetIndex(at: -1, i)
            let n = s.exactInteger(at: -1)
            s.pop()
            guard let n, (0...100).contains(n) else {
                reader.problem("\(fieldName(key)) must be an integer or { rows, columns }, each 0…100")
                return nil
            }
            values.append(Int(n))
        }
        return (values[0], values[1])
    }
}
