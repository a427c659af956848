/// The limits on what one browser may send: a session that breaks them is
/// closed, and the server and the other sessions go on. A person types tens
/// of keys a second and a mouse drag sends about a hundred reports; a paste is
/// one message. Past these, the client is a program, not a person.
public struct InputGuard: Sendable {
    /// The largest message, in bytes, however many frames it comes in.
    public static let maxMessage = 1 << 20
    /// Input the app has not read yet, in bytes: an app that cannot keep up
    /// with a client that does not stop.
    public static let maxPending = 1 << 20
    /// Messages in one second.
    public static let maxPerSecond = 2000

    /// Why a session was closed, as its WebSocket close code and reason say.
    public enum Violation: Equatable, Sendable {
        case tooLarge
        case flood

        /// RFC 6455: 1009 "message too big", 1008 "policy violation".
        public var closeCode: UInt16 { self == .tooLarge ? 1009 : 1008 }
        public var reason: String {
            self == .tooLarge ? "a message larger than 1 MiB" : "too much input too fast"
        }
    }

    private var message = 0
    private var windowStart = -1
    private var inWindow = 0

    public init() {}

    /// A piece of a message arrived; `remaining` is what its frame still
    /// announces (so that a 1 GiB frame is refused at its first bytes).
    public mutating func received(_ count: Int, remaining: Int = 0) -> Violation? {
        message += count
        return message + remaining > InputGuard.maxMessage ? .tooLarge : nil
    }

    /// A whole message arrived at `nowMilliseconds`, with `pending` bytes of
    /// input not yet read by the app.
    public mutating func completed(nowMilliseconds now: Int, pending: Int) -> Violation? {
        message = 0
        if windowStart < 0 || now - windowStart >= 1000 {
            windowStart = now
            inWindow = 0
        }
        inWindow += 1
        if inWindow > InputGuard.maxPerSecond || pending > InputGuard.maxPending { return .flood }
        return nil
    }
}
