import LuaBridge

/// A run of rich text: `{ "Total: ", bold = true }`.
struct Span: Equatable {
    var text: String
    var style: Style
}

/// Reads of `style` tables and `spans`. The constructor has checked them; a
/// script that changes them later gets its problem reported and the rest drawn.
extension FieldReader {
    private static let attributeNames: [(StaticString, Style.Attributes)] = [
        ("bold", .bold), ("dim", .dim), ("italic", .italic), ("underline", .underline),
        ("reverse", .reverse), ("strike", .strike),
    ]

    /// The style table in field `key`, or nil. A string there is not a style
    /// (`ui.tabs{ style = "bottom" }` keeps its meaning), and is left alone.
    func style(_ key: StaticString) -> Style? {
        reader.pushName(key)
        defer { s.pop() }
        switch s.rawGet(at: table) {
        case .table: return readStyle(at: s.absolute(-1), path: fieldName(key))
        case .nil, .string: return nil
        default:
            reader.problem("\(fieldName(key)) must be a table (got \(reader.typeName(-1)))")
            return nil
        }
    }

    func isTable(_ key: StaticString) -> Bool {
        reader.pushName(key)
        defer { s.pop() }
        return s.rawGet(at: table) == .table
    }

    /// The style keys of the table at `t` (a style, or a span).
    func readStyle(at t: Int32, path: String) -> Style {
        var style = Style.plain
        style.fg = color("fg", in: t, path: path)
        style.bg = color("bg", in: t, path: path)
        for (name, attribute) in FieldReader.attributeNames {
            reader.pushName(name)
            if s.rawGet(at: t) == .boolean, s.truth(at: -1) { style.attributes.insert(attribute) }
            s.pop()
        }
        return style
    }

    private func color(_ key: StaticString, in t: Int32, path: String) -> Color {
        reader.pushName(key)
        defer { s.pop() }
        switch s.rawGet(at: t) {
        case .nil: return .default
        case .string:
            let text = s.displayString(at: -1)
            if let color = Color(parsing: text) { return color }
            reader.problem("\(path).\(key) must be \(Color.expected)" + Color.problem(got: HostLimits.shortened(text)))
        case .number:
            if let n = s.exactInteger(at: -1), (0...255).contains(n) { return .palette(Int(n)) }
            reader.problem("\(path).\(key) must be \(Color.expected) (got \(reader.typeName(-1)))")
        default:
            reader.problem("\(path).\(key) must be \(Color.expected) (got \(reader.typeName(-1)))")
        }
        return .default
    }

    /// The spans in field `key`, or nil when there are none. Their texts
    /// together are one display string: at most `HostLimits.maxDisplayBytes`,
    /// the span that passes it cut with `…` and those after it not read.
    func spans(_ key: StaticString) -> [Span]? {
        reader.pushName(key)
        defer { s.pop() }
        guard s.rawGet(at: table) == .table else { return nil }
        let list = s.top
        let n = reader.boundedLength(list, limit: HostLimits.maxArrayRead, path: fieldName(key))
        var result: [Span] = []
        result.reserveCapacity(n)
        var room = HostLimits.maxDisplayBytes
        for i in stride(from: 1, through: n, by: 1) {
            guard room > 0 else { break }
            var span: Span
            switch s.rawGetIndex(at: list, i) {
            case .string, .number:
                span = Span(text: text(at: -1), style: .plain)
            case .table:
                let t = s.absolute(-1)
                var text = ""
                if s.rawGetIndex(at: t, 1) != .nil { text = self.text(at: -1) }
                s.pop()
                reader.pushName("text")
                if s.rawGet(at: t) != .nil, text.isEmpty { text = self.text(at: -1) }
                s.pop()
                span = Span(text: text, style: readStyle(at: t, path: "\(fieldName(key))[\(i)]"))
            default:
                reader.problem("\(fieldName(key))[\(i)] must be a string or table (got \(reader.typeName(-1)))")
                s.pop()
                continue
            }
            s.pop()
            let bytes = span.text.utf8.count
            if bytes > room {
                span.text = BoundedText.prefix(of: span.text, maxBytes: room)
                room = 0
            } else {
                room -= bytes
            }
            result.append(span)
        }
        return result.isEmpty ? nil : result
    }

    /// A span's text (a number as Lua prints it).
    private func text(at index: Int32) -> String {
        if s.type(at: index) == .number {
            return s.isInteger(at: index) ? String(s.toInteger(at: index)) : String(s.toNumber(at: index))
        }
        return s.type(at: index) == .string ? reader.displayString(at: index) : ""
    }
}
