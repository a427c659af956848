import CLua

/// The type of a Lua value, as `lua_type` reports it. A Swift enum so that a
/// switch over it is checked, and `name` matches Lua's own `type()` words.
@frozen
public enum LuaType: Int32, Sendable {
    case none = -1
    case `nil` = 0
    case boolean = 1
    case lightUserdata = 2
    case number = 3
    case string = 4
    case table = 5
    case function = 6
    case userdata = 7
    case thread = 8

    /// The type for a code `lua_type` returned (-1…8). Inlinable, unlike the
    /// synthesized `init(rawValue:)`, which is a call: reading a field converts
    /// its type once, on the path every key takes.
    @inlinable @inline(__always)
    public init(code: Int32) {
        switch code {
        case 0: self = .nil
        case 1: self = .boolean
        case 2: self = .lightUserdata
        case 3: self = .number
        case 4: self = .string
        case 5: self = .table
        case 6: self = .function
        case 7: self = .userdata
        case 8: self = .thread
        default: self = .none
        }
    }

    /// Lua's name for the type (`lua_typename`): "no value", "nil", "table"…
    public var name: String {
        switch self {
        case .none: return "no value"
        case .nil: return "nil"
        case .boolean: return "boolean"
        case .lightUserdata, .userdata: return "userdata"
        case .number: return "number"
        case .string: return "string"
        case .table: return "table"
        case .function: return "function"
        case .thread: return "thread"
        }
    }

    /// Whether the value is nil or absent (`lua_isnoneornil`).
    @inlinable public var isNil: Bool { rawValue <= 0 }
}
