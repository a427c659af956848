import Foundation
import XCTest

/// `uihost SCREEN --screen-reader`: linear text, one line per change, from
/// `--keys` and from keys fed through a pipe.
final class ScreenReaderTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        try XCTSkipUnless(Uihost.isBuilt, "build the binary first: swift build")
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("uihost-reader-" + UUID().uuidString.prefix(8))
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        if let directory { try? FileManager.default.removeItem(at: directory) }
    }

    /// Runs the binary with `input` on its standard input (a pipe).
    private func piped(_ arguments: [String], input: String) throws -> (status: Int32, lines: [String]) {
        let process = Process()
        process.executableURL = Uihost.binary
        process.arguments = arguments
        process.currentDirectoryURL = Uihost.root
        let stdin = Pipe(), stdout = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = FileHandle.nullDevice
        try process.run()
        stdin.fileHandleForWriting.write(Data(input.utf8))
        try stdin.fileHandleForWriting.close()
        let data = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init))
    }

    func testTheLauncherWithScriptedKeys() throws {
        let r = try Uihost.run(["screens/launcher.lua", "--screen-reader", "--keys", "down down enter tab esc"], scratch: directory)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.lines, [
            "screen: uihost",
            "focus: list 15 items: ▤ TabBarView",
            "changed: list: ≡ NavigationListView",
            "changed: list: ▾ DropDownMenu",
            "screen: Messages",
            "focus: dropdown: ✉ Messages, collapsed",
            "focus: scroll: row 1 of 40",
            "screen: uihost",
            "focus: list 15 items: ▾ DropDownMenu",
        ])
    }

    func testATreeReadsItsRowsAndItsLogSaysItsNewLines() throws {
        let r = try Uihost.run(["screens/files.lua", "--screen-reader", "--keys", "down right down"], scratch: directory)
        XCTAssertEqual(r.status, 0, r.stderr)
        XCTAssertEqual(r.lines, [
            "screen: Files",
            "focus: tree 4 nodes: README.md, level 1",
            "changed: tree: docs/, level 1, collapsed",
            "changed: tree 9 nodes: docs/, level 1, expanded",
            "log: opened docs/ (5 entries, 1 folders loaded)",
            "changed: tree: dsub1/, level 2, collapsed",
        ])
    }

    /// `render` prints a frame, exactly; the lines of a session are
    /// `uihost SCREEN --screen-reader --keys`.
    func testRenderWithTheScreenReaderIsAUsageError() throws {
        let r = try Uihost.run(["render", "screens/files.lua", "--screen-reader", "--keys", "down"], scratch: directory)
        XCTAssertEqual(r.status, 2)
        XCTAssertEqual(r.stdout, "")
        XCTAssertTrue(r.stderr.contains("--screen-reader runs a screen (uihost SCREEN.lua --screen-reader --keys"), r.stderr)
    }

    func testTheSheetScreenThroughAPipe() throws {
        // enter presents the sheet, esc (alone, at the end of input) closes it.
        let r = try piped(["screens/sheet.lua", "--screen-reader"], input: "\r\u{1B}")
        XCTAssertEqual(r.status, 0)
        XCTAssertEqual(r.lines, [
            "screen: CustomSheet",
            "focus: button シートを表示する",
            "opened: sheet",
            "focus: button Close",
            "closed: sheet",
            "focus: button シートを表示する",
        ])
    }

    func testQuitEndsTheSessionAndErrorsAreSaid() throws {
        let quit = try piped(["screens/launcher.lua", "--screen-reader"], input: "q")
        XCTAssertEqual(quit.status, 0)
        XCTAssertEqual(quit.lines, ["screen: uihost", "focus: list 15 items: ▤ TabBarView"])

        let r = try Uihost.run(["Scripts/tests/fixtures/handler_error.lua", "--screen-reader", "--keys", "enter"], scratch: directory)
        XCTAssertTrue(r.lines.contains { $0.hasPrefix("error: ") }, r.stdout)
    }
}
