import Foundation
import Glibc
import XCTest

/// A pseudo-terminal pair of `cols`×`rows` for the tests that run the binary
/// as a terminal would, opened by the Linux ioctls (the glibc wrappers need
/// _XOPEN_SOURCE; the ioctl numbers are macros Swift does not import). Skips
/// the test where the machine has no pseudo-terminals. The caller closes
/// `master`; `slave` goes to the child.
func openPseudoTerminal(cols: UInt16, rows: UInt16) throws -> (master: Int32, slave: Int32) {
    let TIOCSPTLCK: UInt = 0x4004_5431, TIOCGPTN: UInt = 0x8004_5430
    let master = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC)
    try XCTSkipIf(master < 0, "no pseudo-terminals here")
    var unlock: Int32 = 0
    var number: UInt32 = 0
    XCTAssertEqual(ioctl(master, TIOCSPTLCK, &unlock), 0)
    XCTAssertEqual(ioctl(master, TIOCGPTN, &number), 0)
    var size = winsize(ws_row: rows, ws_col: cols, ws_xpixel: 0, ws_ypixel: 0)
    _ = ioctl(master, UInt(TIOCSWINSZ), &size)
    let slave = open("/dev/pts/\(number)", O_RDWR | O_NOCTTY)
    XCTAssertGreaterThanOrEqual(slave, 0)
    return (master, slave)
}

/// The built binary running on a pseudo-terminal, as in a shell: the one way
/// the end-to-end tests drive the interactive mode. What it writes is read on
/// a thread of its own, so that it never blocks on a full pty; a test waits
/// for what it expects to arrive (`waitFor`), never for a fixed time, and the
/// deadlines here only guard against a hang: they are far above the fraction
/// of a second each step takes, so that a loaded machine does not reach them.
final class TerminalSession {
    /// How long a wait may last before the test gives up on it.
    static let guardSeconds = 60.0

    let process = Process()
    private let master: Int32
    private let output = Output()

    /// Everything the program wrote, and whether the reader reached the end
    /// (the program, and whatever else held the terminal, are gone).
    private final class Output: @unchecked Sendable {
        private let condition = NSCondition()
        private var bytes: [UInt8] = []
        private var ended = false

        func append(_ chunk: ArraySlice<UInt8>) {
            condition.lock()
            bytes += chunk
            condition.broadcast()
            condition.unlock()
        }

        func end() {
            condition.lock()
            ended = true
            condition.broadcast()
            condition.unlock()
        }

        var text: String {
            condition.lock()
            defer { condition.unlock() }
            return String(decoding: bytes, as: UTF8.self)
        }

        /// Waits until `done(text, ended)` holds or `deadline` passes; whether it holds.
        func wait(until deadline: Date, for done: (String, Bool) -> Bool) -> Bool {
            condition.lock()
            defer { condition.unlock() }
            while true {
                if done(String(decoding: bytes, as: UTF8.self), ended) { return true }
                if !condition.wait(until: deadline) { return done(String(decoding: bytes, as: UTF8.self), ended) }
            }
        }
    }

    /// Starts uihost with `arguments` on a `cols`×`rows` pseudo-terminal, from
    /// `directory`, with `environment` added to the test's; its stderr goes
    /// to `standardError` (nowhere by default).
    init(_ arguments: [String], cols: UInt16, rows: UInt16, directory: URL = Uihost.root,
         environment: [String: String] = [:], standardError: FileHandle = .nullDevice) throws {
        let (master, slave) = try openPseudoTerminal(cols: cols, rows: rows)
        self.master = master
        process.executableURL = Uihost.binary
        process.arguments = arguments
        process.currentDirectoryURL = directory
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let terminal = FileHandle(fileDescriptor: slave, closeOnDealloc: true)
        process.standardInput = terminal
        process.standardOutput = terminal
        process.standardError = standardError
        do {
            try process.run()
        } catch {
            close(master)
            throw error
        }
        // Only the child holds the terminal now: its end is the reader's end of file.
        try terminal.close()
        let output = output
        Thread {
            var chunk = [UInt8](repeating: 0, count: 65536)
            while true {
                let n = read(master, &chunk, chunk.count)
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { break }
                output.append(chunk[0..<n])
            }
            output.end()
        }.start()
    }

    deinit {
        // A test that failed half-way leaves nothing running.
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        // The reader may be inside `read` on the master until the end of file.
        if output.wait(until: Date().addingTimeInterval(TerminalSession.guardSeconds), for: { $1 }) { close(master) }
    }

    /// What the program wrote so far.
    var text: String { output.text }

    /// Types `text`, as a terminal sends keys.
    func send(_ text: String) {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let n = bytes.withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return }
            bytes = bytes.dropFirst(n)
        }
    }

    /// Waits until the program has written `needle`; false when it ended, or
    /// the guard passed, without it.
    func waitFor(_ needle: String, timeout: Double = TerminalSession.guardSeconds) -> Bool {
        output.wait(until: Date().addingTimeInterval(timeout)) { text, ended in text.contains(needle) || ended }
            && text.contains(needle)
    }

    /// Sends SIGTERM.
    func terminate() {
        process.terminate()
    }

    /// Waits until the program has ended and everything it wrote is read; its
    /// exit status. One still running after the guard fails the test and is killed.
    func finish(file: StaticString = #filePath, line: UInt = #line) -> Int32 {
        if !output.wait(until: Date().addingTimeInterval(TerminalSession.guardSeconds), for: { $1 }) {
            XCTFail("uihost still runs after \(TerminalSession.guardSeconds) s", file: file, line: line)
            kill(process.processIdentifier, SIGKILL)
        }
        process.waitUntilExit()
        return process.terminationStatus
    }
}
