/// A colour a theme names: what components draw with, so that a theme (or a
/// script's `ui.theme{…}`) restyles every built-in component at once.
public enum ThemeToken: UInt8, CaseIterable, Sendable {
    case accent, muted, surface, border, error, warning, success, focus

    public var name: String {
        switch self {
        case .accent: "accent"
        case .muted: "muted"
        case .surface: "surface"
        case .border: "border"
        case .error: "error"
        case .warning: "warning"
        case .success: "success"
        case .focus: "focus"
        }
    }

    public init?(name: String) {
        guard let token = ThemeToken.allCases.first(where: { $0.name == name }) else { return nil }
        self = token
    }
}

/// What each token looks like. Resolved when a frame is written (terminal,
/// `--format ansi|svg|html`), never when it is drawn, so a theme change
/// repaints without laying anything out again and plain text never sees it.
public struct Theme: Equatable, Sendable {
    public let name: String
    /// Indexed by `ThemeToken.rawValue`; never a token itself.
    public private(set) var colors: [Color]
    /// Added wherever a token is used: `mono` has no colours, so its focus is
    /// reverse video and its accent bold.
    public private(set) var attributes: [Style.Attributes]
    /// The terminal's own colours as a picture of a frame paints them (`--format svg|html`).
    public var paper: (fg: (UInt8, UInt8, UInt8), bg: (UInt8, UInt8, UInt8)) = ((0xd4, 0xd4, 0xd4), (0x12, 0x12, 0x12))

    public static func == (a: Theme, b: Theme) -> Bool {
        a.name == b.name && a.colors == b.colors && a.attributes == b.attributes
    }

    public init(name: String, _ tokens: KeyValuePairs<ThemeToken, Color>, attributes: KeyValuePairs<ThemeToken, Style.Attributes> = [:]) {
        self.name = name
        colors = Array(repeating: .default, count: ThemeToken.allCases.count)
        self.attributes = Array(repeating: [], count: ThemeToken.allCases.count)
        for (token, color) in tokens { colors[Int(token.rawValue)] = color }
        for (token, attribute) in attributes { self.attributes[Int(token.rawValue)] = attribute }
    }

    public subscript(token: ThemeToken) -> Color { colors[Int(token.rawValue)] }

    /// The theme with one token changed (`ui.theme{ accent = "#ff8800" }`).
    public mutating func set(_ token: ThemeToken, _ color: Color) {
        guard !color.isToken else { return }
        colors[Int(token.rawValue)] = color
        // A colour the script chose replaces what stood in for colour.
        if !color.isDefault { attributes[Int(token.rawValue)] = [] }
    }

    /// The style with every token replaced by this theme's colour (and attributes).
    public func resolve(_ style: Style) -> Style {
        guard style.fg.isToken || style.bg.isToken else { return style }
        var out = style
        if case .token(let t) = style.fg.value {
            out.fg = self[t]
            out.attributes.formUnion(attributes[Int(t.rawValue)])
        }
        if case .token(let t) = style.bg.value {
            out.bg = self[t]
            out.attributes.formUnion(attributes[Int(t.rawValue)])
        }
        return out
    }
}

// MARK: - Built-in themes

extension Theme {
    /// The default. Close to Textual's dark theme, so that a screen sits well
    /// beside a Textual app in the same terminal: a blue accent and focus bar,
    /// grey for what is secondary, and the terminal's own background.
    public static let dark = Theme(name: "dark", [
        .accent: .rgb(0x4e, 0xa8, 0xff), .muted: .rgb(0x8a, 0x8f, 0x98), .surface: .rgb(0x1e, 0x1e, 0x1e),
        .border: .rgb(0x5a, 0x5f, 0x68), .error: .rgb(0xe0, 0x55, 0x6b), .warning: .rgb(0xff, 0xa6, 0x2b),
        .success: .rgb(0x4e, 0xbf, 0x71), .focus: .rgb(0x01, 0x5a, 0xa8),
    ])

    /// For light terminals: darker inks, a pale focus bar.
    public static let light: Theme = {
        var theme = Theme(name: "light", [
            .accent: .rgb(0x00, 0x5f, 0xc4), .muted: .rgb(0x6a, 0x6f, 0x78), .surface: .rgb(0xf2, 0xf2, 0xf2),
            .border: .rgb(0xb0, 0xb4, 0xba), .error: .rgb(0xc6, 0x28, 0x28), .warning: .rgb(0xa8, 0x5d, 0x00),
            .success: .rgb(0x2e, 0x7d, 0x32), .focus: .rgb(0xc8, 0xe1, 0xff),
        ])
        theme.paper = ((0x1f, 0x23, 0x28), (0xff, 0xff, 0xff))
        return theme
    }()

    /// No colours, only attributes: for terminals or people that want none.
    public static let mono = Theme(name: "mono", [:], attributes: [
        .accent: .bold, .muted: .dim, .border: .dim, .error: .bold, .warning: .bold, .success: .bold, .focus: .reverse,
    ])

    public static let builtIn: [Theme] = [.dark, .light, .mono]

    public static func named(_ name: String) -> Theme? { builtIn.first { $0.name == name } }
}
