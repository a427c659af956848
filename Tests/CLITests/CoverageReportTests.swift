import Foundation
import XCTest

/// `uihost test --coverage FILE`: LCOV line coverage of the screens and the
/// modules they require, merged over apps and worker processes; the test
/// scripts themselves are not counted.
final class CoverageReportTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        try XCTSkipUnless(Uihost.isBuilt, "build the binary first: swift build")
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("uihost-coverage-" + UUID().uuidString.prefix(8))
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("screens"), withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("tests"), withIntermediateDirectories: true)
        try write("screens/branch.lua", """
        local helper = require "helper"
        local count = 0
        local label = ui.text { text = "Count: 0" }

        local function bump(n)
          if n > 100 then
            count = count - 1
            return "never"
          end
          count = count + n
          label.text = "Count: " .. count
          return helper.twice(count)
        end

        return ui.screen {
          title = "Branch",
          ui.button { title = "Press", onSelect = function()
            bump(1)
          end },
          label,
        }
        """)
        try write("screens/helper.lua", """
        local M = {}

        function M.twice(n)
          return n * 2
        end

        function M.unused()
          return 0
        end

        return M
        """)
        // Two scripts (two workers), the second opening the screen twice.
        try write("tests/a_test.lua", """
        test.case("press twice", function()
          local app = test.open("screens/branch.lua", { size = "30x5" })
          app:press("enter", "enter")
          app:expect("Count: 2")
        end)
        """)
        try write("tests/b_test.lua", """
        test.case("two apps", function()
          local one = test.open("screens/branch.lua", { size = "30x5" })
          local two = test.open("screens/branch.lua", { size = "30x5" })
          one:press("enter")
          two:press("enter")
          two:expect("Count: 1")
        end)
        """)
    }

    override func tearDownWithError() throws {
        if let directory { try? FileManager.default.removeItem(at: directory) }
    }

    private func write(_ name: String, _ text: String) throws {
        try (text + "\n").write(to: directory.appendingPathComponent(name), atomically: true, encoding: .utf8)
    }

    /// The LCOV records: hits by line, by the file's name.
    private func records(_ lcov: String) -> [String: [Int: Int]] {
        var result: [String: [Int: Int]] = [:]
        var file: String?
        for line in lcov.split(separator: "\n") {
            if line.hasPrefix("SF:") {
                file = String(line.dropFirst(3))
                XCTAssertNil(result[file!], "\(file!) has two records")
                result[file!] = [:]
            } else if line.hasPrefix("DA:"), let file {
                let parts = line.dropFirst(3).split(separator: ",").compactMap { Int($0) }
                XCTAssertEqual(parts.count, 2, String(line))
                result[file]![parts[0]] = parts[1]
            }
        }
        return result
    }

    func testBranchNeverTakenIsZeroAndRunsAddUpAcrossAppsAndWorkers() throws {
        let out = directory.appendingPathComponent("out.lcov")
        let r = try Uihost.run(["test", "tests", "-j", "2", "--coverage", out.path], scratch: directory, directory: directory)
        XCTAssertEqual(r.status, 0, r.stdout + r.stderr)
        let lcov = try String(contentsOf: out, encoding: .utf8)
        XCTAssertTrue(lcov.hasPrefix("TN:\nSF:/"), lcov)
        XCTAssertTrue(lcov.hasSuffix("end_of_record\n"))
        let files = records(lcov)
        let real = directory.resolvingSymlinksInPath().path
        XCTAssertEqual(files.keys.sorted(), [real + "/screens/branch.lua", real + "/screens/helper.lua"], "test scripts are not counted")
        let branch = try XCTUnwrap(files[real + "/screens/branch.lua"])
        // Three apps loaded the screen: one record, its top level run three times.
        XCTAssertEqual(branch[1], 3)
        // Four presses; the branch for n > 100 never ran.
        XCTAssertEqual(branch[6], 4)
        XCTAssertEqual(branch[7], 0)
        XCTAssertEqual(branch[8], 0)
        XCTAssertEqual(branch[10], 4)
        XCTAssertNil(branch[4], "a blank line has no code")
        let helper = try XCTUnwrap(files[real + "/screens/helper.lua"])
        XCTAssertEqual(helper[4], 4)
        XCTAssertEqual(helper[8], 0, "M.unused never ran")
        XCTAssertTrue(lcov.contains("LF:\(branch.count)\nLH:\(branch.values.filter { $0 > 0 }.count)\n"))
    }

    /// A screen names its chunks as it likes (`load(src, "@/etc/passwd")`):
    /// the report, which genhtml publishes, lists only files of the project.
    func testAChunkNamedAfterAFileOutsideTheProjectIsLeftOut() throws {
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("more"), withIntermediateDirectories: true)
        let outside = FileManager.default.temporaryDirectory.appendingPathComponent("uihost-outside-\(UUID().uuidString.prefix(8)).lua")
        try "local outside = 1\n".write(to: outside, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: outside) }
        try write("screens/named.lua", """
        load("local a = 1\\nreturn a", "@/etc/passwd")()
        load("local b = 2\\nreturn b", "@\(outside.path)")()
        load("local c = 3\\nreturn c", "@../\(outside.lastPathComponent)")()
        load("local d = 4\\nreturn d", "@screens/forged\\nSF:/etc/passwd")()
        return ui.screen { ui.text "named" }
        """)
        // A file of the project whose path would be LCOV lines of its own.
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("screens/forged\nSF:/etc"),
                                                withIntermediateDirectories: true)
        try write("screens/forged\nSF:/etc/passwd", "local d = 4")
        try write("more/named_test.lua", """
        test.case("opens", function()
          test.open("screens/named.lua"):expect("named")
        end)
        """)
        let out = directory.appendingPathComponent("out.lcov")
        let r = try Uihost.run(["test", "more", "--coverage", out.path], scratch: directory, directory: directory)
        XCTAssertEqual(r.status, 0, r.stdout + r.stderr)
        let lcov = try String(contentsOf: out, encoding: .utf8)
        let files = records(lcov)
        let real = directory.resolvingSymlinksInPath().path
        XCTAssertEqual(files.keys.sorted(), [real + "/screens/named.lua"], "only the project's files:\n" + lcov)
    }

    func testAnUnwritableFileIsAUsageError() throws {
        let r = try Uihost.run(["test", "tests", "--coverage", directory.appendingPathComponent("no/such/out.lcov").path],
                               scratch: directory, directory: directory)
        XCTAssertEqual(r.status, 2)
        XCTAssertTrue(r.stderr.contains("--coverage: cannot write"), r.stderr)
    }
}
