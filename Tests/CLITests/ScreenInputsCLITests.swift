import Foundation
import XCTest

/// `uihost SCREEN -- ARGS`, `render SCREEN -- ARGS` and `--env NAME` from the
/// command line to `ui.args` and `ui.env`.
final class ScreenInputsCLITests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        try XCTSkipUnless(Uihost.isBuilt, "build the binary first: swift build")
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("uihost-args-" + UUID().uuidString.prefix(8))
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        if let directory { try? FileManager.default.removeItem(at: directory) }
    }

    private func uihost(_ arguments: [String], environment: [String: String] = [:]) throws -> Uihost.Result {
        try Uihost.run(arguments, environment: environment, scratch: directory)
    }

    private func screen() throws -> String {
        let url = directory.appendingPathComponent("args.lua")
        try """
        local env = pcall(ui.env, "UIHOST_T_SECRET") and "given" or "hidden"
        local _, named = pcall(ui.env, "UIHOST_T_NAMED")
        return ui.screen { title = "A", ui.text(table.concat(ui.args, "|")),
          ui.text("named: " .. (named == "yes" and "yes" or "-") .. ", secret: " .. env) }
        """.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    func testRenderGivesTheWordsAfterTheSeparatorToTheScreen() throws {
        let result = try uihost(["render", try screen(), "--size", "40x4", "--", "file.json", "--size", "x y"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.lines[2], " file.json|--size|x y")
    }

    func testRunWithoutATerminalActsAsRenderWithTheArguments() throws {
        let result = try uihost([try screen(), "--size", "40x4", "--", "a"])
        XCTAssertEqual(result.lines[2], " a")
    }

    func testOnlyVariablesNamedWithEnvAreRead() throws {
        let result = try uihost(["render", try screen(), "--size", "60x4", "--env", "UIHOST_T_NAMED"],
                                environment: ["UIHOST_T_NAMED": "yes", "UIHOST_T_SECRET": "token"])
        XCTAssertEqual(result.lines[3], " named: yes, secret: hidden")
    }

    func testExtraScreensAreStillRefusedWithoutTheSeparator() throws {
        let result = try uihost(["render", try screen(), "arg"])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains("render takes one screen (got 2)"), result.stderr)
    }

    func testTheSeparatorGoesOnlyWithAScreen() throws {
        let result = try uihost(["test", "Scripts/tests", "--", "a"])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains("-- ARGS goes with a screen"), result.stderr)
    }

    func testABadVariableNameIsAUsageError() throws {
        let result = try uihost(["render", try screen(), "--env", "A=B"])
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains("--env: expected the name of an environment variable"), result.stderr)
    }
}
