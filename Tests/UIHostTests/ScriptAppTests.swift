import Glibc
import XCTest
@testable import UIHost

/// Running a screen headless: keys and text in, frame, tree and errors out.
final class ScriptAppTests: XCTestCase {
    var path = ""

    override func setUp() {
        var template = Array("/tmp/uihost-app-XXXXXX".utf8CString)
        let directory = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)) }
        path = directory + "/screen.lua"
        let f = fopen(path, "w")!
        fputs("""
        local echo = require "echo"
        local shown = ui.text "nothing yet"
        return ui.screen {
          title = "Echo",
          ui.input { label = "Say", onSubmit = function(v) shown.text = echo.shout(v) end },
          ui.button { title = "Break", onSelect = function() echo.shout(nil) end },
          shown,
        }
        """, f)
        fclose(f)
    }

    override func tearDown() {
        _ = system("rm -rf '\(path.dropLast("/screen.lua".count))'")
    }

    func makeApp(_ change: (inout ScriptHost.Options) -> Void = { _ in }) throws -> ScriptApp {
        var options = ScriptHost.Options()
        options.columns = 30
        options.rows = 7
        change(&options)
        let host = ScriptHost(options: options)
        host.module("echo") { m in
            m.function("shout") { (s: String) -> String in s.uppercased() }
        }
        return try host.open(path)
    }

    func testTypedTextReachesTheSwiftFunctionAndTheFrameShowsItsResult() throws {
        let app = try makeApp()
        app.type("hello")
        try app.press("enter")
        XCTAssertEqual(app.lines, [
            "             Echo",
            "──────────────────────────────",
            " Say",
            " › [hello                   ]",
            "   [ Break ]",
            " HELLO",
            "",
        ])
        XCTAssertEqual(app.errors, [])
    }

    func testHandlerErrorFromABadArgumentShowsInErrorsAndTheAppGoesOn() throws {
        let app = try makeApp()
        try app.press("tab enter")
        XCTAssertEqual(app.errors.count, 1)
        XCTAssertTrue(app.errors[0].contains("bad argument #1 to 'shout' (string expected, got nil)"), app.errors[0])
        try app.press("tab")
        app.type("x")
        try app.press("enter")
        // The banner covers the bottom rows of this small frame: the tree still shows the text.
        XCTAssertEqual(app.tree?.all.filter { $0.role == "text" }.map(\.label), ["X"])
    }

    func testTreeNamesTheFocusedInput() throws {
        let app = try makeApp()
        let focused = app.tree?.all.filter(\.focused)
        XCTAssertEqual(focused?.map(\.role), ["input"])
    }

    func testUnknownKeyNameThrowsAndSendsNothing() throws {
        let app = try makeApp()
        XCTAssertThrowsError(try app.press("tab entre")) { error in
            XCTAssertTrue("\(error)".contains("unknown key name 'entre'"), "\(error)")
        }
        XCTAssertEqual(app.tree?.all.filter(\.focused).map(\.role), ["input"])
    }

    func testMissingScreenThrows() {
        XCTAssertThrowsError(try ScriptHost().open("/nonexistent/screen.lua"))
    }

    func testRenderFormatsFollowTheColorOption() throws {
        let app = try makeApp()
        XCTAssertEqual(app.render(.text), app.frame)
        XCTAssertTrue(app.render(.ansi).contains("\u{1B}["))
        XCTAssertTrue(app.render(.svg).hasPrefix("<svg"), app.render(.svg))
        XCTAssertTrue(app.render(.html).contains("<html"))

        let plain = try makeApp { $0.color = false }
        XCTAssertEqual(plain.render(.ansi), plain.frame)
    }

    func testThemeByNameAndAnUnknownOneThrows() throws {
        XCTAssertEqual(ScriptHost.themes, ["dark", "light", "mono"])
        XCTAssertNoThrow(try makeApp { $0.theme = "light" })
        XCTAssertThrowsError(try makeApp { $0.theme = "dakr" }) { error in
            XCTAssertEqual("\(error)", "unknown theme 'dakr' (expected dark, light, mono)")
        }
    }

    func testErrorFrameIsBlankButForTheBannerAtTheHeadlessSize() throws {
        var options = ScriptHost.Options()
        (options.columns, options.rows) = (40, 5)
        let host = ScriptHost(options: options)
        let error = ScriptHostError(message: "screen.lua:3: boom")
        let lines = host.errorFrame(error).split(separator: "\n", omittingEmptySubsequences: false)
        XCTAssertEqual(lines.count, 5)
        XCTAssertTrue(lines.contains { $0.contains("screen.lua:3: boom") }, "\(lines)")
    }
}
