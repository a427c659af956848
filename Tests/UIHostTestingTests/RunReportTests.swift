import XCTest
@testable import UIHostTesting

/// The console report of `uihost test`: each case names its script when
/// several ran, and the slowest cases over a second close the report.
final class RunReportTests: XCTestCase {
    private func suite(_ label: String?, _ cases: [(String, Double)]) -> SuiteResult {
        var suite = SuiteResult(script: "Scripts/tests/" + (label ?? "x_test.lua"), label: label)
        suite.cases = cases.map { CaseResult(name: $0.0, passed: true, seconds: $0.1, message: "") }
        return suite
    }

    func testScriptsAreLabelledFromTheFolderTheyShare() {
        XCTAssertEqual(RunReport.labels(for: ["Scripts/tests/a_test.lua", "Scripts/tests/sub/b_test.lua"]),
                       ["a_test.lua", "sub/b_test.lua"])
        XCTAssertEqual(RunReport.labels(for: ["/tmp/x/a_test.lua", "/tmp/y/a_test.lua"]), ["x/a_test.lua", "y/a_test.lua"])
        XCTAssertEqual(RunReport.labels(for: ["a_test.lua", "tests/b_test.lua"]), ["a_test.lua", "tests/b_test.lua"])
        XCTAssertEqual(RunReport.labels(for: ["Scripts/tests/a_test.lua"]), [nil], "one script needs no label")
    }

    func testACaseNamesItsScriptButAFailureOfTheScriptIsNamedByItsPath() {
        let ok = CaseResult(name: "the launcher lists the seeds", passed: true, seconds: 0, message: "")
        XCTAssertEqual(ok.report(label: "launcher_test.lua"), "ok launcher_test.lua: the launcher lists the seeds")
        XCTAssertEqual(ok.report(label: nil), "ok the launcher lists the seeds")
        let failed = CaseResult(name: "opens", passed: false, seconds: 0, message: "x.lua:3: boom\nframe")
        XCTAssertEqual(failed.report(label: "x_test.lua"), "FAIL x_test.lua: opens\n  x.lua:3: boom\n  frame")
        let script = CaseResult(name: "Scripts/tests/x_test.lua", passed: false, seconds: 0, message: "no test.case in this script",
                                ofScript: true)
        XCTAssertEqual(script.report(label: "x_test.lua"), "FAIL Scripts/tests/x_test.lua\n  no test.case in this script")
    }

    func testTheFiveSlowestCasesOverASecondAreListedSlowestFirst() {
        let suites = [
            suite("a_test.lua", [("quick", 0.2), ("slow", 2.46), ("slower", 7), ("just over", 1.04)]),
            suite("b_test.lua", [("slowish", 1.5), ("as slow", 1.5), ("also slow", 3.25), ("exactly one", 1.0)]),
        ]
        XCTAssertEqual(RunReport.slowest(suites), [
            "slowest cases (over 1 s):",
            "  7 s  a_test.lua: slower",
            "  3.3 s  b_test.lua: also slow",
            "  2.5 s  a_test.lua: slow",
            "  1.5 s  b_test.lua: slowish",
            "  1.5 s  b_test.lua: as slow",
        ])
    }

    func testNothingIsListedWhenNoCaseTookOverASecond() {
        XCTAssertEqual(RunReport.slowest([suite(nil, [("quick", 0.2), ("exactly one", 1.0)])]), [])
        XCTAssertEqual(RunReport.slowest([]), [])
    }
}
