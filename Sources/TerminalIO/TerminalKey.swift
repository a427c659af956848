/// A key as the terminal reported it: which key, and the modifiers held with
/// it. The decoder does not name keys: the app maps these to its own names
/// (docs/API.md §6) and drops a combination they cannot spell, such as ctrl
/// with anything but a letter.
public struct TerminalKey: Hashable, Sendable {
    /// Which key, without modifiers.
    public enum Code: Hashable, Sendable {
        case up, down, left, right
        case enter, space, tab, esc, backspace, delete, insert
        case home, end, pageUp, pageDown
        /// `f1` … `f12`
        case function(Int)
        /// A character as the terminal sent it (`a`, `A`, `é`, `あ`), never a space.
        case character(Character)
    }

    /// The modifiers of xterm's and kitty's parameter (its bits: the parameter minus one).
    public struct Modifiers: OptionSet, Hashable, Sendable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }

        public static let shift = Modifiers(rawValue: 1)
        public static let alt = Modifiers(rawValue: 2)
        public static let ctrl = Modifiers(rawValue: 4)
    }

    public var code: Code
    public var modifiers: Modifiers

    public init(_ code: Code, _ modifiers: Modifiers = []) {
        self.code = code
        self.modifiers = modifiers
    }

    /// This key with `extra` held too.
    func adding(_ extra: Modifiers) -> TerminalKey {
        TerminalKey(code, modifiers.union(extra))
    }
}
