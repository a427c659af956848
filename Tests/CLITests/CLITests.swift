import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import XCTest

/// End-to-end tests: run the built `uihost` binary and check its output and
/// exit status (0 success, 1 a test failed, 2 usage, 3 script error).
final class CLITests: XCTestCase {
    private static let root = Uihost.root

    private var directory: URL!

    override func setUpWithError() throws {
        try XCTSkipUnless(Uihost.isBuilt, "build the binary first: swift build")
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("uihost-cli-" + UUID().uuidString.prefix(8))
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        if let directory { try? FileManager.default.removeItem(at: directory) }
    }

    // MARK: - Helpers

    private typealias Result = Uihost.Result

    /// Runs uihost from the package root with the given arguments.
    private func uihost(_ arguments: String..., environment: [String: String] = [:]) throws -> Result {
        try Uihost.run(arguments, environment: environment, scratch: directory)
    }

    @discardableResult
    private func write(_ name: String, _ source: String) throws -> String {
        let url = directory.appendingPathComponent(name)
        try source.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    /// A usage error: exit 2 and exactly one `uihost: ` line on stderr that says why.
    private func assertUsageError(_ result: Result, mentioning reason: String,
                                  file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertEqual(result.status, 2, result.stderr, file: file, line: line)
        let reasons = result.stderrLines.filter { $0.hasPrefix("uihost: ") }
        XCTAssertEqual(reasons.count, 1, result.stderr, file: file, line: line)
        XCTAssertEqual(result.stderrLines.first, reasons.first, "the reason comes first", file: file, line: line)
        XCTAssertTrue(reasons.first?.contains(reason) ?? false, "expected '\(reason)' in: \(result.stderr)", file: file, line: line)
        XCTAssertEqual(result.stdout, "", file: file, line: line)
    }

    // MARK: - render

    func testRenderLauncherPrintsFullFrame() throws {
        let result = try uihost("render", "screens/launcher.lua", "--size", "80x24")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.lines.count, 24)
        XCTAssertTrue(result.stdout.contains("NavigationListView"), result.stdout)
        XCTAssertTrue(result.lines.allSatisfy { !$0.hasSuffix(" ") }, "trailing spaces are trimmed")
        XCTAssertFalse(result.stdout.contains("\u{1B}"), "headless output is plain text")
    }

