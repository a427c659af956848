/// What a constructor accepts, worked out once per kind from its component's
/// field specs: the validator looks fields up by name.
struct Schema: Sendable {
    let kind: Kind
    let fields: [String: FieldType]
    /// Positional entries are child components.
    let hasChildren: Bool
    /// When set, every child must be of this kind.
    let childKind: Kind?

    /// Fields every component takes.
    static let common: [FieldSpec] = [
        .string("id", doc: "An identifier of the script's own; the host does not use it."),
        FieldSpec(name: "keys", type: .bindings, luaType: "table<string|string[]|integer, ui.Binding>",
                  doc: "Key bindings, active while focus is inside the component (a screen's always): `{ [\"ctrl-s\"] = { \"Save\", fn } }`."),
        FieldSpec(name: "width", type: .size, doc: "In a stack: columns, `\"30%\"` of the stack or `\"2fr\"`, a share of what is left (default its natural width)."),
        FieldSpec(name: "height", type: .size, doc: "In a stack: rows, `\"30%\"` of the stack or `\"2fr\"`, a share of what is left (default its natural height)."),
        .bool("hidden", default: false,
              doc: "Left out of layout, focus and clicks while true; `false` brings it back with its state (default false)."),
        .integer("minWidth", 0...Sizing.maxCells, doc: "In a stack: at least this many columns."),
        .integer("maxWidth", 0...Sizing.maxCells, doc: "In a stack: at most this many columns."),
        .integer("minHeight", 0...Sizing.maxCells, doc: "In a stack: at least this many rows."),
        .integer("maxHeight", 0...Sizing.maxCells, doc: "In a stack: at most this many rows."),
        .integer("colSpan", 1...GridNode.maxTracks, doc: "In a grid: how many columns it covers (default 1)."),
        .integer("rowSpan", 1...GridNode.maxTracks, doc: "In a grid: how many rows it covers (default 1)."),
    ]

    init(_ component: any Component.Type) {
        kind = component.kind
        var fields: [String: FieldType] = [:]
        for spec in Schema.common + component.allFields { fields[spec.name] = spec.type }
        self.fields = fields
        switch component.children {
        case .none: hasChildren = false; childKind = nil
        case .any: hasChildren = true; childKind = nil
        case .only(let kind, _): hasChildren = true; childKind = kind
        }
    }
}
