import LuaBridge

/// Why a value cannot cross between Swift and a script; `path` says where in
/// it (`days[2].high`), empty for the value itself.
struct ValueProblem: Error {
    var message: String
    var path: String = ""
    /// False for a bound on the whole value (its count), which no one place passes.
    var located = true

    /// `message`, followed by where it is when not the value itself.
    var text: String { path.isEmpty ? message : "\(message) at \(path)" }

    func inside(_ step: String) -> ValueProblem {
        guard located else { return self }
        var p = self
        p.path = step + (path.hasPrefix("[") || path.isEmpty ? path : "." + path)
        return p
    }
}

extension ScriptValue {
    // MARK: - From a script

    /// Copies the value at `index` of `stack`, within `limits`; `count` grows by
    /// the values read (what the copy is charged). Raw reads only: no
    /// metamethod of the script runs, so reading never raises.
    static func read(_ s: LuaStack, at index: Int32, limits: ValueLimits, count: inout Int,
                     depth: Int = 0) -> Result<ScriptValue, ValueProblem> {
        count += 1
        if count > limits.maxValues {
            return .failure(ValueProblem(message: "more than \(limits.maxValues) values", located: false))
        }
        switch s.type(at: index) {
        case .none, .nil: return .success(.null)
        case .boolean: return .success(.bool(s.truth(at: index)))
        case .number:
            if let n = s.integer(at: index), s.isInteger(at: index) { return .success(.int(n)) }
            return .success(.double(s.number(at: index) ?? 0))
        case .string: return .success(.string(s.string(at: index) ?? ""))
        case .table: return readTable(s, at: s.absolute(index), limits: limits, count: &count, depth: depth + 1)
        case let other:
            return .failure(ValueProblem(message: "a \(other.name) cannot be passed to Swift"))
        }
    }

    private static func readTable(_ s: LuaStack, at t: Int32, limits: ValueLimits, count: inout Int,
                                  depth: Int) -> Result<ScriptValue, ValueProblem> {
        if depth > limits.maxDepth {
            return .failure(ValueProblem(message: "tables nested deeper than \(limits.maxDepth) levels"))
        }
        guard s.reserve(5) else { return .failure(ValueProblem(message: "tables nested too deep")) }
        // A component's fields are in the storage behind it.
        if s.pushStorage(of: t) {
            defer { s.pop() }
            return readTable(s, at: s.top, limits: limits, count: &count, depth: depth)
        }
        var items: [Int: ScriptValue] = [:]
        var fields: [String: ScriptValue] = [:]
        var problem: ValueProblem?
        var seen = count
        s.forEachPair(in: t) {
            let step: String
            var isItem = false
            var item = 0
            var field = ""
            switch s.type(at: -2) {
            case .string:
                field = s.string(at: -2) ?? ""
                step = field
            case .number where s.isInteger(at: -2):
                item = Int(truncatingIfNeeded: s.integer(at: -2) ?? 0)
                isItem = true
                step = "[\(item)]"
            case let keyType:
                problem = ValueProblem(message: "table keys must be strings or list indexes (got a \(keyType.name) key)")
                return false
            }
            switch read(s, at: -1, limits: limits, count: &seen, depth: depth) {
            case .failure(let p):
                problem = p.inside(step)
                return false
            case .success(let value):
                if isItem { items[item] = value } else { fields[field] = value }
            }
            return true
        }
        count = seen
        if let problem { return .failure(problem) }
        if !items.isEmpty && !fields.isEmpty {
            return .failure(ValueProblem(message: "a table with both list items and fields"))
        }
        if !fields.isEmpty { return .success(.table(fields)) }
        var list: [ScriptValue] = []
        list.reserveCapacity(items.count)
        for i in 1...max(1, items.count) where !items.isEmpty {
            guard let value = items[i] else {
                return .failure(ValueProblem(message: "a list with a hole (no item \(i) of \(items.count))"))
            }
            list.append(value)
        }
        return .success(.array(list))
    }

    // MARK: - To a script

    /// The values this value holds (itself included) and how deeply its tables
    /// nest, or the first bound of `limits` it passes.
    func measure(limits: ValueLimits, count: inout Int, depth: Int = 0) -> ValueProblem? {
        count += 1
        if count > limits.maxValues { return ValueProblem(message: "more than \(limits.maxValues) values", located: false) }
        switch self {
        case .array(let list):
            if depth + 1 > limits.maxDepth { return ValueProblem(message: "tables nested deeper than \(limits.maxDepth) levels") }
            for (i, v) in list.enumerated() {
                if let p = v.measure(limits: limits, count: &count, depth: depth + 1) { return p.inside("[\(i + 1)]") }
            }
        case .table(let fields):
            if depth + 1 > limits.maxDepth { return ValueProblem(message: "tables nested deeper than \(limits.maxDepth) levels") }
            for (k, v) in fields {
                if let p = v.measure(limits: limits, count: &count, depth: depth + 1) { return p.inside(k) }
            }
        default: break
        }
        return nil
    }

    /// Pushes the value as new Lua values (a list as a table 1…n); `measure`
    /// first, which bounds its size and nesting. False when the stack cannot grow.
    func push(onto s: LuaStack) -> Bool {
        guard s.reserve(3) else { return false }
        switch self {
        case .null: s.pushNil()
        case .bool(let b): s.push(b)
        case .int(let n): s.push(n)
        case .double(let d): s.push(d)
        case .string(let text): s.push(text)
        case .array(let list):
            s.pushNewTable(arrayCount: Int32(clamping: list.count))
            for (i, v) in list.enumerated() {
                guard v.push(onto: s) else { return false }
                s.rawSet(at: -2, i + 1)
            }
        case .table(let fields):
            s.pushNewTable(fieldCount: Int32(clamping: fields.count))
            for (k, v) in fields {
                s.push(k)
                guard v.push(onto: s) else { return false }
                s.rawSet(at: -3)
            }
        }
        return true
    }
}
