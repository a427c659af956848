import Foundation
import XCTest

/// `uihost serve` on the command line: its help and its usage errors. What it
/// serves, a browser checks (Scripts/serve_check.py, a stage of Scripts/test.sh).
final class ServeCommandTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        try XCTSkipUnless(Uihost.isBuilt, "build the binary first: swift build")
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("uihost-serve-" + UUID().uuidString.prefix(8))
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        if let directory { try? FileManager.default.removeItem(at: directory) }
    }

    private func uihost(_ arguments: String...) throws -> Uihost.Result {
        try Uihost.run(arguments, scratch: directory, timeout: 120)
    }

    private func assertUsage(_ result: Uihost.Result, _ reason: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(result.status, 2, result.stderr, file: file, line: line)
        XCTAssertTrue(result.stderr.contains(reason), "expected '\(reason)' in: \(result.stderr)", file: file, line: line)
        XCTAssertEqual(result.stdout, "", "no URL: nothing was served", file: file, line: line)
    }

    func testHelpServeNamesEveryOptionAndTheSecurityModel() throws {
        let help = try uihost("help", "serve")
        XCTAssertEqual(help.status, 0)
        for word in ["--port", "--host", "--max-sessions", "--idle", "--token-file", "403", "Origin", "SIGTERM", "docs/SERVING.md"] {
            XCTAssertTrue(help.stdout.contains(word), "help serve lacks \(word)")
        }
        XCTAssertTrue(try uihost("--help").stdout.contains("uihost serve SCREEN.lua"))
    }

    func testServeOptionsGoWithServeOnly() throws {
        assertUsage(try uihost("render", "screens/launcher.lua", "--port", "9000"), "--port goes with serve")
        assertUsage(try uihost("screens/launcher.lua", "--host", "0.0.0.0"), "--host goes with serve")
    }

    func testServeRefusesWhatATabDecides() throws {
        assertUsage(try uihost("serve", "screens/launcher.lua", "--size", "80x24"), "--size is not for serve")
        assertUsage(try uihost("serve", "screens/launcher.lua", "--keys", "down"), "--keys is not for serve")
    }

    func testServeChecksItsValues() throws {
        assertUsage(try uihost("serve", "screens/launcher.lua", "--port", "70000"), "--port: expected a port")
        assertUsage(try uihost("serve", "screens/launcher.lua", "--max-sessions", "0"), "--max-sessions: expected")
        assertUsage(try uihost("serve", "screens/launcher.lua", "--idle", "soon"), "--idle: expected a time")
        assertUsage(try uihost("serve", "screens/nothing-here.lua"), "cannot open screens/nothing-here.lua")
        assertUsage(try uihost("serve"), "serve takes one screen")
    }

    func testAShortOrUnsafeTokenFileIsRefused() throws {
        let file = directory.appendingPathComponent("token")
        try "short".write(to: file, atomically: true, encoding: .utf8)
        assertUsage(try uihost("serve", "screens/launcher.lua", "--token-file", file.path), "at least 43 characters")
        try (String(repeating: "a", count: 43) + "/").write(to: file, atomically: true, encoding: .utf8)
        assertUsage(try uihost("serve", "screens/launcher.lua", "--token-file", file.path), "A-Z a-z 0-9 - _")
    }

    /// The server is a program of its own (uihost-serve, beside uihost), run
    /// by `uihost serve`: run alone, it says so.
    func testTheServerRunAloneSendsToUihostServe() throws {
        let server = Uihost.binary.deletingLastPathComponent().appendingPathComponent("uihost-serve")
        let result = try Uihost.run(["screens/launcher.lua"], executable: server, scratch: directory)
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertTrue(result.stderr.contains("run by `uihost serve SCREEN`"), result.stderr)
        XCTAssertEqual(result.stdout, "")
    }

    /// A uihost with no server beside it nor in ../libexec/uihost says where it looked.
    func testServeWithoutItsServerSaysWhereItLooked() throws {
        let lone = directory.appendingPathComponent("bin/uihost")
        try FileManager.default.createDirectory(at: lone.deletingLastPathComponent(), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: Uihost.binary, to: lone)
        let result = try Uihost.run(["serve", "screens/launcher.lua"], executable: lone, scratch: directory)
        XCTAssertEqual(result.status, 1, result.stderr)
        XCTAssertEqual(result.stdout, "")
        XCTAssertTrue(result.stderr.contains("cannot find its server, uihost-serve, in \(lone.deletingLastPathComponent().path)/uihost-serve"
                                             + " or \(lone.deletingLastPathComponent().path)/../libexec/uihost/uihost-serve"), result.stderr)
    }

    func testAPortInUseEndsWithStatusOneAndNoURL() throws {
        try withBusyLoopbackPort { port in
            let result = try uihost("serve", "screens/launcher.lua", "--port", port)
            XCTAssertEqual(result.status, 1, result.stderr)
            XCTAssertEqual(result.stdout, "")
            XCTAssertTrue(result.stderr.contains("cannot listen on 127.0.0.1 port \(port)"), result.stderr)
        }
    }
}
