import Foundation
import XCTest

/// Where `print` goes in interactive mode: `--log -` holds it for stderr after
/// the app exits (never onto the frame); with a log file, the app says at exit
/// where the lines went.
final class LogDestinationTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        try XCTSkipUnless(Uihost.isBuilt, "build the binary first: swift build")
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("uihost-logdest-" + UUID().uuidString.prefix(8))
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        if let directory { try? FileManager.default.removeItem(at: directory) }
    }

    /// Runs a screen that prints two lines and quits, on a pseudo-terminal;
    /// what reached the terminal and what reached stderr.
    private func run(_ extra: [String]) throws -> (terminal: String, stderr: String, status: Int32) {
        let screen = directory.appendingPathComponent("talk.lua")
        try """
            print("held line one")
            ui.after(0, function() print("held \\27 line two") ui.quit() end)
            return ui.screen { title = "talk", ui.text "running" }
            """.write(to: screen, atomically: true, encoding: .utf8)
        let stderrFile = directory.appendingPathComponent("stderr")
        _ = FileManager.default.createFile(atPath: stderrFile.path, contents: nil)
        let errors = try FileHandle(forWritingTo: stderrFile)
        let session = try TerminalSession([screen.path, "--no-mouse"] + extra, cols: 40, rows: 10, directory: directory,
                                          environment: ["TERM": "xterm-256color"], standardError: errors)
        let status = session.finish()
        try errors.close()
        return (session.text, String(decoding: try Data(contentsOf: stderrFile), as: UTF8.self), status)
    }

    func testLogDashWritesThePrintsToStderrAfterTheApp() throws {
        let result = try run(["--log", "-"])
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(result.stderr, "held line one\nheld \\27 line two\n")
        XCTAssertFalse(result.terminal.contains("held line"), "nothing printed onto the frame")
    }

    func testALogFileIsNamedWhenTheAppExits() throws {
        let log = directory.appendingPathComponent("app.log").path
        let result = try run(["--log", log])
        XCTAssertEqual(result.status, 0)
        XCTAssertEqual(result.stderr,
                       "uihost: 2 lines of print, ui.log and error output went to \(log); --log - writes them here instead\n")
        XCTAssertEqual(try String(contentsOfFile: log, encoding: .utf8), "held line one\nheld \\27 line two\n")
    }
}
