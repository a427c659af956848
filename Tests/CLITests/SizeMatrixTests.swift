import Foundation
import XCTest

/// `test.case(name, { sizes = … }, fn)`: one case per size, reported, opened and
/// snapshotted at that size; a bad matrix is an error where the script declares it.
final class SizeMatrixTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        try XCTSkipUnless(Uihost.isBuilt, "build the binary first: swift build")
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("uihost-sizes-" + UUID().uuidString.prefix(8))
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        if let directory { try? FileManager.default.removeItem(at: directory) }
    }

    private func runScript(_ source: String) throws -> Uihost.Result {
        let script = directory.appendingPathComponent("m_test.lua")
        try source.write(to: script, atomically: true, encoding: .utf8)
        return try Uihost.run(["test", script.path], scratch: directory)
    }

    func testEachSizeIsACaseNamedWithItsSizeInOrder() throws {
        let r = try runScript("""
        test.case("fits", { sizes = { "80x24", "40x12", "1x1" } }, function(size)
          local app = test.open("screens/launcher.lua")
          print(size .. " " .. select(2, app:screen():gsub("\\n", "")) + 1)
          app:snapshot("home")
        end)
        """)
        XCTAssertEqual(r.status, 0, r.stdout + r.stderr)
        // The rows printed prove that test.open took the case's size.
        for (size, rows) in [("80x24", 24), ("40x12", 12), ("1x1", 1)] {
            XCTAssertTrue(r.lines.contains("\(size) \(rows)"), r.stdout)
            XCTAssertTrue(r.lines.contains("ok fits [\(size)]"), r.stdout)
            let snapshot = directory.appendingPathComponent("__snapshots__/m_test/\(size)/home.txt")
            let text = try String(contentsOf: snapshot, encoding: .utf8)
            XCTAssertEqual(text.split(separator: "\n", omittingEmptySubsequences: false).count, rows + 1, text)
        }
        XCTAssertEqual(r.lines.last, "3 passed, 0 failed")
    }

    func testASnapshotOfOneSizeDoesNotStandForAnother() throws {
        let source = """
        test.case("home", { sizes = { "40x12", "60x12" } }, function()
          test.open("screens/launcher.lua"):snapshot("home")
        end)
        """
        XCTAssertEqual(try runScript(source).status, 0)
        // Spoil the 60x12 file only: only that run fails.
        let spoilt = directory.appendingPathComponent("__snapshots__/m_test/60x12/home.txt")
        try "nothing\n".write(to: spoilt, atomically: true, encoding: .utf8)
        let r = try runScript(source)
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.lines.contains("ok home [40x12]"), r.stdout)
        XCTAssertTrue(r.lines.contains("FAIL home [60x12]"), r.stdout)
    }

    func testABadMatrixFailsTheScriptAtItsLine() throws {
        let cases: [(String, String)] = [
            ("{ sizes = { \"80by24\" } }", "test.case: sizes[1] must look like 80x24 (got '80by24') (\"c\")"),
            ("{ sizes = { \"80x24\", 12 } }", "sizes[2] must look like 80x24 (got number)"),
            ("{ sizes = {} }", "sizes is empty"),
            ("{ sizes = \"80x24\" }", "sizes must be a table of sizes"),
            ("{ sizes = { \"40x12\", \"40x12\" } }", "sizes[2]: 40x12 is listed twice"),
            ("{ size = { \"40x12\" } }", "unknown option 'size' (expected sizes)"),
            ("{ sizes = { \"1001x1\" } }", "sizes[1] must look like 80x24"),
        ]
        for (options, message) in cases {
            let r = try runScript("\ntest.case(\"c\", \(options), function() end)\n")
            XCTAssertEqual(r.status, 1, options)
            XCTAssertTrue(r.stdout.contains("m_test.lua:2: "), options + "\n" + r.stdout)
            XCTAssertTrue(r.stdout.contains(message), options + "\n" + r.stdout)
        }
    }

    func testATableWithoutAFunctionIsAnArgumentError() throws {
        let r = try runScript("test.case(\"c\", { sizes = { \"10x10\" } })\n")
        XCTAssertEqual(r.status, 1)
        XCTAssertTrue(r.stdout.contains("bad argument #3 to 'case' (function expected"), r.stdout)
    }
}
