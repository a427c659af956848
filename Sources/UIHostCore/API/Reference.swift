/// The parts of the LuaLS stubs (library/uihost.lua) and of the field tables of
/// docs/API.md that the registry states: field names, types, defaults and
/// meanings (`FieldSpec.doc`, the one place a field's meaning is written). The
/// prose around them stays hand-written; `ReferenceTests` regenerates these
/// parts in both files and fails when they differ, so they cannot drift.
enum Reference {
    // MARK: - Stubs

    /// An optional field's `---@field` line: its name, LuaLS type and meaning as a sentence.
    static func stubField(_ spec: FieldSpec) -> String {
        "---@field \(spec.name)? \(luaType(spec)) \(spec.stubDoc)"
    }

    /// The `---@field` lines of a component's `---@class` block.
    static func stubFields(_ component: any Component.Type) -> [String] {
        var lines = component.allFields.map(stubField)
        switch component.children {
        case .none: break
        case .any(let doc): lines.append("---@field [integer] ui.Component \(FieldSpec.sentence(doc))")
        case .only(let kind, let doc): lines.append("---@field [integer] \(luaClass(kind)) \(FieldSpec.sentence(doc))")
        }
        return lines
    }

    static func luaType(_ spec: FieldSpec) -> String {
        if let type = spec.luaType { return type }
        switch spec.type {
        case .string: return "string"
        case .boolean: return "boolean"
        case .function: return "function"
        case .number: return "number"
        case .integer: return "integer"
        case .choice(let options): return options.map { "\"\($0)\"" }.joined(separator: "|")
        case .component(let kind): return kind.map(luaClass) ?? "ui.Component"
        case .items: return "table[]"
        case .height: return "ui.SheetHeight"
        case .stringOrNumber: return "ui.ItemID"
        case .style: return "ui.Style"
        case .choiceOrStyle(let options): return options.map { "\"\($0)\"" }.joined(separator: "|") + "|ui.Style"
        case .spans: return "ui.Span[]"
        case .bindings: return "table<string|string[]|integer, ui.Binding>"
        case .rows: return "table[]"
        case .numbers: return "number[]"
        case .size: return "ui.Size"
        case .padding: return "integer|integer[]"
        case .sizes: return "ui.Size[]"
        case .suggestions: return "string[]|fun(text: string): string[]"
        }
    }

    static func luaClass(_ kind: Kind) -> String {
        Registry.component(kind)?.luaClass ?? "ui.Component"
    }

    /// The `---@class ui.Component` block: what a component is, and the fields every one takes.
    static func stubCommonClass() -> [String] {
        Schema.commonSummary.split(separator: "\n").map { "---" + $0 } + ["---@class ui.Component"]
            + Schema.common.map(stubField)
    }

    /// The `---@class` block of a component: its summary, class line and fields.
    static func stubClass(_ component: any Component.Type) -> [String] {
        ["---" + component.summary, "---@class \(component.luaClass) : ui.Component"] + stubFields(component) + [""]
    }

    /// The constructor of a component, `function ui.x(props) end`, with its description.
    static func stubConstructor(_ component: any Component.Type) -> [String] {
        let param: String
        switch component.shorthand {
        case .string: param = "---@param props \(component.luaClass)|string Fields, or the text itself."
        case .noArgument: param = "---@param props? \(component.luaClass)"
        case .none:
            param = "---@param props \(component.luaClass)"
                + (component.children.allowsChildren ? " Fields, and the children as positional entries." : "")
        }
        return ["---" + component.constructorSummary, param, "---@return \(component.constructorReturns)",
                "function \(component.kind.constructorName)(props) end", ""]
    }

    /// A region of a file the registry writes: the lines between `-- BEGIN GENERATED what`
    /// and `-- END GENERATED what`.
    struct Region {
        let what: String
        var begin: String { "-- BEGIN GENERATED \(what) (from the component registry: edit the components, then run" }
        static let beginSecondLine = "-- UIHOST_UPDATE_REFERENCE=1 swift test --filter ReferenceTests; do not edit by hand)"
        var end: String { "-- END GENERATED \(what)" }

