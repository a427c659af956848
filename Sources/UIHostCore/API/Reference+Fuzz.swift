import LuaBridge

/// Scripts/fuzz/kinds.lua: every kind with the fields it declares and the
/// children it takes, for the fuzzer's builder of a kind that has no builder
/// of its own in Scripts/fuzz/screens.lua (a kind added since). Written from
/// the registry with the stubs, so a new kind is fuzzed from its fields.
extension Reference {
    static let fuzzRegion = Region(what: "fuzz kinds")

    /// `kinds.lua` with its kinds regenerated from the registry.
    static func regenerateFuzzKinds(_ text: String) -> (text: String, problems: [String]) {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let problem = fuzzRegion.fill(&lines, with: Registry.all.flatMap(fuzzKind), file: "Scripts/fuzz/kinds.lua")
        return (lines.joined(separator: "\n"), problem.map { [$0] } ?? [])
    }

    /// `{ name = "tag", children = "none", fields = {`, a line per field
    /// (`{ "text", "string" },`), `} },`.
    static func fuzzKind(_ component: any Component.Type) -> [String] {
        let children: String
        switch component.children {
        case .none: children = "none"
        case .any: children = "any"
        case .only(let kind, _): children = kind.rawValue
        }
        let name = LuaSource.string(component.kind.rawValue)
        let fields = component.allFields.map { "    { \(LuaSource.string($0.name)), \(fuzzType($0.type)) }," }
        guard !fields.isEmpty else { return ["  { name = \(name), children = \"\(children)\", fields = {} },"] }
        return ["  { name = \(name), children = \"\(children)\", fields = {"] + fields + ["  } },"]
    }

    /// A field's type as the fuzzer picks a value for it: a name, or a table
    /// naming it first (`{ "integer", 1, 100 }`, `{ "choice", "left", "right" }`).
    static func fuzzType(_ type: FieldType) -> String {
        func bound<T>(_ value: T?) -> String { value.map { "\($0)" } ?? "nil" }
        switch type {
        case .string: return "\"string\""
        case .boolean: return "\"boolean\""
        case .function: return "\"function\""
        case .number(let lo, let hi): return "{ \"number\", \(bound(lo)), \(bound(hi)) }"
        case .integer(let lo, let hi): return "{ \"integer\", \(bound(lo)), \(bound(hi)) }"
        case .choice(let options), .choiceOrStyle(let options):
            return "{ \"choice\", " + options.map(LuaSource.string).joined(separator: ", ") + " }"
        case .component(let kind): return "{ \"component\", \(kind.map { LuaSource.string($0.rawValue) } ?? "nil") }"
        case .items: return "\"items\""
        case .height: return "\"height\""
        case .stringOrNumber: return "\"id\""
        case .style: return "\"style\""
        case .rows: return "\"rows\""
        case .numbers: return "\"numbers\""
        case .spans: return "\"spans\""
        case .bindings: return "\"bindings\""
        case .size: return "\"size\""
        case .padding: return "\"padding\""
        case .sizes: return "\"sizes\""
        case .suggestions: return "\"suggestions\""
        }
    }
}
