/// A mouse report, in 1-based cells as the terminal counts them.
public struct TerminalMouse: Hashable, Sendable {
    public enum Kind: Hashable, Sendable {
        case press, release, drag
        /// Wheel: positive is down.
        case scroll(Int)
    }
    public var kind: Kind
    public var column: Int
    public var row: Int

    public init(_ kind: Kind, column: Int, row: Int) {
        self.kind = kind
        self.column = column
        self.row = row
    }
}
