/// A value passed between Swift and a script, copied whole: what a Swift
/// function of a module receives and returns (docs/EMBEDDING.md, "Values").
/// `Codable` types go through it (`ScriptValueEncoder`, `ScriptValueDecoder`),
/// so Swift never holds a script's table, and a script never a Swift object.
public indirect enum ScriptValue: Equatable, Sendable {
    case null
    case bool(Bool)
    case int(Int64)
    case double(Double)
    case string(String)
    /// A Lua list: a table with the keys 1…n.
    case array([ScriptValue])
    /// A Lua table with string keys.
    case table([String: ScriptValue])

    /// Lua's name for the value's type, for messages ("nil", "number", "table"…).
    public var luaTypeName: String {
        switch self {
        case .null: "nil"
        case .bool: "boolean"
        case .int, .double: "number"
        case .string: "string"
        case .array, .table: "table"
        }
    }
}

/// The bounds on a value copied between Swift and a script: a table may be
/// huge, sparse or nested in itself, and the copy is the host's work.
public struct ValueLimits: Equatable, Sendable {
    /// Values (of every level) one argument or result may hold.
    public var maxValues: Int
    /// Tables nested in tables.
    public var maxDepth: Int

    public init(maxValues: Int = 100_000, maxDepth: Int = 32) {
        self.maxValues = maxValues
        self.maxDepth = maxDepth
    }

    public static let defaults = ValueLimits()
}
