/// Modifier keys held with a key. The raw values are the xterm / kitty
/// modifier bits (the parameter minus one), so the decoder converts with a mask.
public struct KeyModifiers: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let shift = KeyModifiers(rawValue: 1)
    public static let alt = KeyModifiers(rawValue: 2)
    public static let ctrl = KeyModifiers(rawValue: 4)

    /// Names are written in this order and no other: `ctrl-alt-shift-up`.
    static let spelled: [(prefix: String, modifier: KeyModifiers)] = [
        ("ctrl-", .ctrl), ("alt-", .alt), ("shift-", .shift),
    ]

    /// The name prefix, e.g. `ctrl-alt-`.
    var prefix: String {
        var s = ""
        for (prefix, modifier) in Self.spelled where contains(modifier) { s += prefix }
        return s
    }
}
