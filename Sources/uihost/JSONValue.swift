/// A JSON document to print (`uihost doctor --json`): objects keep the order
/// their keys were given in, so a report reads the same way every time.
enum JSONValue {
    case null
    case bool(Bool)
    case number(Int)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    /// `value` as a string, or null.
    static func optional(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }
    static func optional(_ value: Int?) -> JSONValue { value.map(JSONValue.number) ?? .null }
    static func optional(_ value: Bool?) -> JSONValue { value.map(JSONValue.bool) ?? .null }

    /// Two-space indented, one value per line.
    func rendered(indent: String = "") -> String {
        let inner = indent + "  "
        switch self {
        case .null: return "null"
        case .bool(let b): return b ? "true" : "false"
        case .number(let n): return String(n)
        case .string(let s): return ProjectConfig.jsonString(s)
        case .array(let items):
            if items.isEmpty { return "[]" }
            return "[\n" + items.map { inner + $0.rendered(indent: inner) }.joined(separator: ",\n") + "\n" + indent + "]"
        case .object(let members):
            if members.isEmpty { return "{}" }
            return "{\n" + members.map { inner + ProjectConfig.jsonString($0.0) + ": " + $0.1.rendered(indent: inner) }
                .joined(separator: ",\n") + "\n" + indent + "}"
        }
    }
}
