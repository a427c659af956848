import Foundation
import Glibc

/// What a program writes on a pseudo-terminal, read on a thread of its own
/// from the master side (so that the program never blocks on a full
/// terminal) until the end of file: every test that runs a program on a
/// terminal waits here for what it expects to arrive, never for a fixed time.
/// The deadlines only guard against a hang: far above the fraction of a
/// second each step takes, so that a loaded machine does not reach them.
///
/// The reader holds the master open while it reads: close it only once
/// `ended` (the program, and whatever else held the terminal, are gone).
public final class TerminalOutput: @unchecked Sendable {
    /// How long a wait may last before the test gives up on it.
    public static let guardSeconds = 60.0

    private let condition = NSCondition()
    private var bytes: [UInt8] = []
    private var ended = false

    /// Starts reading `master`.
    public init(reading master: Int32) {
        Thread { [self] in
            var chunk = [UInt8](repeating: 0, count: 65536)
            while true {
                let n = Glibc.read(master, &chunk, chunk.count)
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { break }
                condition.lock()
                bytes += chunk[0..<n]
                condition.broadcast()
                condition.unlock()
            }
            condition.lock()
            ended = true
            condition.broadcast()
            condition.unlock()
        }.start()
    }

    /// Everything read so far.
    public var text: String {
        condition.lock()
        defer { condition.unlock() }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Waits until `done(text, ended)` holds or `seconds` pass; whether it holds.
    public func wait(seconds: Double = TerminalOutput.guardSeconds, for done: (String, Bool) -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        condition.lock()
        defer { condition.unlock() }
        while true {
            if done(String(decoding: bytes, as: UTF8.self), ended) { return true }
            if !condition.wait(until: deadline) { return done(String(decoding: bytes, as: UTF8.self), ended) }
        }
    }

    /// Waits until `needle` was written; false when the end came, or the guard passed, without it.
    public func waitFor(_ needle: String, seconds: Double = TerminalOutput.guardSeconds) -> Bool {
        wait(seconds: seconds) { text, ended in text.contains(needle) || ended } && text.contains(needle)
    }

    /// Waits for the end of file: whether it came before the guard passed.
    public func waitForEnd(seconds: Double = TerminalOutput.guardSeconds) -> Bool {
        wait(seconds: seconds) { $1 }
    }
}

// MARK: - Reading without a thread

extension TerminalOutput {
    /// Reads `master` on the calling thread until `needle` shows, the other
    /// side closes or the guard passes: for a test that closes the master
    /// itself, which a reader blocked in `read` would hold open.
    public static func read(_ master: Int32, until needle: String, seconds: Double = guardSeconds) -> String {
        var seen: [UInt8] = []
        let deadline = Date().addingTimeInterval(seconds)
        while !String(decoding: seen, as: UTF8.self).contains(needle), Date() < deadline {
            var fds = [pollfd(fd: master, events: Int16(POLLIN), revents: 0)]
            // Wakes at least once a second to look at the guard.
            guard poll(&fds, 1, 1000) > 0 else { continue }
            guard let chunk = readChunk(master) else { break }
            seen += chunk
        }
        return String(decoding: seen, as: UTF8.self)
    }

    /// What is there to read on `master` now, without waiting: for a program
    /// in the test's own process, whose writes have all arrived when it returns.
    public static func drain(_ master: Int32) -> String {
        var seen: [UInt8] = []
        var fds = [pollfd(fd: master, events: Int16(POLLIN), revents: 0)]
        while poll(&fds, 1, 0) > 0, fds[0].revents & Int16(POLLIN) != 0, let chunk = readChunk(master) {
            seen += chunk
        }
        return String(decoding: seen, as: UTF8.self)
    }

    private static func readChunk(_ master: Int32) -> [UInt8]? {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = Glibc.read(master, &buffer, buffer.count)
            if n < 0 && errno == EINTR { continue }
            return n > 0 ? Array(buffer[0..<n]) : nil
        }
    }
}
