/// The plain-text marks (docs/API.md §7), in Unicode or (`--ascii`) ASCII.
public struct Glyphs: Sendable {
    public let focus: Character
    public let chevronDown: Character
    public let chevronUp: Character
    public let check: Character
    public let back: String
    public let horizontal: Character
    public let vertical: Character
    public let topLeft: Character
    public let topRight: Character
    public let bottomLeft: Character
    public let bottomRight: Character
    /// Shown where a row of tabs continues past an edge: not the focus mark's
    /// glyph, so that neither is taken for the other. At most two columns.
    public let moreLeft: String
    public let moreRight: String
    /// Frames of the `ui.progress` spinner, and the cells of its bar.
    public let spinner: [Character]
    public let barFilled: Character
    public let barEmpty: Character
    /// What a password field shows for each character, and before a field's message.
    public var mask: Character = "•"
    public var warning: String = "!"
    /// `ui.switch` on and off; `ui.radio` chosen and not.
    public var switchOn = "[━●]"
    public var switchOff = "[○━]"
    public var radioOn = "(•)"
    public var radioOff = "( )"
    /// Where content continues above or below a scrolling container's edge.
    public var moreUp = "↑"
    public var moreDown = "↓"
    /// `ui.tree`: before a closed node that has children, and an open one.
    public var treeClosed = "▸"
    public var treeOpen = "▾"
    /// Whether these are the `--ascii` marks (boxes then draw ASCII borders).
    public var isASCII = false
    /// Around a text field's placeholder in plain text: `[‹Title›   ]`.
    public var placeholderOpen: String { isASCII ? "<" : "‹" }
    public var placeholderClose: String { isASCII ? ">" : "›" }
    /// Whether a link shows its URL after its title (`Docs <https://…>`): in
    /// plain text, where no OSC 8 hyperlink carries it. Off only where the
    /// frame is written with colours.
    public var urlsInText = true

    public static let unicode = Glyphs(
        focus: "›", chevronDown: "▼", chevronUp: "▲", check: "✓", back: "‹ Back",
        horizontal: "─", vertical: "│", topLeft: "╭", topRight: "╮", bottomLeft: "╰", bottomRight: "╯",
        moreLeft: "«", moreRight: "»",
        spinner: ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"], barFilled: "█", barEmpty: "░")
    public static let ascii = Glyphs(
        focus: ">", chevronDown: "v", chevronUp: "^", check: "*", back: "< Back",
        horizontal: "-", vertical: "|", topLeft: "+", topRight: "+", bottomLeft: "+", bottomRight: "+",
        moreLeft: "<<", moreRight: ">>",
        spinner: ["|", "/", "-", "\\"], barFilled: "#", barEmpty: "-", mask: "*",
        switchOn: "[ on]", switchOff: "[off]", radioOn: "(*)", moreUp: "^", moreDown: "v",
        treeClosed: "+", treeOpen: "-", isASCII: true)
}
