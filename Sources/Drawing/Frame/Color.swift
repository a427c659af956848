/// A colour as a cell carries it: the terminal's default, one of the 16 ANSI
/// colours, a 256-palette index, an RGB triple, or a theme token resolved when
/// the frame is written. Packed in four bytes (a tag and 24 bits) so that a
/// `Cell` stays small and comparing cells in the diff stays cheap.
public struct Color: Hashable, Sendable {
    let raw: UInt32

    private init(tag: Tag, _ payload: UInt32) { raw = UInt32(tag.rawValue) << 24 | (payload & 0xFF_FFFF) }

    enum Tag: UInt8 { case none = 0, ansi, palette, rgb, token }

    /// The terminal's own foreground or background.
    public static let `default` = Color(tag: .none, 0)

    /// One of the 16 ANSI colours: 0…7 normal, 8…15 bright (`names` order).
    public static func ansi(_ index: Int) -> Color { Color(tag: .ansi, UInt32(index & 15)) }
    public static func palette(_ index: Int) -> Color { Color(tag: .palette, UInt32(index & 255)) }
    public static func rgb(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> Color {
        Color(tag: .rgb, UInt32(r) << 16 | UInt32(g) << 8 | UInt32(b))
    }
    public static func token(_ token: ThemeToken) -> Color { Color(tag: .token, UInt32(token.rawValue)) }

    /// What the colour is, unpacked.
    public enum Value: Equatable, Sendable {
        case none
        case ansi(Int)
        case palette(Int)
        case rgb(UInt8, UInt8, UInt8)
        case token(ThemeToken)
    }

    public var value: Value {
        let payload = raw & 0xFF_FFFF
        switch Tag(rawValue: UInt8(raw >> 24)) ?? .none {
        case .none: return .none
        case .ansi: return .ansi(Int(payload))
        case .palette: return .palette(Int(payload))
        case .rgb: return .rgb(UInt8(payload >> 16), UInt8(payload >> 8 & 255), UInt8(payload & 255))
        case .token: return .token(ThemeToken(rawValue: UInt8(payload)) ?? .accent)
        }
    }

    public var isDefault: Bool { raw == 0 }
    var isToken: Bool { raw >> 24 == UInt32(Tag.token.rawValue) }

    /// The 16 ANSI names, in SGR order (30…37, then 90…97).
    public static let names = [
        "black", "red", "green", "yellow", "blue", "magenta", "cyan", "white",
        "brightblack", "brightred", "brightgreen", "brightyellow", "brightblue", "brightmagenta", "brightcyan", "brightwhite",
    ]
}

// MARK: - Parsing what scripts write

extension Color {
    /// A colour from a script's string: an ANSI name, a theme token, or `#rrggbb`.
    public init?(parsing text: String) {
        if let i = Color.names.firstIndex(of: text) {
            self = .ansi(i)
        } else if let token = ThemeToken(name: text) {
            self = .token(token)
        } else if text.utf8.count == 7, text.first == "#", let n = UInt32(text.dropFirst(), radix: 16) {
            self = .rgb(UInt8(n >> 16), UInt8(n >> 8 & 255), UInt8(n & 255))
        } else {
            return nil
        }
    }

    /// The words of every error about a colour.
    public static let expected = "a colour name, 0…255 or \"#rrggbb\""

    /// Every name a script may write, for "did you mean".
    public static var allNames: [String] { names + ThemeToken.allCases.map(\.name) }
}

// MARK: - Depth

extension Color {
    /// The RGB of an ANSI or palette colour (xterm's defaults), for downgrading and pictures.
    public var rgbValue: (UInt8, UInt8, UInt8)? {
        switch value {
        case .none, .token: return nil
        case .rgb(let r, let g, let b): return (r, g, b)
        case .ansi(let i): return Color.xterm16[i]
        case .palette(let i):
            if i < 16 { return Color.xterm16[i] }
            if i >= 232 { let v = UInt8(8 + (i - 232) * 10); return (v, v, v) }
            let c = i - 16
            let level = { (n: Int) -> UInt8 in n == 0 ? 0 : UInt8(55 + n * 40) }
            return (level(c / 36), level(c / 6 % 6), level(c % 6))
        }
    }

    static let xterm16: [(UInt8, UInt8, UInt8)] = [
        (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205), (229, 229, 229),
        (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255), (255, 0, 255), (0, 255, 255), (255, 255, 255),
    ]

    /// The nearest colour the terminal can show at `depth` (tokens must be resolved first).
    public func downgraded(to depth: ColorDepth) -> Color {
        switch (value, depth) {
        case (.none, _), (.token, _), (_, .truecolor), (.ansi, _): return self
        case (.palette(let i), .palette256): return .palette(i)
        case (.palette(let i), .ansi16) where i < 16: return .ansi(i)
        case (.rgb(let r, let g, let b), .palette256): return .palette(Color.nearestPalette(r, g, b))
        default:
            guard let (r, g, b) = rgbValue else { return self }
            return .ansi(Color.nearest(r, g, b, among: Color.xterm16))
        }
    }

    /// xterm's 6×6×6 cube or its grey ramp, whichever is nearer.
    static func nearestPalette(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> Int {
        let step = { (v: UInt8) -> Int in v < 48 ? 0 : v < 115 ? 1 : (Int(v) - 35) / 40 }
        let cube = 16 + 36 * step(r) + 6 * step(g) + step(b)
        let average = (Int(r) + Int(g) + Int(b)) / 3
        let grey = average > 238 ? 255 : 232 + max(0, (average - 3) / 10)
        let candidates = [cube, min(grey, 255)]
        return candidates.min { distance(Color.palette($0).rgbValue!, (r, g, b)) < distance(Color.palette($1).rgbValue!, (r, g, b)) }!
    }

    static func nearest(_ r: UInt8, _ g: UInt8, _ b: UInt8, among table: [(UInt8, UInt8, UInt8)]) -> Int {
        table.indices.min { distance(table[$0], (r, g, b)) < distance(table[$1], (r, g, b)) }!
    }

    /// Squared distance, weighted for how the eye sees (a cheap "redmean").
    static func distance(_ a: (UInt8, UInt8, UInt8), _ b: (UInt8, UInt8, UInt8)) -> Int {
        let dr = Int(a.0) - Int(b.0), dg = Int(a.1) - Int(b.1), db = Int(a.2) - Int(b.2)
        return 2 * dr * dr + 4 * dg * dg + 3 * db * db
    }
}

/// How many colours the output can show. `nil` where a depth is optional means no colour at all.
public enum ColorDepth: Sendable, Equatable {
    case ansi16, palette256, truecolor

    /// A live terminal's depth from its environment: truecolor when `COLORTERM`
    /// says so, 256 when `TERM` names a 256-colour terminal, else 16; nil
    /// (no colour, no attributes) for `NO_COLOR` or a dumb terminal.
    /// (`ColorChoice` decides, and says why.)
    public static func of(environment env: (String) -> String?) -> ColorDepth? {
        ColorChoice(environment: env).depth
    }
}
