import LuaBridge

/// `ui.theme`: a built-in theme by name (`ui.theme "light"`), or tokens
/// overridden from a script (`ui.theme{ accent = "#ff8800" }`). A token that
/// does not exist, or a value that is not a colour, is an error here, where
/// the script wrote it, not at draw time.
extension UIModule {
    static let theme: LuaSwiftFunction = { L in
        let L = L!
        let host = host(L)
        let s = LuaStack(L)
        switch s.type(at: 1) {
        case .string:
            let name = s.string(at: 1) ?? ""
            guard let theme = Theme.named(name) else {
                var message = "ui.theme: unknown theme '\(HostLimits.shortened(name))' (expected "
                    + Theme.builtIn.map(\.name).joined(separator: ", ") + ")"
                if let guess = suggestion(for: name, among: Theme.builtIn.map(\.name)) { message += " (did you mean '\(guess)'?)" }
                return raise(L, message)
            }
            host.setTheme(theme)
            return 0
        case .table:
            var theme = host.theme
            var problem: String?
            var changes: [(ThemeToken, Color)] = []
            s.forEachPair(in: 1) {
                guard let key = s.string(at: -2), s.type(at: -2) == .string else {
                    problem = "ui.theme: tokens are named (got a \(s.type(at: -2)) key)"
                    return false
                }
                guard let token = ThemeToken(name: key) else {
                    var message = "ui.theme: unknown token '\(HostLimits.shortened(key))'"
                    if let guess = suggestion(for: key, among: ThemeToken.allCases.map(\.name)) { message += " (did you mean '\(guess)'?)" }
                    problem = message
                    return false
                }
                guard let color = themeColor(L, -1) else {
                    let text = s.type(at: -1) == .string ? HostLimits.shortened(s.string(at: -1) ?? "") : nil
                    let got = text.map { ThemeToken(name: $0) != nil ? " (got \"\($0)\", a token: a theme holds colours)" : Color.problem(got: $0) }
                        ?? " (got \(host.kinds.typeName(L, -1)))"
                    problem = "ui.theme: \(key) must be \(Color.expected)" + got
                    return false
                }
                changes.append((token, color))
                return true
            }
            if let problem { return raise(L, problem) }
            for (token, color) in changes { theme.set(token, color) }
            host.setTheme(theme)
            return 0
        default:
            return argError(L, 1, "theme", "table or theme name")
        }
    }

    /// A colour a theme may hold: a name, an index or `#rrggbb`, never another token.
    private static func themeColor(_ L: OpaquePointer, _ index: Int32) -> Color? {
        let s = LuaStack(L)
        switch s.type(at: index) {
        case .string:
            guard let color = Color(parsing: s.string(at: index) ?? ""), case .token = color.value else {
                return Color(parsing: s.string(at: index) ?? "")
            }
            return nil
        case .number:
            guard s.isInteger(at: index), let n = s.integer(at: index), (0...255).contains(n) else { return nil }
            return .palette(Int(n))
        default:
            return nil
        }
    }
}
