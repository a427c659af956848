import Glibc

/// One browser tab: its WebSocket, and the child `uihost` running the
/// screen on a pseudo-terminal. The child outlives the socket by the moment
/// it takes to end; the session is gone when the child is reaped.
final class Session {
    /// Sessions are named by number in the logs (never by anything of the URL).
    let number: Int
    let child: PseudoTerminal
    /// The WebSocket's connection, nil once closed.
    var socket: OpaquePointer?
    /// The pseudo-terminal's connection in lws's loop, nil once closed.
    var terminal: OpaquePointer?
    /// The app's output the browser has not taken yet.
    var output = ByteQueue()
    /// Reading from the app stopped until the browser takes what waits.
    var outputPaused = false
    /// The browser's input the app has not read yet.
    var input = ByteQueue()
    /// The message arriving in pieces.
    var message: [UInt8] = []
    var limits = InputGuard()
    let started: Int
    var lastInput: Int
    /// Set when the session must end: the close code and reason the browser is told.
    var closing: (code: UInt16, reason: String)?
    /// Why the session ended, for the log line when the child is reaped.
    var endReason: String?
    /// The app's side closed (it quit or crashed): the rest of its output is sent, then the socket closed.
    var appEnded = false
    /// When the child is killed if it has not ended by then (milliseconds, monotonic).
    var killAt: Int?

    init(number: Int, child: PseudoTerminal, socket: OpaquePointer, now: Int) {
        self.number = number
        self.child = child
        self.socket = socket
        started = now
        lastInput = now
    }

    var name: String { "session \(number)" }
}

/// Bytes in order, taken from the front without moving the rest each time.
struct ByteQueue {
    private var bytes: [UInt8] = []
    private var start = 0

    var count: Int { bytes.count - start }
    var isEmpty: Bool { count == 0 }

    mutating func append<C: Collection>(_ more: C) where C.Element == UInt8 { bytes.append(contentsOf: more) }

    /// Calls `body` with up to `limit` bytes from the front; drops as many as it returns.
    mutating func consume(upTo limit: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Int) {
        let n = min(limit, count)
        guard n > 0 else { return }
        let taken = bytes.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[start..<(start + n)])) }
        start += max(0, min(taken, n))
        // Compact once the consumed front is most of the array.
        if start == bytes.count {
            bytes.removeAll(keepingCapacity: bytes.capacity <= 1 << 20)
            start = 0
        } else if start > 1 << 16 && start * 2 > bytes.count {
            bytes.removeFirst(start)
            start = 0
        }
    }
}

/// Milliseconds of the monotonic clock.
func monotonicMilliseconds() -> Int {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return ts.tv_sec * 1000 + ts.tv_nsec / 1_000_000
}
