import Foundation
import Glibc
import TerminalTestSupport
import XCTest

/// The built binary running on a pseudo-terminal, as in a shell: the one way
/// the end-to-end tests drive the interactive mode (and `doctor` on a
/// terminal). What it writes is read by a `TerminalOutput`; a test waits for
/// what it expects to arrive (`waitFor`), never for a fixed time.
final class TerminalSession {
    /// How long a wait may last before the test gives up on it.
    static let guardSeconds = TerminalOutput.guardSeconds

    let process = Process()
    private let master: Int32
    private let output: TerminalOutput

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
        output = TerminalOutput(reading: master)
    }

    deinit {
        // A test that failed half-way leaves nothing running.
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
        }
        // The reader may be inside `read` on the master until the end of file.
        if output.waitForEnd() { close(master) }
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
        output.waitFor(needle, seconds: timeout)
    }

    /// Sends SIGTERM.
    func terminate() {
        process.terminate()
    }

    /// Waits until the program has ended and everything it wrote is read; its
    /// exit status. One still running after the guard fails the test and is killed.
    func finish(file: StaticString = #filePath, line: UInt = #line) -> Int32 {
        if !output.waitForEnd() {
            XCTFail("uihost still runs after \(TerminalSession.guardSeconds) s", file: file, line: line)
            kill(process.processIdentifier, SIGKILL)
        }
        process.waitUntilExit()
        return process.terminationStatus
    }
}