        /// `lines` with the region's content replaced, or a problem when the markers are missing.
        func fill(_ lines: inout [String], with content: [String], file: String) -> String? {
            guard let b = lines.firstIndex(of: begin), b + 1 < lines.count, lines[b + 1] == Region.beginSecondLine,
                  let e = lines[(b + 2)...].firstIndex(of: end) else {
                return "\(file): no region `\(begin)` / `\(Region.beginSecondLine)` … `\(end)`"
            }
            lines.replaceSubrange((b + 2)..<e, with: content)
            return nil
        }
    }

    static let commonRegion = Region(what: "common fields")
    static let classRegion = Region(what: "component classes")
    static let constructorRegion = Region(what: "component constructors")
    static let luacheckRegion = Region(what: "constructors")

    /// `library` with the component classes and constructors regenerated from the registry.
    static func regenerateStubs(_ library: String) -> (text: String, problems: [String]) {
        var lines = library.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let file = "library/uihost.lua"
        let problems = [
            commonRegion.fill(&lines, with: stubCommonClass(), file: file),
            classRegion.fill(&lines, with: Registry.all.flatMap(stubClass), file: file),
            constructorRegion.fill(&lines, with: Registry.all.filter({ $0.stubsConstructor }).flatMap(stubConstructor), file: file),
            itemRegion.fill(&lines, with: itemClasses.flatMap(stubItemClass), file: file),
        ].compactMap { $0 }
        return (lines.joined(separator: "\n"), problems)
    }

    /// `.luacheckrc` with the constructor names of the `ui` fields regenerated.
    static func regenerateLuacheck(_ config: String) -> (text: String, problems: [String]) {
        var lines = config.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var rows: [String] = [], row = "   "
        for name in Registry.all.map({ "\"\($0.kind.rawValue)\"," }) {
            if row.count + 1 + name.count > 90 { rows.append(row); row = "   " }
            row += " " + name
        }
        rows.append(row)
        let problem = luacheckRegion.fill(&lines, with: rows, file: ".luacheckrc")
        return (lines.joined(separator: "\n"), problem.map { [$0] } ?? [])
    }

    // MARK: - docs/API.md

    /// A row of a field table: `| field | type | default | meaning |`.
    struct Row: Equatable {
        var field: String
        var type: String
        var defaultValue: String
        var meaning: String

        var line: String { "| \(field) | \(type) | \(defaultValue) | \(meaning) |" }
    }

    /// The first cell of the row of the positional entries.
    static let childrenField = "`[1]`, `[2]`, …"

    /// The rows the registry states, the children's row first.
    static func docsRows(_ component: any Component.Type) -> [Row] {
        var rows: [Row] = []
        switch component.children {
        case .none: break
        case .any(let doc): rows.append(Row(field: childrenField, type: "component", defaultValue: "—", meaning: cell(doc)))
        case .only(let kind, let doc):
            rows.append(Row(field: childrenField, type: "`\(kind.constructorName)`", defaultValue: "—", meaning: cell(doc)))
        }
        return rows + component.allFields.map { docsRow($0) }
    }

    /// A field's row; `defaultValue` in place of the spec's default (`required`).
    static func docsRow(_ spec: FieldSpec, defaultValue: String? = nil) -> Row {
        Row(field: "`\(spec.name)`", type: docsType(spec), defaultValue: defaultValue ?? docsDefault(spec.defaultValue),
            meaning: cell(spec.doc))
    }

    /// Text in a table cell: a `|` of its own escaped.
    private static func cell(_ text: String) -> String {
        text.replacing("|", with: "\\|")
    }

    static func docsType(_ spec: FieldSpec) -> String {
        if let type = spec.docsType { return type }
        switch spec.type {
        case .string: return "string"
        case .boolean: return "boolean"
        case .function: return "function"
        case .number(let lo, let hi): return "number" + range(lo.map(number), hi.map(number))
        case .integer(let lo, let hi): return "integer" + range(lo.map(String.init), hi.map(String.init))
        case .choice(let options): return options.map { "`\"\($0)\"`" }.joined(separator: ", ")
        case .component(let kind): return kind.map { "`\($0.constructorName)`" } ?? "component"
        case .items: return "array"
        case .height: return "height"
        case .stringOrNumber: return "string or number"
        case .style: return "style"
        case .choiceOrStyle(let options): return options.map { "`\"\($0)\"`" }.joined(separator: ", ") + " or style"
        case .spans: return "array of spans"
        case .bindings: return "key bindings"
        case .rows: return "array of tables"
        case .numbers: return "array of numbers"
        case .size: return "integer, `\"N%\"` or `\"Nfr\"`"
        case .padding: return "integer or `{ rows, columns }`"
        case .sizes: return "array of sizes"
        case .suggestions: return "array of strings or function"
        }
    }

