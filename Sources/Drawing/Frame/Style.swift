/// How a cell looks beyond its text: attributes and two colours. Plain text
/// output ignores it; the terminal writer turns it into SGR (resolving theme
/// tokens and downgrading colours) unless colour is off.
///
/// `.bold`, `[.bold, .reverse]` and `union` read as they did when a style was
/// only attributes; colours join them (`Style(fg: .token(.accent))`).
public struct Style: Hashable, Sendable, ExpressibleByArrayLiteral {
    public var fg: Color
    public var bg: Color
    public var attributes: Attributes

    public struct Attributes: OptionSet, Hashable, Sendable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }

        public static let bold = Attributes(rawValue: 1)
        public static let dim = Attributes(rawValue: 2)
        public static let reverse = Attributes(rawValue: 4)
        public static let underline = Attributes(rawValue: 8)
        public static let italic = Attributes(rawValue: 16)
        public static let strike = Attributes(rawValue: 32)

        /// The names scripts write in a `style` table, in SGR order.
        public static let named: [(name: String, attribute: Attributes)] = [
            ("bold", .bold), ("dim", .dim), ("italic", .italic), ("underline", .underline),
            ("reverse", .reverse), ("strike", .strike),
        ]
    }

    public init(fg: Color = .default, bg: Color = .default, attributes: Attributes = []) {
        self.fg = fg
        self.bg = bg
        self.attributes = attributes
    }

    public init(arrayLiteral elements: Style...) {
        self = elements.reduce(Style.plain) { $0.union($1) }
    }

    public static let plain = Style(fg: .default)
    public static let bold = Style(attributes: .bold)
    public static let dim = Style(attributes: .dim)
    public static let reverse = Style(attributes: .reverse)
    public static let underline = Style(attributes: .underline)
    public static let italic = Style(attributes: .italic)
    public static let strike = Style(attributes: .strike)
    /// Accent text: the selected tab, the back mark, a spinner.
    public static let accent = Style(fg: .token(.accent))
    /// Error text: a field's message. The banner reverses it (`errorBanner`).
    public static let error = Style(fg: .token(.error))
    public static let errorBanner = Style(fg: .token(.error), attributes: [.reverse, .bold])
    public static let muted = Style(fg: .token(.muted))
    public static let border = Style(fg: .token(.border))
    /// What has focus: a label, or a row of a list or menu across its width.
    /// (`mono` makes it reverse video, as focus looked before colours.)
    public static let focused = Style(bg: .token(.focus))
    /// Laid over what lies behind a sheet or drawer: muted and dim, its own colours gone.
    public static let backdrop = Style(fg: .token(.muted), attributes: .dim)
    /// The `›` gutter mark.
    public static let focusMark = Style(fg: .token(.accent), attributes: .bold)

    /// Attributes of both; a colour of `other` replaces ours.
    public func union(_ other: Style) -> Style {
        Style(fg: other.fg.isDefault ? fg : other.fg, bg: other.bg.isDefault ? bg : other.bg,
              attributes: attributes.union(other.attributes))
    }

    /// Whether this style has every attribute and colour of `other`.
    public func contains(_ other: Style) -> Bool {
        attributes.isSuperset(of: other.attributes)
            && (other.fg.isDefault || other.fg == fg) && (other.bg.isDefault || other.bg == bg)
    }

    public var isPlain: Bool { self == .plain }
}