    func testRenderHonoursFrameSize() throws {
        let result = try uihost("render", "screens/launcher.lua", "--size=40x7")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.lines.count, 7)
    }

    func testRenderWithoutSubcommandActsAsRender() throws {
        let result = try uihost("screens/launcher.lua", "--size", "80x24")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.lines.count, 24)
    }

    func testRenderKeysOpenAScreenWithBack() throws {
        let result = try uihost("render", "screens/launcher.lua", "--keys", "down enter")
        XCTAssertEqual(result.status, 0, result.stderr)
        let header = result.lines.first ?? ""
        XCTAssertTrue(header.hasPrefix(" ‹ Back"), result.stdout)
        XCTAssertFalse(header.contains("uihost"), "the launcher's title gave way to the pushed one:\n" + result.stdout)
    }

    func testRenderKeysEscComesBackToLauncher() throws {
        let result = try uihost("render", "screens/launcher.lua", "--keys", "down enter esc")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertFalse(result.stdout.contains("‹ Back"), result.stdout)
        XCTAssertTrue(result.stdout.contains("Example screens"), result.stdout)
        XCTAssertTrue(result.lines.contains { $0.contains("› ") && $0.contains("NavigationListView") },
                      "focus is back on the entry that was opened:\n" + result.stdout)
    }

    func testRenderAsciiUsesAsciiMarks() throws {
        let result = try uihost("render", "screens/launcher.lua", "--ascii", "--keys", "down enter")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("< Back"), result.stdout)
        XCTAssertFalse(result.stdout.contains("‹"), result.stdout)
    }

    func testRenderQuitKeyExitsZero() throws {
        let result = try uihost("render", "screens/launcher.lua", "--keys", "q down")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.lines.count, 24)
    }

    func testRenderWaitAdvancesVirtualClock() throws {
        let path = try write("timer.lua", """
        local label = ui.text "waiting"
        ui.after(500, function() label.text = "fired" end)
        return ui.screen { title = "Timer", label }
        """)
        let early = try uihost("render", path, "--keys", "wait:499")
        XCTAssertEqual(early.status, 0, early.stderr)
        XCTAssertTrue(early.stdout.contains("waiting"), early.stdout)
        let late = try uihost("render", path, "--keys", "wait:499 wait:1")
        XCTAssertTrue(late.stdout.contains("fired"), late.stdout)
    }

    // MARK: - Usage errors

    func testUnknownFlagIsUsageError() throws {
        assertUsageError(try uihost("render", "screens/launcher.lua", "--bogus"), mentioning: "--bogus")
    }

    func testMalformedSizeIsUsageError() throws {
        assertUsageError(try uihost("render", "screens/launcher.lua", "--size", "abc"), mentioning: "--size")
    }

    func testZeroSizeIsUsageError() throws {
        assertUsageError(try uihost("render", "screens/launcher.lua", "--size", "0x0"), mentioning: "0x0")
    }

    func testHugeSizeIsUsageError() throws {
        assertUsageError(try uihost("render", "screens/launcher.lua", "--size", "99999x1"), mentioning: "99999x1")
    }

    func testFlagWithoutValueIsUsageError() throws {
        assertUsageError(try uihost("render", "screens/launcher.lua", "--size"), mentioning: "--size")
    }

    func testUnknownKeyNameIsUsageError() throws {
        assertUsageError(try uihost("render", "screens/launcher.lua", "--keys", "down sideways"), mentioning: "sideways")
    }

    func testMissingScreenFileIsUsageError() throws {
        let missing = directory.appendingPathComponent("missing.lua").path
        assertUsageError(try uihost("render", missing), mentioning: missing)
    }

    func testNoArgumentsIsUsageError() throws {
        assertUsageError(try uihost(), mentioning: "no screen")
    }

    // MARK: - Script errors

    func testConstructorErrorExitsThreeNamingFileLineAndField() throws {
        let path = try write("bad.lua", """
        local ok = ui.text "fine"
        local bad = ui.button { title = true }
        return ui.screen { ok, bad }
        """)
        let result = try uihost("render", path)
        XCTAssertEqual(result.status, 3, result.stderr)
        XCTAssertEqual(result.stderrLines.first, "uihost: \(path):2: ui.button: title must be a string (got boolean)")
    }

    func testBadItemFieldExitsThreeNamingItem() throws {
        let path = try write("items.lua", """
        return ui.screen {
          ui.list { items = { { title = "a" }, { icon = "x" } } },
        }
        """)
        let result = try uihost("render", path)
        XCTAssertEqual(result.status, 3, result.stderr)
        XCTAssertEqual(result.stderrLines.first, "uihost: \(path):2: ui.list: items[2].title must be a string (got nil)")
    }

    func testSyntaxErrorExitsThreeWithFileAndLine() throws {
        let path = try write("syntax.lua", "return ui.screen {\n  title = 'x'\n  ui.text 'y'\n}\n")
        let result = try uihost("render", path)
        XCTAssertEqual(result.status, 3, result.stderr)
        XCTAssertTrue(result.stderrLines.first?.hasPrefix("uihost: \(path):3: ") ?? false, result.stderr)
    }

    func testRuntimeErrorWhileLoadingExitsThree() throws {
        let path = try write("runtime.lua", "local t = nil\nreturn t.screen\n")
        let result = try uihost("render", path)
        XCTAssertEqual(result.status, 3, result.stderr)
        XCTAssertTrue(result.stderrLines.first?.hasPrefix("uihost: \(path):2: ") ?? false, result.stderr)
    }

    func testHandlerErrorPrintsFrameWithBannerAndExitsThree() throws {
        let path = try write("handler.lua", """
        return ui.screen { title = "Handler",
          ui.button { title = "Fail", onSelect = function() error("handler broke") end },
        }
        """)
        let result = try uihost("render", path, "--keys", "enter")
        XCTAssertEqual(result.status, 3, result.stderr)
        XCTAssertEqual(result.lines.count, 24, "the frame is printed even on a script error")
        XCTAssertEqual(result.lines.last, "error: \(path):2: handler broke (Esc dismisses)")
        XCTAssertTrue(result.stderr.contains("\(path):2: handler broke"), result.stderr)
    }

    func testLimitOptionsReachTheHandlers() throws {
        let path = try write("limits.lua", """
        return ui.screen { title = "Limits",
          ui.button { title = "Spin", onSelect = function() while true do end end },
          ui.button { title = "Rep", onSelect = function() local a = ('x'):rep(2^22) .. 'a' local b = ('x'):rep(2^22) .. 'b' while true do local _ = a < b end end },
        }
        """)
        let spin = try uihost("render", path, "--keys", "enter", "--max-instructions", "5000", "--size", "200x6")
        XCTAssertEqual(spin.status, 3, spin.stderr)
        XCTAssertEqual(spin.lines.last, "error: \(path):2: instruction budget exceeded (5000 instructions) (Esc dismisses)")
        let slow = try uihost("render", path, "--keys", "tab enter", "--max-time", "0.2", "--size", "200x6")
        XCTAssertEqual(slow.status, 3, slow.stderr)
        XCTAssertEqual(slow.lines.last, "error: \(path):3: time limit exceeded (0.2 s of CPU) (Esc dismisses)")
        assertUsageError(try uihost("render", path, "--max-time", "soon"), mentioning: "--max-time")
        assertUsageError(try uihost("render", path, "--max-time", "-1"), mentioning: "--max-time")
    }

    func testSandboxHidesIoAndOsExit() throws {
        let path = try write("sandbox.lua", """
        local label = ui.text(tostring(io) .. " " .. tostring(os.exit) .. " " .. type(os.time))
        return ui.screen { title = "Sandbox", label }
        """)
        let result = try uihost("render", path)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("nil nil function"), result.stdout)
    }

    // MARK: - Help and version

    func testVersionExitsZero() throws {
        let result = try uihost("--version")
        XCTAssertEqual(result.status, 0)
        XCTAssertTrue(result.stdout.hasPrefix("uihost "), result.stdout)
        XCTAssertEqual(result.stderr, "")
    }

    func testHelpExitsZeroAndListsSubcommands() throws {
        let result = try uihost("--help")
        XCTAssertEqual(result.status, 0)
        for word in ["render", "test", "check", "--size", "--keys"] {
            XCTAssertTrue(result.stdout.contains(word), "help mentions \(word)")
        }
    }

    // MARK: - check

    func testCheckReportsGoodAndBadScreens() throws {
        let good = try write("good.lua", "return ui.screen { title = 'ok' }")
        let ok = try uihost("check", good)
        XCTAssertEqual(ok.status, 0, ok.stderr)
        XCTAssertTrue(ok.stdout.contains("ok \(good)"), ok.stdout)
        let bad = try write("bad.lua", "return ui.screen { titel = 'x' }")
        let failed = try uihost("check", good, bad)
        XCTAssertEqual(failed.status, 3, failed.stderr)
        XCTAssertTrue(failed.stderr.contains("\(bad):1: ui.screen: unknown field 'titel' (did you mean 'title'?)"), failed.stderr)
    }

    // MARK: - test

    func testTestCommandReportsEachCaseAndFailsWhenOneFails() throws {
        let screen = try write("hello.lua", "return ui.screen { title = 'Hello', ui.text 'greeting' }")
        let script = try write("hello_test.lua", """
        local screen = "\(screen)"
        test.case("shows the greeting", function()
          local app = test.open(screen, { size = "40x10" })
          app:expect("greeting")
        end)
        test.case("expects a farewell", function()
          local app = test.open(screen)
          app:expect("farewell")
        end)
        """)
        let result = try uihost("test", script)
        XCTAssertEqual(result.status, 1, result.stdout + result.stderr)
        XCTAssertTrue(result.lines.contains("ok shows the greeting"), result.stdout)
        XCTAssertTrue(result.lines.contains("FAIL expects a farewell"), result.stdout)
        XCTAssertEqual(result.lines.last, "1 passed, 1 failed")
    }

    func testTestCommandPassesWhenAllCasesPass() throws {
        let screen = try write("hello.lua", "return ui.screen { title = 'Hello', ui.button { title = 'Go' } }")
        try write("pass_test.lua", """
        test.case("focus starts on the button", function()
          local app = test.open("\(screen)")
          app:expect("› [ Go ]")
          app:press("q")
        end)
        """)
        let result = try uihost("test", directory.path)
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        XCTAssertEqual(result.lines.last, "1 passed, 0 failed")
    }

    func testTestCommandGivesItsLimitsToTheApps() throws {
        let screen = try write("work.lua", """
        local label = ui.text "idle"
        return ui.screen { title = 'Work', ui.button { title = 'Go', onSelect = function()
          for i = 1, 50000 do end
          label.text = "done"
        end }, label }
        """)
        try write("limits_test.lua", """
        test.case("the work", function()
          local app = test.open("\(screen)")
          app:press("enter")
          local errors = app:errors()
          print("errors: " .. #errors .. " " .. tostring(errors[1]))
        end)
        """)
        let defaults = try uihost("test", directory.path)
        XCTAssertTrue(defaults.stdout.contains("errors: 0 nil"), defaults.stdout)
        let tight = try uihost("test", directory.path, "--max-instructions", "10000")
        XCTAssertTrue(tight.stdout.contains("errors: 1 \(screen):3: instruction budget exceeded (10000 instructions)"), tight.stdout)
    }

    // MARK: - uihost test reports (a failing fixture outside the suite)

    func testFailingFixtureReportsFileLineDiffAndFrame() throws {
        let junit = directory.appendingPathComponent("report.xml").path
        let r = try uihost("test", "Tests/CLITests/fixtures/failing_test.lua", "--timeout", "1", "--junit", junit)
        XCTAssertEqual(r.status, 1, r.stdout)
        let out = r.stdout
        XCTAssertTrue(out.contains("ok passes"), out)
        // The failing expectation: file:line of the call, the reason, the frame.
        XCTAssertTrue(out.contains("FAIL expects a missing text\n  Tests/CLITests/fixtures/failing_test.lua:12: expected the frame to show \"Nowhere to be seen\""), out)
        XCTAssertTrue(out.contains("|  › ≡ NavigationListView"), "the frame, focus on the second row:\n" + out)
        // The snapshot mismatch: a diff with frame row numbers.
        XCTAssertTrue(out.contains("FAIL snapshot differs"), out)
        XCTAssertTrue(out.contains("    8 -    ▾ A ROW THAT IS NOT THERE"), out)
        XCTAssertTrue(out.contains("    8 +    ▾ DropDownMenu"), out)
        // A hang is stopped by the per-case limit, a dying script fails its case.
        XCTAssertTrue(out.contains("FAIL loops for ever\n  Tests/CLITests/fixtures/failing_test.lua:21: timed out after 1"), out)
        XCTAssertTrue(out.contains("FAIL exits the process\n  the script exited (status 7) during this case"), out)
        // The cases after it are reported, not lost with the process.
        XCTAssertTrue(out.contains("FAIL never runs, the process is gone\n  not run: the script exited (status 7) during \"exits the process\""), out)
        // The case stopped after its second is the one listed as slow.
        XCTAssertTrue(out.contains("slowest cases (over 1 s):\n  1"), out)
        XCTAssertTrue(out.contains(" s  loops for ever\n1 passed, 5 failed\n"), out)
        XCTAssertTrue(out.hasSuffix("1 passed, 5 failed\n"), out)
        let xml = try String(contentsOfFile: junit, encoding: .utf8)
        XCTAssertTrue(xml.contains("<testsuite name=\"Tests/CLITests/fixtures/failing_test.lua\" tests=\"6\" failures=\"5\""), xml)
        XCTAssertTrue(xml.contains("<failure message=\"Tests/CLITests/fixtures/failing_test.lua:12: expected the frame to show &quot;Nowhere to be seen&quot;\">"), xml)
        XCTAssertNoThrow(try XMLDocument(xmlString: xml))
    }

    func testParallelRunMergesReportsInScriptOrder() throws {
        for i in 1...4 {
            try write("s\(i)_test.lua", """
            test.case("case \(i)", function()
              local t = os.clock() while os.clock() - t < \(0.05 * Double(5 - i)) do end
              local app = test.open("screens/launcher.lua")
              app:expect("uihost")
            end)
            """)
        }
        let r = try uihost("test", directory.path, "-j", "3")
        XCTAssertEqual(r.status, 0, r.stdout + r.stderr)
        // Several scripts: each case names its own. (A loaded machine may list
        // slow cases before the summary: only the case lines are compared.)
        XCTAssertEqual(r.lines.filter { $0.hasPrefix("ok ") || $0.hasPrefix("FAIL ") },
                       ["ok s1_test.lua: case 1", "ok s2_test.lua: case 2", "ok s3_test.lua: case 3", "ok s4_test.lua: case 4"])
        XCTAssertEqual(r.lines.last, "4 passed, 0 failed")
    }

    func testCheckReportsEveryIndependentValidationError() throws {
        let path = try write("bad.lua", """
        return ui.screen {
          title = true,
          ui.button { titel = "x" },
          ui.list { items = { { title = "a" }, { subtitle = "b" } }, selected = "x" },
          ui.list {
            selected = 1.5,
            items = {
              "a",
              { title = {} },
            },
          },
        }
        """)
        let r = try uihost("check", path)
        XCTAssertEqual(r.status, 3)
        XCTAssertEqual(r.stderrLines, [
            "uihost: \(path):2: ui.screen: title must be a string (got boolean)",
            "uihost: \(path):3: ui.button: unknown field 'titel' (did you mean 'title'?)",
            "uihost: \(path):4: ui.list: items[2].title must be a string (got nil)",
            "uihost: \(path):4: ui.list: selected must be an integer (got string)",
            "uihost: \(path):6: ui.list: selected must be an integer (got number)",
            "uihost: \(path):9: ui.list: items[2].title must be a string (got table)",
        ])
    }
}