    private static func range(_ lo: String?, _ hi: String?) -> String {
        switch (lo, hi) {
        case let (lo?, hi?): " \(lo)…\(hi)"
        case let (lo?, nil): " ≥ \(lo)"
        case let (nil, hi?): " ≤ \(hi)"
        case (nil, nil): ""
        }
    }

    private static func number(_ d: Double) -> String {
        d == d.rounded() ? String(Int(d)) : String(d)
    }

    static func docsDefault(_ value: FieldDefault) -> String {
        switch value {
        case .none: "—"
        case .value(let literal): "`\(literal.lua)`"
        case .described(let text): text
        }
    }

    /// The marker before a component's field table: `<!-- fields ui.button -->`.
    static func marker(_ component: any Component.Type) -> String {
        "<!-- fields \(component.kind.constructorName) -->"
    }

    /// `document` with each marked field table rewritten from the registry, the
    /// children's row where it was.
    static func regenerateDocs(_ document: String) -> (text: String, problems: [String]) {
        var lines = document.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var problems: [String] = []
        for component in Registry.all {
            fillTable(&lines, marker: marker(component), name: component.kind.constructorName, rows: docsRows(component),
                      problems: &problems)
        }
        for item in itemClasses {
            fillTable(&lines, marker: "<!-- fields \(item.luaClass) -->", name: item.luaClass, rows: docsRows(item),
                      problems: &problems)
        }
        return (lines.joined(separator: "\n"), problems)
    }

    /// Rewrites the field table after `marker` with `expected` (the
    /// children's row where it was); a problem when the marker is missing,
    /// doubled or not followed by a table.
    private static func fillTable(_ lines: inout [String], marker: String, name: String, rows expected: [Row],
                                  problems: inout [String]) {
        let places = lines.indices.filter { lines[$0] == marker }
        guard places.count == 1, let at = places.first else {
            if places.count > 1 || !expected.isEmpty {
                problems.append("docs/API.md: \(places.count) `\(marker)` lines (one must precede the field table of \(name))")
            }
            return
        }
        let start = at + 3   // the marker, the header and the |---| line
        guard start <= lines.count, lines[at + 1] == "| field | type | default | meaning |", lines[at + 2] == "|---|---|---|---|" else {
            problems.append("docs/API.md:\(at + 1): `\(marker)` must be followed by a `| field | type | default | meaning |` table")
            return
        }
        var end = start
        while end < lines.count, lines[end].hasPrefix("|") { end += 1 }
        let old = lines[start..<end].map(row)
        var rows = expected.filter { $0.field != childrenField }
        if let children = expected.first(where: { $0.field == childrenField }) {
            let place = old.firstIndex { $0.field == childrenField }
            rows.insert(children, at: min(place ?? 0, rows.count))
        }
        for row in rows where row.meaning.isEmpty {
            problems.append("\(name): \(row.field) has no meaning (its `FieldSpec`'s `doc`)")
        }
        lines.replaceSubrange(start..<end, with: rows.map(\.line))
    }

    /// A table line split into its four cells; the meaning may itself hold `|`.
    private static func row(_ line: String) -> Row {
        var cells = line.dropFirst().split(separator: "|", maxSplits: 3, omittingEmptySubsequences: false)
            .map(trimmed)
        while cells.count < 4 { cells.append("") }
        var meaning = cells[3]
        if meaning.hasSuffix("|") { meaning = trimmed(meaning.dropLast()) }
        return Row(field: cells[0], type: cells[1], defaultValue: cells[2], meaning: meaning)
    }

    private static func trimmed(_ s: Substring) -> String {
        String(s.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
