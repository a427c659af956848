/// What a constructor accepts, worked out once per kind from its component's
/// field specs: the validator looks fields up by name.
struct Schema: Sendable {
    let kind: Kind
    let fields: [String: FieldType]
    /// Positional entries are child components.
    let hasChildren: Bool
    /// When set, every child must be of this kind.
    let childKind: Kind?

    /// What a component is, as the stubs' `ui.Component` class says it.
    static let commonSummary = """
        A component: a plain table made by a `ui.*` constructor, which checks its fields
        and raises an error naming the caller's file, line and field. Fields may be changed
        at any time (the host redraws after every event); the host writes interaction state
        (`selected`, `expanded`) back into the table before it calls a handler. Every field
        is optional; `getmetatable(component)` answers the constructor's name ("ui.button").
        """

    /// Fields every component takes: the stubs' `ui.Component` class.
    static let common: [FieldSpec] = [
        FieldSpec(name: "id", type: .string, doc: "an identifier of the script's own; the host does not use it"),
        FieldSpec(name: "keys", type: .bindings, luaType: "table<string|string[]|integer, ui.Binding>",
                  doc: "key bindings, active while focus is inside the component (a screen's always): `{ [\"ctrl-s\"] = { \"Save\", fn } }`"),
        CommonFields.hidden.spec,
        FieldSpec(name: "width", type: .size, defaultValue: .described("its natural width"),
                  doc: "in a stack: columns, `\"30%\"` of the stack or `\"2fr\"`, a share of what is left"),
        FieldSpec(name: "height", type: .size, defaultValue: .described("its natural height"),
                  doc: "in a stack: rows, `\"30%\"` of the stack or `\"2fr\"`, a share of what is left"),
        CommonFields.minWidth.spec, CommonFields.maxWidth.spec, CommonFields.minHeight.spec, CommonFields.maxHeight.spec,
        CommonFields.colSpan.spec, CommonFields.rowSpan.spec,
    ]

    /// The fields of `common` read as values: `hidden` by the tree reader,
    /// the bounds by `FieldReader.sizing`, the spans by a grid.
    enum CommonFields {
        /// Read raw by the tree reader: anything but `true` shows the component.
        static let hidden = Field.bool("hidden", default: false,
                                       doc: "left out of layout, focus and clicks while true; `false` brings it back with its state")
        static let minWidth = Field.integer("minWidth", 0...Sizing.maxCells, doc: "in a stack: at least this many columns")
        static let maxWidth = Field.integer("maxWidth", 0...Sizing.maxCells, doc: "in a stack: at most this many columns")
        static let minHeight = Field.integer("minHeight", 0...Sizing.maxCells, doc: "in a stack: at least this many rows")
        static let maxHeight = Field.integer("maxHeight", 0...Sizing.maxCells, doc: "in a stack: at most this many rows")
        static let colSpan = Field.integer("colSpan", 1...GridNode.maxTracks, default: 1, doc: "in a grid: how many columns it covers")
        static let rowSpan = Field.integer("rowSpan", 1...GridNode.maxTracks, default: 1, doc: "in a grid: how many rows it covers")
    }

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
