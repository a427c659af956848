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

        let errors = try FileHandle(forWritingTo: stderrFile)
        // Printing 12 MB takes about half of the default 5 s of CPU a call may
        // have: without that limit, the instruction budget still bounds the loop.
        let session = try TerminalSession([screen.path, "--log", log.path, "--no-mouse", "--max-time", "0"], cols: 40, rows: 10,
                                          environment: ["TERM": "xterm-256color"], standardError: errors)

        // The banner shows once the timer has failed; then SIGTERM ends the app.
        XCTAssertTrue(session.waitFor("error:"), "the banner appeared")
        session.terminate()
        let status = session.finish()
        try errors.close()

        XCTAssertEqual(status, 128 + SIGTERM)
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
