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

/// Edit distance counting a swap of neighbours as one edit (optimal string
/// alignment), for "did you mean" suggestions.
func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a), b = Array(b)
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var d = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in 0...a.count { d[i][0] = i }
    for j in 0...b.count { d[0][j] = j }
    for i in 1...a.count {
        for j in 1...b.count {
            let cost = a[i - 1] == b[j - 1] ? 0 : 1
            d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
            if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
            }
        }
    }
    return d[a.count][b.count]
}

/// The closest known name, when `name` looks like a misspelling of it: one
/// edit for short names, two for names of five letters or more.
public func suggestion(for name: String, among names: some Sequence<String>) -> String? {
    // Known names are short: a long one is no near miss, and its distance would cost its length squared.
    guard name.utf8.count <= HostLimits.maxNameLength else { return nil }
    let allowed = name.count >= 5 ? 2 : 1
    var best: (String, Int)?
    for candidate in names.sorted() where abs(candidate.count - name.count) <= allowed {
        let d = editDistance(name.lowercased(), candidate.lowercased())
        if d <= allowed, d < (best?.1 ?? Int.max) { best = (candidate, d) }
    }
    return best?.0
}
