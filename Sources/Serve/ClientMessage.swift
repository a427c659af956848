/// What the page sends over a session's WebSocket, one message each: a
/// letter, then its data (docs/SERVING.md, "The protocol").
///
///     i<bytes>        input as a terminal writes it: keys, a paste, mouse reports
///     r<cols>,<rows>  the window's size in cells changed
///
/// The other way, every message is binary: the app's terminal output as is.
public enum ClientMessage: Equatable, Sendable {
    case input([UInt8])
    case resize(cols: Int, rows: Int)

    /// Sizes outside this are not a terminal (uihost's own `--size` range).
    public static let sizes = 1...1000

    /// nil for a message the protocol does not have.
    public init?<C: Collection>(_ bytes: C) where C.Element == UInt8 {
        guard let kind = bytes.first else { return nil }
        let body = bytes.dropFirst()
        switch kind {
        case UInt8(ascii: "i"):
            self = .input(Array(body))
        case UInt8(ascii: "r"):
            let parts = String(decoding: body, as: UTF8.self).split(separator: ",", omittingEmptySubsequences: false)
            guard parts.count == 2, let cols = Int(parts[0]), let rows = Int(parts[1]),
                  ClientMessage.sizes.contains(cols), ClientMessage.sizes.contains(rows) else { return nil }
            self = .resize(cols: cols, rows: rows)
        default:
            return nil
        }
    }
}
