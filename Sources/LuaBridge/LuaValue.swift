/// A Lua value read into Swift, or to be pushed from Swift. Tables and
/// functions are held by reference (a registry slot), so the value keeps them
/// alive; what Swift has no use for (userdata, threads) is kept as its type.
public enum LuaValue {
    case `nil`
    case boolean(Bool)
    case integer(Int64)
    case number(Double)
    case string(String)
    case table(LuaRef)
    case function(LuaFunction)
    case other(LuaType)

    public var type: LuaType {
        switch self {
        case .nil: return .nil
        case .boolean: return .boolean
        case .integer, .number: return .number
        case .string: return .string
        case .table: return .table
        case .function: return .function
        case .other(let t): return t
        }
    }
}

extension LuaValue: Equatable {
    /// Tables and functions are equal when they are the same Lua object.
    public static func == (a: LuaValue, b: LuaValue) -> Bool {
        switch (a, b) {
        case (.nil, .nil): return true
        case let (.boolean(x), .boolean(y)): return x == y
        case let (.integer(x), .integer(y)): return x == y
        case let (.number(x), .number(y)): return x == y
        case let (.string(x), .string(y)): return x == y
        case let (.table(x), .table(y)): return x.holdsSameValue(as: y)
        case let (.function(x), .function(y)): return x.ref.holdsSameValue(as: y.ref)
        case let (.other(x), .other(y)): return x == y
        default: return false
        }
    }
}

extension LuaState {
    /// The value at `index` of `stack` (this state's main stack by default).
    /// A table or a function is kept in the registry for as long as the value lives.
    public func value(at index: Int32, on stack: LuaStack? = nil) -> LuaValue {
        let s = stack ?? self.stack
        switch s.type(at: index) {
        case .none, .nil: return .nil
        case .boolean: return .boolean(s.truth(at: index))
        case .number:
            if s.isInteger(at: index), let n = s.integer(at: index) { return .integer(n) }
            return .number(s.number(at: index) ?? 0)
        case .string: return .string(s.string(at: index) ?? "")
        case .table:
            s.pushCopy(of: index)
            return .table(LuaRef(popping: s, of: self))
        case .function:
            s.pushCopy(of: index)
            return .function(LuaFunction(LuaRef(popping: s, of: self)))
        case let other: return .other(other)
        }
    }
}

extension LuaStack {
    /// Pushes `value`; an `.other` value, which Swift cannot make, is pushed as nil.
    public func push(_ value: LuaValue) {
        switch value {
        case .nil, .other: pushNil()
        case .boolean(let b): push(b)
        case .integer(let n): push(n)
        case .number(let d): push(d)
        case .string(let s): push(s)
        case .table(let ref): ref.push(onto: self)
        case .function(let f): f.ref.push(onto: self)
        }
    }
}
