/// The type a field must have.
indirect enum FieldType: Sendable {
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
    /// A `style` table: `fg`, `bg` colours and attribute booleans (`StyleSpec`).
    case style
    /// `ui.tabs.style`: where the bar goes (a string), or a style (a table).
    case choiceOrStyle([String])
    /// The rows of a table: an array of tables read only where shown, so not checked whole.
    case rows
    /// Values to draw (a sparkline's): an array of numbers read only as far as shown, so not checked whole.
    case numbers
    /// Rich text: an array of spans, each a string or `{ "text", bold = true, … }`.
    case spans
    /// `keys`: key names to bindings, `{ "Save", fn }` or `{ desc = "Save", run = fn }`.
    case bindings
    /// A size on a child of a stack: cells, `"30%"` or `"2fr"` (`Dimension`).
    case size
    /// A box's padding: a number for every side, or `{ rows, columns }`.
    case padding
    /// A grid's tracks: an array of sizes (`{ "1fr", 10, "25%" }`).
    case sizes
    /// An input's completions: an array of strings, or a function of the text.
    case suggestions

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
        case .style: "a table"
        case .choiceOrStyle: "a string or table"
        case .spans: "a table"
        case .bindings: "a table"
        case .rows, .numbers: "a table"
        case .size: "a cell count, \"N%\" or \"Nfr\""
        case .padding: "an integer or { rows, columns }"
        case .sizes: "an array of sizes"
        case .suggestions: "an array of strings or a function"
        }
    }
}

/// Fields of a list item; other fields are the script's own data.
struct ItemSchema: Sendable {
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
