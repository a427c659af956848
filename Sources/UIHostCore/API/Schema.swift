/// The kinds of component a screen is built from.
public enum Kind: String, CaseIterable, Sendable {
    case screen, text, button, vstack, hstack, spacer, divider, list
    case tabs, tab, picker, dropdown, sheet, drawer, image, progress

    /// The constructor's name as scripts call it, for messages: `ui.button`.
    var constructorName: String { "ui." + rawValue }
}

/// The type a field must have.
indirect enum FieldType {
    case string
    case boolean
    case function
    case number(min: Double?, max: Double?)
    case integer(min: Int?, max: Int?)
    case choice([String])
    case component(Kind?)
    /// An array of plain item tables checked against a schema (extra fields allowed).
    case items(ItemSchema)
    /// A sheet height: a fraction of the frame (0, 1], a row count, or "fit".
    case height
    /// A picker item: a string, or a table with a title.
    case stringOrNumber

    var expected: String {
        switch self {
        case .string, .choice: "a string"
        case .boolean: "a boolean"
        case .function: "a function"
        case .number: "a number"
        case .integer: "an integer"
        case .component(let kind): kind.map { "a " + $0.constructorName } ?? "a component"
        case .items: "a table"
        case .height: "a fraction, a row count or \"fit\""
        case .stringOrNumber: "a string or number"
        }
    }
}

/// Fields of a list item; other fields are the script's own data.
struct ItemSchema {
    let fields: [String: FieldType]
    let required: [String]
    /// The field names in a stable order, for messages.
    let names: [String]

    init(fields: [String: FieldType], required: [String]) {
        self.fields = fields
        self.required = required
        names = fields.keys.sorted()
    }
}

/// What a constructor accepts.
struct Schema {
    let kind: Kind
    let fields: [String: FieldType]
    /// Positional entries are child components.
    let hasChildren: Bool
    /// When set, every child must be of this kind.
    var childKind: Kind? = nil

    static let common: [String: FieldType] = ["id": .string]

    static func of(_ kind: Kind) -> Schema {
        table[kind]!
    }

    private static let table: [Kind: Schema] = {
        var all: [Kind: Schema] = [:]
        func add(_ kind: Kind, _ fields: [String: FieldType], children: Bool = false, childKind: Kind? = nil) {
            all[kind] = Schema(kind: kind, fields: fields.merging(common) { a, _ in a }, hasChildren: children,
                               childKind: childKind)
        }
        add(.screen, ["title": .string, "onAppear": .function, "onDisappear": .function,
                      "drawer": .component(.drawer)], children: true)
        add(.text, ["text": .string, "align": .choice(["left", "center", "right"]), "wrap": .boolean])
        add(.button, ["title": .string, "onSelect": .function, "disabled": .boolean])
        add(.vstack, ["spacing": .integer(min: 0, max: 1000)], children: true)
        add(.hstack, ["spacing": .integer(min: 0, max: 1000)], children: true)
        add(.spacer, [:])
        add(.divider, [:])
        add(.list, [
            "items": .items(ItemSchema(
                fields: ["title": .string, "subtitle": .string, "icon": .string,
                         "onSelect": .function, "disabled": .boolean],
                required: ["title"])),
            "selected": .integer(min: 1, max: nil),
            "onSelect": .function,
        ])
        add(.tabs, ["style": .choice(["top", "bottom"]), "selected": .integer(min: 1, max: nil),
                    "onChange": .function], children: true, childKind: .tab)
        add(.tab, ["title": .string, "icon": .string], children: true)
        add(.picker, [
            "label": .string,
            "items": .items(ItemSchema(fields: ["id": .stringOrNumber, "title": .string], required: ["title"])),
            "selected": .integer(min: 1, max: nil),
            "style": .choice(["menu", "wheel"]),
            "onChange": .function,
        ])
        add(.dropdown, [
            "items": .items(ItemSchema(
                fields: ["id": .stringOrNumber, "title": .string, "icon": .string, "onSelect": .function],
                required: ["title"])),
            "selected": .stringOrNumber,
            "placeholder": .string,
            "expanded": .boolean,
            "onSelect": .function,
        ])
        add(.sheet, ["title": .string, "height": .height, "dismissible": .boolean, "onDismiss": .function],
            children: true)
        add(.drawer, ["width": .integer(min: 1, max: 1000)], children: true)
        add(.image, ["asset": .string, "width": .integer(min: 0, max: 1000), "height": .integer(min: 0, max: 1000)])
        add(.progress, ["value": .number(min: 0, max: 1), "label": .string])
        return all
    }()
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
func suggestion(for name: String, among names: some Sequence<String>) -> String? {
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
