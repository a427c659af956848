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
