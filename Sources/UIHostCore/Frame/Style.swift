/// Emphasis a cell may carry. Plain text output ignores it; the terminal
/// writer turns it into SGR attributes unless colour is off.
public struct Style: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8

    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let plain: Style = []
    public static let bold = Style(rawValue: 1)
    public static let dim = Style(rawValue: 2)
    public static let reverse = Style(rawValue: 4)
    public static let underline = Style(rawValue: 8)
    /// The accent colour (selected tab, links).
    public static let accent = Style(rawValue: 16)
    /// The error colour (banner).
    public static let error = Style(rawValue: 32)
}
