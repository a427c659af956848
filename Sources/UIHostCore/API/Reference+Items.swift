/// The item classes (`ui.ListItem`, `ui.TableColumn`…) in the stubs and in
/// docs/API.md, written from the kinds' `ItemClass`es as the components are.
extension Reference {
    static let itemRegion = Region(what: "item classes")

    /// Every kind's item classes, each once (a picker's and a radio group's
    /// are one), in the registry's order.
    static var itemClasses: [ItemClass] {
        var seen: Set<String> = []
        return Registry.all.flatMap { $0.itemClasses }.filter { seen.insert($0.luaClass).inserted }
    }

    /// The `---@class` block of an item table: a required field is not optional.
    static func stubItemClass(_ item: ItemClass) -> [String] {
        var lines = ["---" + item.summary, "---@class \(item.luaClass)"]
        for spec in item.fields {
            if item.required.contains(spec.name) {
                lines.append("---@field \(spec.name) \(luaType(spec)) \(FieldSpec.sentence(spec.doc + " (required)"))")
            } else {
                lines.append(stubField(spec))
            }
        }
        if item.openEnded { lines.append("---@field [string] any") }
        return lines + [""]
    }

    /// The rows of an item class's table in docs/API.md: `required` for a required field's default.
    static func docsRows(_ item: ItemClass) -> [Row] {
        item.fields.map { docsRow($0, defaultValue: item.required.contains($0.name) ? "required" : nil) }
    }
}
