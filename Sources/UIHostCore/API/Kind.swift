/// The name of a kind of component, as its constructor is called: `"button"`
/// for `ui.button`. The list of every kind is `Registry.all`; the names below
/// are only the kinds the host treats specially (navigation, overlays, the
/// constructor shorthands), so that code reads `kind == .sheet`.
public struct Kind: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    init(_ name: String) {
        rawValue = name
    }

    static let screen = Kind("screen")
    static let tab = Kind("tab")
    static let sheet = Kind("sheet")
    static let drawer = Kind("drawer")
    static let alert = Kind("alert")
    static let confirm = Kind("confirm")

    /// Whether it is a dialog, shown by calling its constructor.
    var isDialog: Bool { self == .alert || self == .confirm }

    /// Every kind, in registry order.
    static var allCases: [Kind] { Registry.all.map { $0.kind } }

    /// The constructor's name as scripts call it, for messages: `ui.button`.
    var constructorName: String { "ui." + rawValue }

    public var description: String { rawValue }
}
