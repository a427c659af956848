import Foundation
import Glibc
import XCTest

/// The interactive mode's channels outside the frame: the log file (escaped,
/// capped) and the error printed to stderr when a signal ends an app that
/// had failed. The binary runs on a pseudo-terminal, as it would in a shell.
final class InteractiveOutputTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        try XCTSkipUnless(Uihost.isBuilt, "build the binary first: swift build")
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("uihost-interactive-" + UUID().uuidString.prefix(8))
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        if let directory { try? FileManager.default.removeItem(at: directory) }
    }

    /// Everything the program wrote to the terminal, read on a thread of its own
    /// so that the program never blocks on a full pty.
    private final class TerminalOutput: @unchecked Sendable {
        private let lock = NSLock()
        private var bytes: [UInt8] = []

        func append(_ chunk: ArraySlice<UInt8>) {
            lock.lock()
            bytes += chunk
            lock.unlock()
        }

        var text: String {
            lock.lock()
            defer { lock.unlock() }
            return String(decoding: bytes, as: UTF8.self)
        }
    }

    func testLogIsEscapedAndCappedAndTheLastErrorIsEscapedOnStderr() throws {
        let payload = #""\27]0;PWNED\7\27[?1049h \194\155 \255""#
        let screen = directory.appendingPathComponent("flood.lua")
        try """
            print(\(payload))
            -- 12 MB of lines: the log stops at its 10 MiB limit.
            local line = ("x"):rep(99)
            for _ = 1, 120000 do print(line) end
            ui.after(0, function() error(\(payload), 0) end)
            return ui.screen { title = "flood", ui.text "running" }
            """.write(to: screen, atomically: true, encoding: .utf8)
        let log = directory.appendingPathComponent("app.log")
        let stderrFile = directory.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: stderrFile.path, contents: nil)

        let (master, slave) = try openPseudoTerminal(cols: 40, rows: 10)
        defer { close(master) }

        let process = Process()
        process.executableURL = Uihost.binary
        process.arguments = [screen.path, "--log", log.path, "--no-mouse"]
        process.currentDirectoryURL = Uihost.root
        var environment = ProcessInfo.processInfo.environment
        environment["TERM"] = "xterm-256color"
        process.environment = environment
        let terminal = FileHandle(fileDescriptor: slave, closeOnDealloc: true)
        process.standardInput = terminal
        process.standardOutput = terminal
        let errors = try FileHandle(forWritingTo: stderrFile)
        process.standardError = errors
        try process.run()
        try terminal.close()

        let output = TerminalOutput()
        let reader = Thread {
            var chunk = [UInt8](repeating: 0, count: 65536)
            while true {
                let n = read(master, &chunk, chunk.count)
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { return }
                output.append(chunk[0..<n])
            }
        }
        reader.start()

        // The banner shows once the timer has failed; then SIGTERM ends the app.
        let deadline = Date().addingTimeInterval(20)
        while !output.text.contains("error:") && Date() < deadline && process.isRunning {
            usleep(20_000)
        }
        XCTAssertTrue(output.text.contains("error:"), "the banner appeared")
        process.terminate()
        process.waitUntilExit()
        try errors.close()

        XCTAssertEqual(process.terminationStatus, 128 + SIGTERM)
        let stderr = try Data(contentsOf: stderrFile)
        XCTAssertFalse(stderr.contains(0x1B), String(decoding: stderr, as: UTF8.self).debugDescription)
        XCTAssertFalse(stderr.contains(0x07))
        XCTAssertTrue(String(decoding: stderr, as: UTF8.self).contains(#"uihost: \27]0;PWNED\7\27[?1049h \u{9B} �"#),
                      String(decoding: stderr, as: UTF8.self))

        let logged = try Data(contentsOf: log)
        XCTAssertLessThanOrEqual(logged.count, 10 << 20, "the log stops at 10 MiB")
        XCTAssertGreaterThan(logged.count, (10 << 20) - 200)
        XCTAssertFalse(logged.contains { $0 < 0x20 && $0 != 0x0A }, "no control byte in the log")
        let text = String(decoding: logged, as: UTF8.self)
        XCTAssertTrue(text.hasPrefix(#"\27]0;PWNED\7\27[?1049h \u{9B} �"#), String(text.prefix(80)))
        XCTAssertTrue(text.hasSuffix("uihost: the log reached its limit of 10 MiB; later lines are dropped\n"), String(text.suffix(200)))
    }
}
