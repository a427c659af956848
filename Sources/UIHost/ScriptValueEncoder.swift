/// Turns an `Encodable` value into a `ScriptValue` tree, without Foundation:
/// a struct becomes a table of its coding keys, an array a list, a
/// dictionary a table (its keys as strings), nil `.null`.
public struct ScriptValueEncoder {
    public init() {}

    public func encode<T: Encodable>(_ value: T) throws -> ScriptValue {
        try ScriptValueEncoder.box(value, path: [])
    }

    static func box<T: Encodable>(_ value: T, path: [CodingKey]) throws -> ScriptValue {
        // The leaves, directly: no encoder for the commonest values.
        switch value {
        case let v as String: return .string(v)
        case let v as Bool: return .bool(v)
        case let v as Int: return .int(Int64(v))
        case let v as Double: return .double(v)
        case let v as ScriptValue: return v
        default: break
        }
        let encoder = TreeEncoder(codingPath: path)
        try value.encode(to: encoder)
        return encoder.node.value
    }
}

/// A container being filled: a struct's fields or a list's items, kept by
/// reference so that nested containers fill in place.
final class EncodingNode {
    enum Content {
        case empty
        case single(ScriptValue)
        case fields([String: EncodingNode])
        case items([EncodingNode])
    }
    var content: Content = .empty

    init(_ content: Content = .empty) { self.content = content }

    var value: ScriptValue {
        switch content {
        case .empty: return .null
        case .single(let v): return v
        case .fields(let f): return .table(f.mapValues(\.value))
        case .items(let i): return .array(i.map(\.value))
        }
    }
}

struct ScriptCodingKey: CodingKey {
    var stringValue: String
    var intValue: Int?
    init(stringValue: String) { self.stringValue = stringValue }
    init(intValue: Int) {
        stringValue = "\(intValue)"
        self.intValue = intValue
    }
}

final class TreeEncoder: Encoder {
    let codingPath: [CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }
    let node: EncodingNode

    init(codingPath: [CodingKey], node: EncodingNode = EncodingNode()) {
        self.codingPath = codingPath
        self.node = node
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        if case .fields = node.content {} else { node.content = .fields([:]) }
        return KeyedEncodingContainer(KeyedEncoder<Key>(node: node, codingPath: codingPath))
    }

    func unkeyedContainer() -> UnkeyedEncodingContainer {
        if case .items = node.content {} else { node.content = .items([]) }
        return UnkeyedEncoder(node: node, codingPath: codingPath)
    }

    func singleValueContainer() -> SingleValueEncodingContainer {
        SingleEncoder(node: node, codingPath: codingPath)
    }
}

private struct KeyedEncoder<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let node: EncodingNode
    let codingPath: [CodingKey]

    private func set(_ key: Key, _ child: EncodingNode) {
        guard case .fields(var fields) = node.content else { return }
        node.content = .empty   // keeps `fields` uniquely referenced while it changes
        fields[key.stringValue] = child
        node.content = .fields(fields)
    }

    mutating func encodeNil(forKey key: Key) throws { set(key, EncodingNode(.single(.null))) }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        set(key, EncodingNode(.single(try ScriptValueEncoder.box(value, path: codingPath + [key]))))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<NestedKey> {
        let child = EncodingNode(.fields([:]))
        set(key, child)
        return KeyedEncodingContainer(KeyedEncoder<NestedKey>(node: child, codingPath: codingPath + [key]))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> UnkeyedEncodingContainer {
        let child = EncodingNode(.items([]))
        set(key, child)
        return UnkeyedEncoder(node: child, codingPath: codingPath + [key])
    }

    mutating func superEncoder() -> Encoder { superEncoder(forKey: Key(stringValue: "super")!) }

    mutating func superEncoder(forKey key: Key) -> Encoder {
        let child = EncodingNode()
        set(key, child)
        return TreeEncoder(codingPath: codingPath + [key], node: child)
    }
}

private struct UnkeyedEncoder: UnkeyedEncodingContainer {
    let node: EncodingNode
    let codingPath: [CodingKey]

    var count: Int {
        if case .items(let items) = node.content { return items.count }
        return 0
    }

    private func append(_ child: EncodingNode) {
        guard case .items(var items) = node.content else { return }
        node.content = .empty
        items.append(child)
        node.content = .items(items)
    }

    private var nextKey: CodingKey { ScriptCodingKey(intValue: count) }

    mutating func encodeNil() throws { append(EncodingNode(.single(.null))) }

    mutating func encode<T: Encodable>(_ value: T) throws {
        append(EncodingNode(.single(try ScriptValueEncoder.box(value, path: codingPath + [nextKey]))))
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
        let child = EncodingNode(.fields([:]))
        let path = codingPath + [nextKey]
        append(child)
        return KeyedEncodingContainer(KeyedEncoder<NestedKey>(node: child, codingPath: path))
    }

    mutating func nestedUnkeyedContainer() -> UnkeyedEncodingContainer {
        let child = EncodingNode(.items([]))
        let path = codingPath + [nextKey]
        append(child)
        return UnkeyedEncoder(node: child, codingPath: path)
    }

    mutating func superEncoder() -> Encoder {
        let child = EncodingNode()
        let path = codingPath + [nextKey]
        append(child)
        return TreeEncoder(codingPath: path, node: child)
    }
}

private struct SingleEncoder: SingleValueEncodingContainer {
    let node: EncodingNode
    let codingPath: [CodingKey]

    mutating func encodeNil() throws { node.content = .single(.null) }
    mutating func encode(_ value: Bool) throws { node.content = .single(.bool(value)) }
    mutating func encode(_ value: String) throws { node.content = .single(.string(value)) }
    mutating func encode(_ value: Double) throws { node.content = .single(.double(value)) }
    mutating func encode(_ value: Float) throws { node.content = .single(.double(Double(value))) }
    mutating func encode(_ value: Int) throws { node.content = .single(.int(Int64(value))) }
    mutating func encode(_ value: Int8) throws { node.content = .single(.int(Int64(value))) }
    mutating func encode(_ value: Int16) throws { node.content = .single(.int(Int64(value))) }
    mutating func encode(_ value: Int32) throws { node.content = .single(.int(Int64(value))) }
    mutating func encode(_ value: Int64) throws { node.content = .single(.int(value)) }
    mutating func encode(_ value: UInt8) throws { node.content = .single(.int(Int64(value))) }
    mutating func encode(_ value: UInt16) throws { node.content = .single(.int(Int64(value))) }
    mutating func encode(_ value: UInt32) throws { node.content = .single(.int(Int64(value))) }
    mutating func encode(_ value: UInt) throws { try encode(UInt64(value)) }

    mutating func encode(_ value: UInt64) throws {
        guard let n = Int64(exactly: value) else {
            throw EncodingError.invalidValue(value, .init(codingPath: codingPath,
                debugDescription: "\(value) is too large for a Lua integer"))
        }
        node.content = .single(.int(n))
    }

    mutating func encode<T: Encodable>(_ value: T) throws {
        node.content = .single(try ScriptValueEncoder.box(value, path: codingPath))
    }
}
