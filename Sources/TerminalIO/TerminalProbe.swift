import Glibc

/// Sends a `TerminalQuery` to the terminal and collects its answers, for
/// `uihost doctor`. It asks the terminal uihost would draw on (standard input
/// and output, when both are one), else the controlling terminal (/dev/tty, so
/// that `uihost doctor --json > report.json` still asks), and never waits
/// longer than the deadline: a terminal that does not answer, or no terminal,
/// is an answer too.
public enum TerminalProbe {
    /// Why nothing was asked, or which terminal was.
    public enum Outcome: Sendable, Equatable {
        /// Asked the terminal on `device` ("standard input and output" or "/dev/tty").
        case asked(device: String, TerminalQuery.Answers)
        /// Not asked, and why.
        case notAsked(String)
    }

    /// Asks, waiting at most `deadlineMilliseconds` for the last answer.
    public static func run(_ query: TerminalQuery, deadlineMilliseconds: Int = 1000) -> Outcome {
        let input: Int32, output: Int32, device: String
        var opened: Int32 = -1
        if isatty(0) == 1 && isatty(1) == 1 {
            (input, output, device) = (0, 1, "standard input and output")
        } else {
            opened = open("/dev/tty", O_RDWR | O_NOCTTY | O_CLOEXEC)
            guard opened >= 0 else { return .notAsked("no terminal: standard input and output are not one, and there is no /dev/tty") }
            (input, output, device) = (opened, opened, "/dev/tty")
        }
        defer { if opened >= 0 { close(opened) } }
        // A background job that changed the terminal's modes would be stopped
        // (SIGTTOU) until brought back: it does not ask.
        let group = tcgetpgrp(input)
        if group >= 0 && group != getpgrp() { return .notAsked("running in the background: the terminal was not asked") }
        var saved = termios()
        guard tcgetattr(input, &saved) == 0 else { return .notAsked("\(device) has no terminal settings") }
        var raw = saved
        // No echo of the answers, and no line buffering: each byte as it comes.
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 0
            cc[Int(VTIME)] = 0
        }
        tcsetattr(input, TCSANOW, &raw)
        defer { tcsetattr(input, TCSANOW, &saved) }
        guard Terminal.write(query.bytes, to: output) else { return .notAsked("cannot write to \(device)") }
        let bytes = collect(from: input, deadlineMilliseconds: deadlineMilliseconds)
        return .asked(device: device, query.answers(in: bytes))
    }

    /// Reads until the answers are complete or the deadline passes.
    static func collect(from fd: Int32, deadlineMilliseconds: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        let deadline = now() + deadlineMilliseconds
        while !TerminalQuery.isComplete(bytes) {
            let left = deadline - now()
            guard left > 0 else { break }
            var poller = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&poller, 1, Int32(left))
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0 else { break }
            let n = buffer.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if n < 0 && (errno == EINTR || errno == EAGAIN) { continue }
            guard n > 0 else { break }
            bytes += buffer[0..<n]
            // A terminal never sends this much for these questions.
            if bytes.count > 1 << 16 { break }
        }
        return bytes
    }

    /// Milliseconds on the monotonic clock.
    static func now() -> Int {
        var t = timespec()
        clock_gettime(CLOCK_MONOTONIC, &t)
        return t.tv_sec * 1000 + t.tv_nsec / 1_000_000
    }
}
