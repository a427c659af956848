import LuaBridge

/// Checks of `style` tables and rich-text `spans`, worded like every other
/// field: `ui.text: style.fg must be a colour name, 0…255 or "#rrggbb" (got "blu") (did you mean "blue"?)`.
extension Validator {
    /// The keys of a style table, for "did you mean".
    static let styleKeys = ["fg", "bg"] + Style.Attributes.named.map(\.name)

    func checkStyle(_ table: Int32, path: String) -> String? {
        checkStyleKeys(table, path: path, extra: [])
    }

    /// A span is a style table with its text at [1] or in `text`.
    func checkSpans(_ table: Int32, path: String) -> String? {
        let n = s.rawLength(at: table)
        if n > HostLimits.maxArrayRead { return "\(path) has \(n) entries (at most \(HostLimits.maxArrayRead))" }
        guard n > 0 else { return nil }
        for i in 1...n {
            s.rawGet(at: table, i)
            defer { s.pop() }
            let span = s.absolute(-1)
            let here = "\(path)[\(i)]"
            switch s.type(at: span) {
            case .string, .number: continue
            case .table: break
            default: return "\(here) must be a string or table (got \(describe(span)))"
            }
            s.rawGet(at: span, 1)
            let positional = s.type(at: -1)
            s.pop()
            s.rawGet(at: span, "text")
            let named = s.type(at: -1)
            s.pop()
            if positional != .string, positional != .number, named != .string, named != .number {
                return "\(here) has no text (write { \"Total: \", bold = true } or text = \"…\")"
            }
            if let problem = checkStyleKeys(span, path: here, extra: ["text"]) { return problem }
        }
        return nil
    }

    private func checkStyleKeys(_ table: Int32, path: String, extra: [String]) -> String? {
        var problem: String?
        var keys: [String] = []
        s.forEachPair(in: table) {
            if let key = s.string(at: -2, maxBytes: HostLimits.maxKeyBytes) {
                keys.append(key)
            } else if !(s.isInteger(at: -2) && s.integer(at: -2) == 1 && !extra.isEmpty) {
                problem = problem ?? "\(path): unknown field [\(describe(-2)) key]"
            }
            return problem == nil && keys.count < HostLimits.maxProblems
        }
        if let problem { return problem }
        let known = Validator.styleKeys + extra
        for key in keys.sorted() {
            guard known.contains(key) else {
                var message = "\(path): unknown field '\(HostLimits.shortened(key))'"
                if let guess = suggestion(for: key, among: known) { message += " (did you mean '\(guess)'?)" }
                return message
            }
            s.rawGet(at: table, key)
            defer { s.pop() }
            let v = s.absolute(-1)
            switch key {
            case "fg", "bg":
                if let problem = checkColor(v, path: "\(path).\(key)") { return problem }
            case "text":
                if s.type(at: v) != .string, s.type(at: v) != .number { return "\(path).text must be a string (got \(describe(v)))" }
            default:
                if s.type(at: v) != .boolean { return "\(path).\(key) must be a boolean (got \(describe(v)))" }
            }
        }
        return nil
    }

    func checkColor(_ v: Int32, path: String) -> String? {
        let wrong = "\(path) must be \(Color.expected)"
        switch s.type(at: v) {
        case .string:
            let text = s.string(at: v, maxBytes: HostLimits.maxDisplayBytes) ?? ""
            return Color(parsing: text) == nil ? wrong + Color.problem(got: HostLimits.shortened(text)) : nil
        case .number:
            guard s.isInteger(at: v), let n = s.integer(at: v), (0...255).contains(n) else {
                let n = s.number(at: v) ?? 0
                return wrong + " (got \(n == n.rounded() && abs(n) < 1e15 ? String(Int(n)) : String(n)))"
            }
            return nil
        default:
            return wrong + " (got \(describe(v)))"
        }
    }
}
