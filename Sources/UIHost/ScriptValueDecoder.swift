/// Makes a `Decodable` value from a `ScriptValue` tree, without Foundation.
/// A mismatch throws a `ScriptDecodingError` worded like Lua's own argument
/// checks: `string expected, got nil`, with the path to the value.
public struct ScriptValueDecoder {
    public init() {}

    public func decode<T: Decodable>(_ type: T.Type, from value: ScriptValue) throws -> T {
        try ScriptValueDecoder.unbox(value, as: type, path: [])
    }

    static func unbox<T: Decodable>(_ value: ScriptValue, as type: T.Type, path: [CodingKey]) throws -> T {
        // The leaves, directly: no decoder for the commonest values.
        if type == String.self {
            guard case .string(let s) = value else { throw ScriptDecodingError.expected("string", value, path) }
            return s as! T
        }
        if type == Double.self { return try SingleDecoder(value: value, codingPath: path).decode(Double.self) as! T }
        if type == Int.self { return try SingleDecoder(value: value, codingPath: path).decode(Int.self) as! T }
        if type == Bool.self { return try SingleDecoder(value: value, codingPath: path).decode(Bool.self) as! T }
        if type == ScriptValue.self { return value as! T }
        return try T(from: TreeDecoder(value: value, codingPath: path))
    }
}

/// A value that does not fit the Swift type asked for.
public struct ScriptDecodingError: Error, CustomStringConvertible {
    /// Lua's wording: `string expected, got nil`.
    public var message: String
    /// Where in the value: `days[2].high`; empty for the value itself.
    public var path: String

    public var description: String { path.isEmpty ? message : "\(message) at \(path)" }

    init(_ message: String, _ codingPath: [CodingKey]) {
        self.message = message
        path = ScriptDecodingError.describe(codingPath)
    }

    static func expected(_ what: String, _ value: ScriptValue, _ codingPath: [CodingKey]) -> ScriptDecodingError {
        ScriptDecodingError("\(what) expected, got \(value.luaTypeName)", codingPath)
    }

    /// `days[2].high` for the path days, 1, high (list indexes counted from 1).
    static func describe(_ codingPath: [CodingKey]) -> String {
        var text = ""
        for key in codingPath {
            if let i = key.intValue, key is ScriptCodingKey { text += "[\(i + 1)]" } else {
                text += (text.isEmpty ? "" : ".") + key.stringValue
            }
        }
        return text
    }
}

struct TreeDecoder: Decoder {
    let value: ScriptValue
    let codingPath: [CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        switch value {
        case .table(let fields): return KeyedDecodingContainer(KeyedDecoder<Key>(fields: fields, codingPath: codingPath))
        case .array(let items) where items.isEmpty:
            return KeyedDecodingContainer(KeyedDecoder<Key>(fields: [:], codingPath: codingPath))
        case .array: throw ScriptDecodingError("table with fields expected, got a list", codingPath)
        default: throw ScriptDecodingError.expected("table", value, codingPath)
        }
    }

    func unkeyedContainer() throws -> UnkeyedDecodingContainer {
        switch value {
        case .array(let items): return UnkeyedDecoder(items: items, codingPath: codingPath)
        case .table(let fields) where fields.isEmpty: return UnkeyedDecoder(items: [], codingPath: codingPath)
        case .table: throw ScriptDecodingError("list expected, got a table with fields", codingPath)
        default: throw ScriptDecodingError.expected("table", value, codingPath)
        }
    }

    func singleValueContainer() throws -> SingleValueDecodingContainer {
        SingleDecoder(value: value, codingPath: codingPath)
    }
}

