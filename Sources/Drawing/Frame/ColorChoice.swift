/// The colour depth of a live terminal and the reason for it, decided in one
/// place: `ColorDepth.of` draws with the depth, `uihost doctor` says the reason.
public struct ColorChoice: Sendable, Equatable {
    /// nil: no colour and no attributes.
    public let depth: ColorDepth?
    /// Which variable decided, in words.
    public let reason: String

    public init(environment env: (String) -> String?) {
        let term = env("TERM")
        if let noColor = env("NO_COLOR"), !noColor.isEmpty {
            (depth, reason) = (nil, "NO_COLOR is set (no-color.org): no colour or attributes")
        } else if term == "dumb" {
            (depth, reason) = (nil, "TERM=dumb: a terminal without colour or attributes")
        } else if let colorterm = env("COLORTERM"), colorterm == "truecolor" || colorterm == "24bit" {
            (depth, reason) = (.truecolor, "COLORTERM=\(colorterm): 24-bit colour")
        } else if let term, term.contains("256color") {
            (depth, reason) = (.palette256, "TERM=\(term) names a 256-colour terminal (COLORTERM does not say truecolor)")
        } else {
            let said = term.map { "TERM=\($0)" } ?? "TERM is not set"
            (depth, reason) = (.ansi16, "\(said), and COLORTERM does not say truecolor: the 16 ANSI colours")
        }
    }
}

extension ColorDepth {
    /// How `uihost doctor` and the JSON name a depth.
    public var name: String {
        switch self {
        case .ansi16: "16"
        case .palette256: "256"
        case .truecolor: "truecolor"
        }
    }
}
