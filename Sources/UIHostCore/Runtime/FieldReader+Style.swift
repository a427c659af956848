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
            let text = LuaState.string(L, at: -1)
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

    /// The spans in field `key`, or nil when there are none.
    func spans(_ key: StaticString) -> [Span]? {
        reader.pushName(key)
        defer { s.pop() }
        guard s.rawGet(at: table) == .table else { return nil }
        let list = s.top
        let n = reader.boundedLength(list, limit: HostLimits.maxArrayRead, path: fieldName(key))
        var result: [Span] = []
        result.reserveCapacity(n)
        // The spans' texts are joined into what shows: read up to a bound, not
        // as many copies of one long string as the table names.
        var bytes = 0
        for i in stride(from: 1, through: n, by: 1) where bytes <= HostLimits.maxSpanBytes {
            let before = result.count
            defer { if result.count > before { bytes += result[result.count - 1].text.utf8.count } }
            switch s.rawGetIndex(at: list, i) {
            case .string, .number:
                result.append(Span(text: text(at: -1), style: .plain))
            case .table:
                let span = s.absolute(-1)
                var text = ""
                if s.rawGetIndex(at: span, 1) != .nil { text = self.text(at: -1) }
                s.pop()
                reader.pushName("text")
                if s.rawGet(at: span) != .nil, text.isEmpty { text = self.text(at: -1) }
                s.pop()
                result.append(Span(text: text, style: readStyle(at: span, path: "\(fieldName(key))[\(i)]")))
            default:
                reader.problem("\(fieldName(key))[\(i)] must be a string or table (got \(reader.typeName(-1)))")
            }
            s.pop()
        }
        if bytes > HostLimits.maxSpanBytes, var last = result.popLast() {
            last.text = HostLimits.cut(last.text, to: max(1, last.text.utf8.count - (bytes - HostLimits.maxSpanBytes)))
            result.append(last)
        }
        return result.isEmpty ? nil : result
    }

    private func text(at index: Int32) -> String {
        if s.type(at: index) == .number {
            return s.isInteger(at: index) ? String(s.toInteger(at: index)) : String(s.toNumber(at: index))
        }
        return s.type(at: index) == .string ? LuaState.string(L, at: index) : ""
    }
}
