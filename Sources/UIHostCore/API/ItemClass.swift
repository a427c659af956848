/// The fields of the tables a component holds as rows (a list's items, a
/// table's columns, a tree's nodes), declared once in the kind's file: the
/// constructor checks the items against them (`schema`), the stubs' class
/// and the docs' table (`<!-- fields ui.ListItem -->`) are written from them,
/// and the node reads them through the `Field`s they were made of.
struct ItemClass: Sendable {
    /// The stubs' class: `ui.ListItem`.
    let luaClass: String
    /// What an item is, the stubs' line above the class.
    let summary: String
    let fields: [FieldSpec]
    /// Fields an item must have (a title): `required` in the docs, not optional in the stubs.
    let required: [String]
    /// Whether other fields are the script's own (`---@field [string] any`).
    var openEnded = true

    /// What the constructor checks each item against.
    var schema: ItemSchema {
        ItemSchema(fields: Dictionary(uniqueKeysWithValues: fields.map { ($0.name, $0.type) }), required: required)
    }
}
