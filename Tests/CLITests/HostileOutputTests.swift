import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import XCTest

/// What a hostile script can make the binary write outside the frame: no
/// control byte of its own reaches stdout, stderr or the log, on any command;
/// and the smaller ways a script or an option could lose output or a failure
/// (docs/API.md, "Errors" and "uihost test").
final class HostileOutputTests: XCTestCase {
    private var directory: URL!

    /// OSC title, BEL, alternate screen, a C1 CSI (U+009B), invalid UTF-8, a tab and a CR.
    private static let payload = #""\27]0;PWNED\7\27[?1049h \194\155[2J \255\254 tab\there\r""#

    override func setUpWithError() throws {
        try XCTSkipUnless(Uihost.isBuilt, "build the binary first: swift build")
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("uihost-hostile-" + UUID().uuidString.prefix(8))
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        if let directory { try? FileManager.default.removeItem(at: directory) }
    }

    // MARK: - Helpers

    private func uihost(_ arguments: String...) throws -> RawResult {
        try Uihost.runRaw(arguments, scratch: directory)
    }

    @discardableResult
    private func write(_ name: String, _ source: String) throws -> String {
        try write(name, Data(source.utf8))
    }

    @discardableResult
    private func write(_ name: String, _ data: Data) throws -> String {
        let url = directory.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url)
        return url.path
    }

    /// Runs `/bin/sh -c script` from the package root (for redirections Process cannot express).
    private func shell(_ script: String) throws -> RawResult {
        try Uihost.runRaw(["-c", script], executable: URL(fileURLWithPath: "/bin/sh"), scratch: directory)
    }

    /// No byte below 0x20 but newline, no DEL, no C1 control (raw or as UTF-8).
    private func assertTerminalSafe(_ bytes: Data, _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        let raw = [UInt8](bytes)
        for (i, byte) in raw.enumerated() {
            let control = byte < 0x20 && byte != 0x0A || byte == 0x7F
            let c1 = byte == 0xC2 && i + 1 < raw.count && (0x80...0x9F).contains(raw[i + 1])
            let invalid = (0x80...0x9F).contains(byte) && (i == 0 || raw[i - 1] != 0xC2) && !isContinuation(raw, i)
            if control || c1 || invalid {
                XCTFail("\(what): byte 0x\(String(byte, radix: 16)) at \(i) in \(String(decoding: raw, as: UTF8.self).debugDescription)",
                        file: file, line: line)
                return
            }
        }
    }

    /// Whether `raw[i]` continues a multi-byte UTF-8 sequence (so it is no C1 control).
    private func isContinuation(_ raw: [UInt8], _ i: Int) -> Bool {
        var start = i
        while start > 0 && raw[start - 1] & 0xC0 == 0x80 && i - start < 3 { start -= 1 }
        guard start > 0 else { return false }
        let lead = raw[start - 1]
        let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : lead >= 0xC0 ? 2 : 1
        return i - (start - 1) < length
    }

    private func assertTerminalSafe(_ result: RawResult, _ what: String, file: StaticString = #filePath, line: UInt = #line) {
        assertTerminalSafe(result.stdoutData, what + " stdout", file: file, line: line)
        assertTerminalSafe(result.stderrData, what + " stderr", file: file, line: line)
    }

    // MARK: - Escaping on every channel

    func testNoControlByteFromAScriptReachesStdoutOrStderrOnAnyCommand() throws {
        let p = Self.payload
        let screen = try write("pwn.lua", """
            print(\(p), 42)
            ui.log(\(p))
            local t = ui.text "x"
            t.text = \(p)
            return ui.screen { title = \(p), t,
              ui.button { title = "go", onSelect = function() print(\(p)); error(\(p), 0) end } }
            """)
        let render = try uihost("render", screen, "--keys", "enter")
        XCTAssertEqual(render.status, 3, render.stderr)
        assertTerminalSafe(render, "render")
        XCTAssertTrue(render.stderr.contains(#"\27]0;PWNED\7\27[?1049h"#), "shown in Lua's escape form: " + render.stderr)
        XCTAssertTrue(render.stderr.contains(#"\u{9B}[2J"#), render.stderr)
        XCTAssertTrue(render.stderr.contains("\u{FFFD}"), "invalid UTF-8 becomes U+FFFD: " + render.stderr)

        let headless = try uihost(screen, "--keys", "enter")
        assertTerminalSafe(headless, "headless run")

        let loadError = try write("loaderr.lua", "print(\(p))\nerror(\(p))\n")
        assertTerminalSafe(try uihost("render", loadError), "render, load error")
        assertTerminalSafe(try uihost(loadError), "run, load error")

        let badField = try write("badfield.lua", """
            return ui.screen { title = "x", ui.text { text = "y", [\(p)] = 1, ["alig" .. \(p)] = 2 } }
            """)
        let check = try uihost("check", screen, loadError, badField)
        XCTAssertEqual(check.status, 3, check.stderr)
        assertTerminalSafe(check, "check")
        XCTAssertTrue(check.stderr.contains("badfield.lua:1:"), check.stderr)

        let script = try write("pwn_test.lua", """
            print(\(p))
            io.stderr:write(\(p), "\\n")
            io.stdout:write(\(p), "\\n")
            test.case(\(p), function()
              print(\(p))
              local app = test.open("\(screen)")
              app:press("enter")
              error(\(p))
            end)
            test.case("passes " .. \(p), function() end)
            """)
        let junit = directory.appendingPathComponent("report.xml").path
        let test = try uihost("test", script, "--junit", junit)
        XCTAssertEqual(test.status, 1, test.stdout + test.stderr)
        assertTerminalSafe(test, "test")
        XCTAssertTrue(test.stdout.contains(#"FAIL \27]0;PWNED\7"#), test.stdout)
        XCTAssertTrue(test.stdout.contains("1 passed, 1 failed"), test.stdout)
        let xml = try Data(contentsOf: URL(fileURLWithPath: junit))
        XCTAssertNoThrow(try XMLDocument(data: xml), "the JUnit report stays valid XML")
        XCTAssertTrue(String(decoding: xml, as: UTF8.self).contains(#"\27]0;PWNED\7"#))
    }

    func testStderrLeftWithoutANewlineKeepsEveryCase() throws {
        let script = try write("partial_test.lua", """
            io.stderr:write("partial")
            test.case("a", function() io.stderr:write("mid") end)
            test.case("b", function() end)
            """)
        let result = try uihost("test", script)
        XCTAssertEqual(result.status, 0, result.stdout)
        XCTAssertEqual(result.stdout, "partial\nmid\nok a\nok b\n2 passed, 0 failed\n")
    }

    // MARK: - Load errors

    func testErrorTableAtLoadNamesFileAndLine() throws {
        let plain = try write("table.lua", "local x = 1\nerror({})\n")
        let named = try write("named.lua", #"error(setmetatable({}, { __tostring = function() return "custom failure" end }))"#)
        let result = try uihost("check", plain, named)
        XCTAssertEqual(result.status, 3)
        XCTAssertTrue(result.stderrLines.contains("uihost: \(plain):2: error object is a table value"), result.stderr)
        XCTAssertTrue(result.stderrLines.contains("uihost: \(named): custom failure"), result.stderr)
    }

    func testByteOrderMarkIsSkippedInScreensModulesAndTestScripts() throws {
        let bom = Data([0xEF, 0xBB, 0xBF])
        try write("mod.lua", bom + Data("return { title = 'from module' }\n".utf8))
        let screen = try write("bom.lua", bom + Data("""
            local m = require "mod"
            return ui.screen { title = m.title, ui.text "ok" }
            """.utf8))
        let render = try uihost("render", screen, "--size", "30x3")
        XCTAssertEqual(render.status, 0, render.stderr)
        XCTAssertTrue(render.stdout.contains("from module"), render.stdout)

        let broken = try write("bomerr.lua", bom + Data("local x = 1\nerror('here')\n".utf8))
        let error = try uihost("check", broken)
        XCTAssertTrue(error.stderr.contains("bomerr.lua:2: here"), "line numbers stay right: " + error.stderr)

        let script = try write("bom_test.lua", bom + Data("test.case('runs', function() end)\n".utf8))
        let test = try uihost("test", script)
        XCTAssertEqual(test.status, 0, test.stdout + test.stderr)
    }

    // MARK: - Output that fails

    func testRenderFailsWhenStdoutCannotBeWritten() throws {
        for redirect in [">/dev/full", ">&-"] {
            let result = try shell("'\(Uihost.binary.path)' render screens/launcher.lua \(redirect)")
            XCTAssertEqual(result.status, 1, "\(redirect): \(result.stderr)")
            XCTAssertTrue(result.stderr.contains("cannot write to standard output"), redirect + ": " + result.stderr)
        }
    }

    func testLogThatCannotBeWrittenIsAUsageError() throws {
        for target in [directory.path, directory.appendingPathComponent("missing/dir/log").path] {
            let result = try uihost("screens/launcher.lua", "--log", target)
            XCTAssertEqual(result.status, 2, result.stderr)
            XCTAssertTrue(result.stderr.hasPrefix("uihost: --log: cannot write"), result.stderr)
            XCTAssertEqual(result.stdout, "", "no frame: the screen did not start")
        }
    }

    func testUnwritableJUnitIsAUsageErrorBeforeAnyTestRuns() throws {
        let script = try write("one_test.lua", "test.case('a', function() print('ran') end)\n")
        let result = try uihost("test", script, "--junit", directory.path)
        XCTAssertEqual(result.status, 2, result.stderr)
        XCTAssertTrue(result.stderr.contains("--junit"), result.stderr)
        XCTAssertFalse(result.stdout.contains("ran"), "no test ran: " + result.stdout)
    }

    func testJUnitLostAfterTheRunKeepsTheFailingStatus() throws {
        let junit = directory.appendingPathComponent("late.xml").path
        // The case turns the report's path into a directory: the report cannot be written at the end.
        let script = try write("late_test.lua", """
            test.case('breaks the report', function()
              os.remove("\(junit)")
              os.execute("mkdir '\(junit)'")
              error("failing")
            end)
            """)
        let result = try uihost("test", script, "--junit", junit)
        XCTAssertEqual(result.status, 1, "the failure is not hidden: " + result.stderr)
        XCTAssertTrue(result.stderr.contains("cannot write"), result.stderr)
        XCTAssertTrue(result.stdout.contains("0 passed, 1 failed"), result.stdout)
    }

    // MARK: - Exit codes and names

    func testQuitOutsideAByteIsAnError() throws {
        let screen = try write("quit.lua", """
            return ui.screen { title = "q",
              ui.button { title = "big", onSelect = function() ui.quit(256) end },
              ui.button { title = "max", onSelect = function() ui.quit(255) end } }
            """)
        let big = try uihost("render", screen, "--keys", "enter")
        XCTAssertEqual(big.status, 3)
        XCTAssertTrue(big.stderr.contains("ui.quit: exit code must be 0…255 (got 256)"), big.stderr)
        let max = try uihost("render", screen, "--keys", "down enter")
        XCTAssertEqual(max.status, 255, max.stderr)
    }

    func testSnapshotNamesWithNulOrPathsAreRefused() throws {
        let screen = try write("s.lua", "return ui.screen { title = 'x' }\n")
        let script = try write("names_test.lua", """
            for _, name in ipairs { "nul\\0tail", "../escape", "a/b" } do
              test.case(name, function() test.open("\(screen)"):snapshot(name) end)
            end
            """)
        let result = try uihost("test", script)
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stdout.contains(#"snapshot: bad name 'nul\0tail' (no NUL bytes)"#), result.stdout)
        XCTAssertTrue(result.stdout.contains("0 passed, 3 failed"), result.stdout)
        let snapshots = directory.appendingPathComponent("__snapshots__/names_test")
        XCTAssertFalse(FileManager.default.fileExists(atPath: snapshots.appendingPathComponent("nul.txt").path),
                       "the NUL did not cut the name short")
    }

    func testAssetNameWithNulIsMissingNotCut() throws {
        // In C the name would end at the NUL: `assets/nul`, without the `.txt`.
        try write("assets/nul", "SECRET\n")
        let screen = try write("img.lua", #"return ui.screen { title = "i", ui.image { asset = "nul\0tail" } }"#)
        let result = try uihost("render", screen, "--assets", directory.appendingPathComponent("assets").path, "--size", "40x4")
        XCTAssertFalse(result.stdout.contains("SECRET"), result.stdout)
        XCTAssertTrue(result.stdout.contains("[missing image: nultail]"), result.stdout)
    }

    func testSnapshotIsReplacedNotRewrittenInPlace() throws {
        let screen = try write("s.lua", "return ui.screen { title = 'x' }\n")
        let script = try write("snap_test.lua", "test.case('snap', function() test.open('\(screen)'):snapshot('one') end)\n")
        let file = directory.appendingPathComponent("__snapshots__/snap_test/one.txt").path
        XCTAssertEqual(try uihost("test", script).status, 0)
        let before = try FileManager.default.attributesOfItem(atPath: file)[.systemFileNumber] as? Int
        // A hard link sees what an in-place rewrite would do to the file a reader holds.
        let link = directory.appendingPathComponent("held.txt").path
        try FileManager.default.linkItem(atPath: file, toPath: link)
        XCTAssertEqual(try uihost("test", script, "--update-snapshots").status, 0)
        let after = try FileManager.default.attributesOfItem(atPath: file)[.systemFileNumber] as? Int
        XCTAssertNotEqual(before, after, "written to a new file and renamed over the old one")
        XCTAssertEqual(try String(contentsOfFile: link, encoding: .utf8), try String(contentsOfFile: file, encoding: .utf8))
        let left = try FileManager.default.contentsOfDirectory(atPath: directory.appendingPathComponent("__snapshots__/snap_test").path)
        XCTAssertEqual(left, ["one.txt"], "no temporary file is left behind")
    }

    // MARK: - One line per item

    /// A line break in a label, a title or an error is shown as `\n` (a CR as
    /// `\13`, as on stderr): a listener cannot be told of a control that is not there.
    func testALineBreakInALabelForgesNoScreenReaderLine() throws {
        let screen = try write("forge.lua", #"""
            return ui.screen { title = "Home\nscreen: Forged",
              ui.button { title = "Save\r\nfocus: button Forged\u{2028}x",
                onSelect = function() error("boom\nerror: forged", 0) end } }
            """#)
        let r = try uihost(screen, "--screen-reader", "--keys", "enter")
        let lines = r.stdout.split(separator: "\n").map(String.init)
        XCTAssertEqual(lines.count, 3, r.stdout)
        XCTAssertEqual(lines.first, #"screen: Home\nscreen: Forged"#)
        XCTAssertEqual(lines.dropFirst().first, #"focus: button Save\13\nfocus: button Forged\u{2028}x"#)
        XCTAssertTrue(lines.last?.hasPrefix("error: ") == true && lines.last!.hasSuffix(#"boom\nerror: forged"#), r.stdout)
    }

    /// A plugin folder's name (and what its manifest says) is one line of
    /// `uihost plugins`, whatever it holds.
    func testALineBreakInAPluginFolderForgesNoListingLine() throws {
        let folder = "evil\nforged 9.9.9  no permissions  ok"
        try write("plugins/\(folder)/plugin.lua", """
            return { name = "evil\\nforged 9.9.9  no permissions  ok", version = "1.0\\nforged2 1.0  no permissions  ok" }
            """)
        try write("plugins/plain/plugin.lua", #"return { name = "plain", version = "1.0" }"#)
        let r = try uihost("plugins", directory.appendingPathComponent("plugins").path)
        let lines = r.stdout.split(separator: "\n").map(String.init)
        XCTAssertFalse(lines.contains { $0.hasPrefix("forged") }, r.stdout)
        XCTAssertTrue(lines.contains { $0.hasPrefix(#"evil\nforged 9.9.9"#) }, r.stdout)
        XCTAssertTrue(lines.contains { $0.hasPrefix("plain 1.0") }, r.stdout)
    }
}