private struct KeyedDecoder<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let fields: [String: ScriptValue]
    let codingPath: [CodingKey]

    var allKeys: [Key] { fields.keys.compactMap { Key(stringValue: $0) } }

    func contains(_ key: Key) -> Bool { fields[key.stringValue] != nil && fields[key.stringValue] != .null }

    func decodeNil(forKey key: Key) throws -> Bool { (fields[key.stringValue] ?? .null) == .null }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try ScriptValueDecoder.unbox(fields[key.stringValue] ?? .null, as: type, path: codingPath + [key])
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try TreeDecoder(value: fields[key.stringValue] ?? .null, codingPath: codingPath + [key]).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> UnkeyedDecodingContainer {
        try TreeDecoder(value: fields[key.stringValue] ?? .null, codingPath: codingPath + [key]).unkeyedContainer()
    }

    func superDecoder() throws -> Decoder { try superDecoder(forKey: Key(stringValue: "super")!) }

    func superDecoder(forKey key: Key) throws -> Decoder {
        TreeDecoder(value: fields[key.stringValue] ?? .null, codingPath: codingPath + [key])
    }
}

private struct UnkeyedDecoder: UnkeyedDecodingContainer {
    let items: [ScriptValue]
    let codingPath: [CodingKey]
    var currentIndex = 0

    init(items: [ScriptValue], codingPath: [CodingKey]) {
        self.items = items
        self.codingPath = codingPath
    }

    var count: Int? { items.count }
    var isAtEnd: Bool { currentIndex >= items.count }

    private var key: CodingKey { ScriptCodingKey(intValue: currentIndex) }

    private mutating func next() throws -> ScriptValue {
        guard !isAtEnd else { throw ScriptDecodingError("no item \(currentIndex + 1) in the list", codingPath) }
        defer { currentIndex += 1 }
        return items[currentIndex]
    }

    mutating func decodeNil() throws -> Bool {
        guard !isAtEnd, items[currentIndex] == .null else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let path = codingPath + [key]
        return try ScriptValueDecoder.unbox(try next(), as: type, path: path)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        let path = codingPath + [key]
        return try TreeDecoder(value: try next(), codingPath: path).container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> UnkeyedDecodingContainer {
        let path = codingPath + [key]
        return try TreeDecoder(value: try next(), codingPath: path).unkeyedContainer()
    }

    mutating func superDecoder() throws -> Decoder {
        let path = codingPath + [key]
        return TreeDecoder(value: try next(), codingPath: path)
    }
}

private struct SingleDecoder: SingleValueDecodingContainer {
    let value: ScriptValue
    let codingPath: [CodingKey]

    func decodeNil() -> Bool { value == .null }

    func decode(_ type: Bool.Type) throws -> Bool {
        guard case .bool(let b) = value else { throw ScriptDecodingError.expected("boolean", value, codingPath) }
        return b
    }

    func decode(_ type: String.Type) throws -> String {
        guard case .string(let s) = value else { throw ScriptDecodingError.expected("string", value, codingPath) }
        return s
    }

    func decode(_ type: Double.Type) throws -> Double {
        switch value {
        case .double(let d): return d
        case .int(let n): return Double(n)
        default: throw ScriptDecodingError.expected("number", value, codingPath)
        }
    }

    func decode(_ type: Float.Type) throws -> Float { Float(try decode(Double.self)) }

    /// An integer, as `math.tointeger` sees it: 3.0 is 3, 3.5 is an error.
    private func integer<T: FixedWidthInteger>(_ type: T.Type) throws -> T {
        let n: Int64
        switch value {
        case .int(let i): n = i
        case .double(let d):
            guard let i = Int64(exactly: d) else { throw ScriptDecodingError("number has no integer representation", codingPath) }
            n = i
        default: throw ScriptDecodingError.expected("number", value, codingPath)
        }
        guard let fitted = T(exactly: n) else {
            throw ScriptDecodingError("number out of range (\(T.min)…\(T.max))", codingPath)
        }
        return fitted
    }

    func decode(_ type: Int.Type) throws -> Int { try integer(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try integer(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try integer(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try integer(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try integer(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try integer(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(type) }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try ScriptValueDecoder.unbox(value, as: type, path: codingPath)
    }
}
