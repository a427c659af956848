import Foundation
import Glibc
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
        let (master, slave) = try openPseudoTerminal(cols: 40, rows: 10)
        defer { close(master) }
        let process = Process()
        process.executableURL = Uihost.binary
        process.arguments = [screen.path, "--no-mouse"] + extra
        process.currentDirectoryURL = directory
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
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = read(master, &chunk, chunk.count)
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
            output += chunk[0..<n]
        }
        process.waitUntilExit()
        try errors.close()
        return (String(decoding: output, as: UTF8.self),
                String(decoding: try Data(contentsOf: stderrFile), as: UTF8.self), process.terminationStatus)
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
