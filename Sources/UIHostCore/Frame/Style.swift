/// Emphasis a cell may carry. Plain text output ignores it; the terminal
/// writer turns it into SGR attributes unless colour is off.
public struct Style: Equatable, Hashable, Sendable {
    public var bits: UInt8

    public init(bits: UInt8 = 0) { self.bits = bits }

    public static let plain = Style()
    public static let bold = Style(bits: 1)
    public static let dim = Style(bits: 2)
    public static let reverse = Style(bits: 4)
    public static let underline = Style(bits: 8)
    /// The accent colour (selected tab, links).
    public static let accent = Style(bits: 16)
    /// The error colour (banner).
    public static let error = Style(bits: 32)

    public func union(_ other: Style) -> Style { Style(bits: bits | other.bits) }
    public func contains(_ other: Style) -> Bool { bits & other.bits == other.bits }
}
