import LuaBridge
import XCTest
@testable import UIHostCore

/// Foundation (through XCTest) has a `Host` class too.
private typealias Host = UIHostCore.Host

/// A catalogue of bad input (issue: safety). Every case feeds a screen script
/// something wrong and checks what the user is told: the exact message (with
/// file:line where the error has one), that nothing crashes, and that the app
/// keeps running when the mistake is in a handler (docs/API.md §8, §9).
///
/// Behaviour documented here rather than asserted as an error:
/// - One component table used in two places is allowed: it is drawn at each
///   place, and a change to it shows at both (it is one table).
/// - There is no drawing callback into Lua: handlers run between frames, so
///   "ui.push while drawing" cannot happen; the nearest thing, ui.push from a
///   pushed screen's onAppear, works (and a screen that pushes itself on
///   appear is stopped by Lua's C-stack limit, with an error, not a crash).
///
/// The bugs this catalogue first found have regression tests in RegressionTests.swift.
final class BadInputTests: XCTestCase {
    private var scratch = ScratchDirectory(prefix: "uihbad")
    private var directory: String { scratch.path }

    override func setUpWithError() throws {
        scratch = ScratchDirectory(prefix: "uihbad")
    }

    override func tearDownWithError() throws {
        scratch.remove()
    }

    // MARK: - Helpers

    /// The path of the main script every test writes.
    private var scriptPath: String { FileSystem.join(directory, "s.lua") }

    @discardableResult
    private func write(_ name: String, _ source: String) throws -> String {
        try scratch.write(name, source)
    }

    private func options(cols: Int = 120, rows: Int = 12, allow: Set<Capability> = [],
                         maxInstructions: Int64? = 100_000_000, maxMemory: Int = 256 << 20) -> HostOptions {
        HostOptions(size: Size(cols: cols, rows: rows), allow: allow,
                    maxInstructions: maxInstructions, maxMemory: maxMemory)
    }

    private func host(_ source: String, _ options: HostOptions? = nil) throws -> Host {
        try Host(script: try write("s.lua", source), options: options ?? self.options())
    }

    /// The error `Host.init` throws for a script (a failure when it loads).
    private func loadError(_ source: String, _ options: HostOptions? = nil,
                           file: StaticString = #filePath, line: UInt = #line) throws -> LuaError? {
        let path = try write("s.lua", source)
        do {
            _ = try Host(script: path, options: options ?? self.options())
            XCTFail("expected the script to fail to load:\n\(source)", file: file, line: line)
            return nil
        } catch {
            return error
        }
    }

    /// Asserts that the script fails to load with exactly `expected`.
    private func assertLoadFails(_ source: String, _ expected: String, _ options: HostOptions? = nil,
                                 file: StaticString = #filePath, line: UInt = #line) throws {
        let error = try loadError(source, options, file: file, line: line)
        XCTAssertEqual(error?.message, expected, "for:\n\(source)", file: file, line: line)
    }

    /// A screen whose first button (focused at start) runs `body`, written on
    /// line 4 of s.lua, so a handler error reads `s.lua:4: …`. A second button
    /// "Work" sets the label to "worked", to show that the app still runs.
    private func handlerHost(_ body: String, _ options: HostOptions? = nil) throws -> Host {
        precondition(!body.contains("\n"), "the body must be one line")
        return try host("""
        label = ui.text "idle"
        list = ui.list { items = { "a", "b" } }
        button = ui.button { title = "Go", onSelect = function()
        \(body)
        end }
        return ui.screen { title = "T", button, ui.button { title = "Work", onSelect = function() label.text = "worked" end }, label, list }
        """, options)
    }

    /// The message a handler error on line 4 of s.lua carries.
    private func atHandler(_ message: String) -> String {
        "\(scriptPath):4: \(message)"
    }

    /// The bottom row of the frame: where the error banner goes.
    private func lastLine(_ host: Host) -> String {
        let frame = host.render()
        return frame.line(frame.height - 1)
    }

    /// The frame has its exact size and every row fits it.
    private func assertFrameIsWhole(_ host: Host, file: StaticString = #filePath, line: UInt = #line) {
        let frame = host.render()
        XCTAssertEqual(frame.width, host.options.size.cols, file: file, line: line)
        XCTAssertEqual(frame.height, host.options.size.rows, file: file, line: line)
        for y in 0..<frame.height {
            XCTAssertLessThanOrEqual(DisplayWidth.of(frame.line(y)), frame.width, "row \(y)", file: file, line: line)
        }
    }

    /// The app is alive after a bad handler: no quit, the banner clears with
    /// Esc, and another button still works (clicked, whatever has focus).
    private func assertStillRuns(_ host: Host, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertNil(host.quitCode, file: file, line: line)
        press(host, .esc)
        XCTAssertFalse(host.render().text.contains("error:"), host.render().text, file: file, line: line)
        click(host, "[ Work ]", file: file, line: line)
        assertShows(host, "worked", file: file, line: line)
    }

    /// Runs `body` as the focused button's handler: it must end with exactly
    /// `errors` (each at s.lua:4), and the app must go on.
    private func assertHandlerStops(_ body: String, _ options: HostOptions? = nil, with errors: String...,
                                    file: StaticString = #filePath, line: UInt = #line) throws {
        let host = try handlerHost(body, options)
        press(host, .enter)
        XCTAssertEqual(host.errors, errors.map(atHandler), body, file: file, line: line)
        XCTAssertEqual(lastLine(host), "error: " + atHandler(errors.last ?? "") + Compositor.bannerHint, file: file, line: line)
        assertStillRuns(host, file: file, line: line)
    }

    // MARK: - Syntax errors

    func testSyntaxErrorIsASyntaxErrorNamingFileAndLine() throws {
        let error = try loadError("return ui.screen {\n  title = 'x'\n  ui.text 'y'\n}\n")
        guard case .syntax(let message)? = error else { return XCTFail("got \(String(describing: error))") }
        XCTAssertEqual(message, "\(scriptPath):3: '}' expected (to close '{' at line 1) near 'ui'")
    }

    func testUnfinishedStringIsASyntaxError() throws {
        let error = try loadError("local s = \"abc\nreturn ui.screen {}\n")
        guard case .syntax(let message)? = error else { return XCTFail("got \(String(describing: error))") }
        XCTAssertEqual(message, "\(scriptPath):1: unfinished string near '\"abc'")
    }

    func testSyntaxErrorInARequiredModuleNamesTheModule() throws {
        let module = try write("bad.lua", "x = = 1\n")
        try assertLoadFails("require 'bad'\nreturn ui.screen {}", "\(module):1: unexpected symbol near '='")
    }

    func testSyntaxErrorInAPushedScreenIsAHandlerError() throws {
        let module = try write("bad.lua", "return ui.screen {\n  title = = 'x' }\n")
        let host = try handlerHost("ui.push('bad.lua')")
        press(host, .enter)
        XCTAssertEqual(host.errors, ["\(module):2: unexpected symbol near '='"])
        XCTAssertEqual(host.navigationDepth, 1)
        XCTAssertEqual(lastLine(host), "error: \(module):2: unexpected symbol near '='" + Compositor.bannerHint)
        assertStillRuns(host)
    }

    // MARK: - Constructor validation

    func testWrongFieldTypeNamesTheCallersFileAndLine() throws {
        try assertLoadFails("""
        local label = ui.text "ok"
        local b = ui.button { title = {} }
        return ui.screen { label, b }
        """, "\(scriptPath):2: ui.button: title must be a string (got table)")
    }

    func testMultiLineConstructorReportsTheLineOfTheField() throws {
        try assertLoadFails("""
        local label = ui.text "ok"
        local b = ui.button {
          disabled = false,
          title = {},
        }
        return ui.screen { label, b }
        """, "\(scriptPath):4: ui.button: title must be a string (got table)")
        try assertLoadFails("""
        return ui.screen {
          title = "S",
          ui.list {
            items = {
              { title = "a" },
              { subtitle = "b" },
            },
          },
        }
        """, "\(scriptPath):6: ui.list: items[2].title must be a string (got nil)")
    }

    func testAConstructorCalledThroughAnAliasReportsTheLineWhereTheCallStarts() throws {
        try assertLoadFails("""
        local button = ui.button
        local b = button {
          disabled = false,
          title = {},
        }
        return ui.screen { b }
        """, "\(scriptPath):2: ui.button: title must be a string (got table)")
    }

    func testWrongTypesAcrossConstructors() throws {
        let cases: [(String, String)] = [
            ("ui.list { selected = 'x' }", "ui.list: selected must be an integer (got string)"),
            ("ui.list { selected = 0 }", "ui.list: selected must be at least 1 (got 0)"),
            ("ui.vstack { spacing = 1.5 }", "ui.vstack: spacing must be an integer (got number)"),
            ("ui.text { text = 'a', align = 'middle' }",
             "ui.text: align must be one of 'left', 'center', 'right' (got 'middle')"),
            ("ui.progress { value = 2 }", "ui.progress: value must be at most 1 (got 2)"),
            ("ui.button { onSelect = 'f' }", "ui.button: onSelect must be a function (got string)"),
            ("ui.button { disabled = 'yes' }", "ui.button: disabled must be a boolean (got string)"),
            ("ui.screen { drawer = ui.sheet {} }", "ui.screen: drawer must be a ui.drawer (got a ui.sheet)"),
            ("ui.screen { drawer = {} }", "ui.screen: drawer must be a ui.drawer (got table)"),
            ("ui.sheet { height = 0 }", "ui.sheet: height must be a fraction up to 1.0, a row count or \"fit\" (got 0)"),
            ("ui.image { width = -1 }", "ui.image: width must be at least 0 (got -1)"),
            ("ui.list { items = 5 }", "ui.list: items must be a table (got number)"),
            ("ui.list { items = { 5 } }", "ui.list: items[1] must be a table (got number)"),
            ("ui.dropdown { items = { { title = 'a' }, { title = 'b' }, { id = 3 } } }",
             "ui.dropdown: items[3].title must be a string (got nil)"),
            ("ui.dropdown { items = { { id = {}, title = 'a' } } }",
             "ui.dropdown: items[1].id must be a string or number (got table)"),
            ("ui.button 'Save'", "bad argument #1 to 'ui.button' (table expected, got string)"),
            ("ui.text(5)", "bad argument #1 to 'ui.text' (string or table expected, got number)"),
            ("ui.vstack(ui.text 'a')", "bad argument #1 to 'ui.vstack' (table expected, got a ui.text)"),
        ]
        for (expression, message) in cases {
            try assertLoadFails("local c = \(expression)\nreturn ui.screen {}", "\(scriptPath):1: \(message)")
        }
    }

    func testUnknownFieldSuggestsTheNearestName() throws {
        try assertLoadFails("""
        return ui.screen {
          ui.button { titel = "Save" },
        }
        """, "\(scriptPath):2: ui.button: unknown field 'titel' (did you mean 'title'?)")
    }

    func testUnknownFieldsWithAndWithoutSuggestion() throws {
        let cases: [(String, String)] = [
            ("ui.list { onselect = print }", "ui.list: unknown field 'onselect' (did you mean 'onSelect'?)"),
            ("ui.dropdown { placehodler = 'x' }", "ui.dropdown: unknown field 'placehodler' (did you mean 'placeholder'?)"),
            ("ui.button { colour = 'red' }", "ui.button: unknown field 'colour'"),
            ("ui.list { items = { { title = 'a', subtitel = 'b' } } }",
             "ui.list: items[1]: unknown field 'subtitel' (did you mean 'subtitle'?)"),
            // The script's own key, noted as no near miss at the first item, does
            // not hide a typo in a later one.
            ("ui.list { items = { { title = 'a', path = 'x' }, { title = 'b', path = 'y', subtitel = 'c' } } }",
             "ui.list: items[2]: unknown field 'subtitel' (did you mean 'subtitle'?)"),
            ("ui.button { 'Save' }", "ui.button: unknown field '[1]'"),
        ]
        for (expression, message) in cases {
            try assertLoadFails("local c = \(expression)\nreturn ui.screen {}", "\(scriptPath):1: \(message)")
        }
    }

    func testUnknownComponentKindIsACallOfNil() throws {
        let error = try loadError("local x = 1\nreturn ui.screen { ui.buton {} }")
        guard case .runtime(let message, _)? = error else { return XCTFail("got \(String(describing: error))") }
        XCTAssertEqual(message, "\(scriptPath):2: attempt to call a nil value (field 'buton')")
    }

    func testNonComponentWhereAChildIsExpected() throws {
        let cases: [(String, String)] = [
            ("ui.vstack { 'hello' }", "ui.vstack: child [1] must be a component (got string)"),
            ("ui.hstack { ui.text 'a', {} }", "ui.hstack: child [2] must be a component (got table)"),
            ("ui.screen { 42 }", "ui.screen: child [1] must be a component (got number)"),
            ("ui.tabs { ui.text 'a' }", "ui.tabs: child [1] must be a ui.tab (got a ui.text)"),
            ("ui.sheet { print }", "ui.sheet: child [1] must be a component (got function)"),
        ]
        for (expression, message) in cases {
            try assertLoadFails("local c = \(expression)\nreturn ui.screen {}", "\(scriptPath):1: \(message)")
        }
    }

    func testScriptThatReturnsNoScreen() throws {
        try assertLoadFails("return ui.text 'x'", "\(scriptPath): the script must return a ui.screen (got a ui.text)")
        try assertLoadFails("local x = 1", "\(scriptPath): the script must return a ui.screen (got nil); did you forget `return` before ui.screen?")
        try assertLoadFails("return { title = 'fake' }", "\(scriptPath): the script must return a ui.screen (got table)")
    }

    func testChildReplacedByNonComponentByAHandler() throws {
        let host = try host("""
        box = ui.vstack { ui.text "a", ui.button { title = "Break", onSelect = function() box[1] = 42 end } }
        return ui.screen { title = "T", box }
        """)
        press(host, .enter)
        _ = host.render()
        XCTAssertEqual(host.errors, ["screen[1][1] must be a component (got number)"])
        XCTAssertEqual(lastLine(host), "error: screen[1][1] must be a component (got number)" + Compositor.bannerHint)
        assertShows(host, "[ Break ]")
    }

    func testComponentsCannotBeForgedOrRetyped() throws {
        let host = try handlerHost("setmetatable(label, {})")
        XCTAssertEqual(try host.evalString("getmetatable(label)"), "ui.text")
        press(host, .enter)
        XCTAssertEqual(host.errors, [atHandler("cannot change a protected metatable")])
        assertStillRuns(host)
    }

    // MARK: - The component tree

    func testStackContainingItselfSetAfterConstruction() throws {
        let host = try host("""
        v = ui.vstack { ui.button { title = "Loop", onSelect = function() v[#v + 1] = v end } }
        return ui.screen { title = "Cycle", v }
        """)
        press(host, .enter)
        assertFrameIsWhole(host)
        XCTAssertEqual(host.errors, ["screen[1][2]: ui.vstack contains itself"])
        XCTAssertEqual(lastLine(host), "error: screen[1][2]: ui.vstack contains itself" + Compositor.bannerHint)
        assertShows(host, "[ Loop ]")
        // The standing cycle is reported once, not on every frame.
        press(host, .esc, .tab, .tab)
        _ = host.render()
        XCTAssertEqual(host.errors.count, 1)
        XCTAssertNil(host.quitCode)
    }

    func testLongerCyclesAreReported() throws {
        let host = try host("""
        a = ui.vstack { ui.text "in a" }
        b = ui.hstack { a }
        t = ui.tab { title = "One", ui.text "page" }
        tabs = ui.tabs { t }
        scr = ui.screen { title = "Cycle", b, tabs }
        return scr
        """)
        try host.runLua("a[2] = b")
        _ = host.render()
        try host.runLua("t[2] = tabs")
        _ = host.render()
        try host.runLua("scr[3] = ui.vstack { scr }")
        assertFrameIsWhole(host)
        XCTAssertEqual(host.errors, [
            "screen[1][1][2]: ui.hstack contains itself",
            "screen[2][1][2]: ui.tabs contains itself",
            "screen[3][1]: ui.screen contains itself",
        ])
        assertShows(host, "in a")
        assertShows(host, "page")
    }

    func testOneComponentInTwoPlacesIsDrawnInBoth() throws {
        let host = try host("""
        count = 0
        shared = ui.text "shared"
        local b = ui.button { title = "Twice", onSelect = function() count = count + 1 shared.text = "changed" end }
        return ui.screen { title = "T", b, shared, ui.vstack { shared, b } }
        """)
        let frame = host.render()
        XCTAssertEqual(frame.text.components(separatedBy: "[ Twice ]").count - 1, 2, frame.text)
        XCTAssertEqual(frame.text.components(separatedBy: "shared").count - 1, 2, frame.text)
        press(host, .enter)
        XCTAssertEqual(try host.evalString("count"), "1")
        XCTAssertEqual(host.render().text.components(separatedBy: "changed").count - 1, 2, host.render().text)
        XCTAssertEqual(host.errors, [])
    }

    func testTenThousandLevelsOfNestingAreReported() throws {
        let host = try host("""
        local c = ui.button { title = "deep" }
        for i = 1, 10000 do c = ui.vstack { c } end
        return ui.screen { title = "Deep", ui.text "top", c }
        """)
        assertFrameIsWhole(host)
        XCTAssertEqual(host.errors.count, 1, "\(host.errors)")
        let message = host.errors.first ?? ""
        // The message first, then a shortened path, so that the banner shows what matters.
        XCTAssertTrue(message.hasPrefix("components nested deeper than 200 levels (at screen[2][1][1][1]"), message)
        XCTAssertTrue(message.hasSuffix("…[1][1][1][1])"), message)
        XCTAssertLessThan(message.count, 100, message)
        assertShows(host, "top")
        press(host, .tab, .enter, .esc)
        XCTAssertNil(host.quitCode)
    }

    // MARK: - Strings

    func testInvalidUTF8IsShownAsReplacementCharacters() throws {
        let host = try host(#"""
        return ui.screen { title = "caf\xc3",
          ui.button { title = "bad\xff\xfe end" },
          ui.text "t\x80xt",
          ui.list { items = { "item\xf0\x9f" } },
        }
        """#, options(cols: 40))
        assertFrameIsWhole(host)
        assertShows(host, "caf\u{FFFD}")
        assertShows(host, "[ bad\u{FFFD}\u{FFFD} end ]")
        assertShows(host, "t\u{FFFD}xt")
        assertShows(host, "item\u{FFFD}")
        XCTAssertEqual(host.errors, [])
    }

    func testInvalidUTF8InAFieldNameIsReadableInTheMessage() throws {
        try assertLoadFails(#"local c = ui.button { ["\xff"] = 1 }"#, "\(scriptPath):1: ui.button: unknown field '\u{FFFD}'")
    }

    func testControlCharactersNeverReachTheFrame() throws {
        let host = try host(#"""
        return ui.screen { title = "T", ui.text { text = "esc\27[2J\0nul\ttab\7", wrap = false } }
        """#, options(cols: 40))
        let frame = host.render()
        XCTAssertFalse(frame.text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, frame.text.debugDescription)
        assertShows(host, "esc[2Jnul       tab")  // the tab reaches column 16
        assertFrameIsWhole(host)
    }

    func testTenMegabyteTitleIsCutWithAnEllipsis() throws {
        let host = try host("""
        big = string.rep("x", 10 * 1024 * 1024)
        return ui.screen { title = big, ui.button { title = big } }
        """, options(cols: 60))
        let frame = host.render()
        let header = frame.line(0), button = frame.line(2)
        XCTAssertTrue(header.hasPrefix("xxxxxxxxxx") && header.hasSuffix("x…"), header)
        XCTAssertEqual(header.filter { $0 != "x" }, "…", header)
        XCTAssertTrue(button.hasPrefix(" › [ xxxxxxxxxx") && button.hasSuffix("x… ]"), button)
        XCTAssertEqual(button.filter { $0 != "x" }, " › [ … ]", button)
        assertFrameIsWhole(host)
        XCTAssertEqual(host.errors, [])
        // The string is shown twice but copied out of Lua once, and only as
        // much of it as any text may show: 64 KiB, not 10 MB.
        XCTAssertLessThanOrEqual(host.work.bytesCopied, HostLimits.maxDisplayBytes + 1024, "bytes of Lua strings copied")
    }

    // MARK: - Handlers that fail

    func testHandlerThatRaisesShowsTheBannerAndKeepsRunning() throws {
        let host = try handlerHost("error('boom')")
        press(host, .enter)
        XCTAssertEqual(host.errors, [atHandler("boom")])
        XCTAssertEqual(lastLine(host), "error: " + atHandler("boom") + Compositor.bannerHint)
        assertStillRuns(host)
    }

    func testErrorObjectsThatAreNotStrings() throws {
        let cases: [(String, String)] = [
            ("error({})", atHandler("error object is a table value")),
            ("error(nil)", atHandler("error object is a nil value")),
            ("error(42)", "42"),
            ("error('no position', 0)", "no position"),
            ("error(setmetatable({}, { __tostring = function() return 'custom' end }))", "custom"),
            ("error(setmetatable({}, { __tostring = function() error('inner') end }))", atHandler("inner")),
        ]
        for (body, message) in cases {
            let host = try handlerHost(body)
            press(host, .enter)
            XCTAssertEqual(host.errors, [message], body)
            XCTAssertEqual(lastLine(host), "error: " + message + Compositor.bannerHint, body)
            assertStillRuns(host)
        }
    }

    func testYieldOutsideACoroutineIsAHandlerError() throws {
        let host = try handlerHost("coroutine.yield(1)")
        press(host, .enter)
        XCTAssertEqual(host.errors.count, 1)
        XCTAssertTrue(host.errors.first?.hasSuffix("attempt to yield from outside a coroutine") ?? false, "\(host.errors)")
        assertStillRuns(host)
    }

    func testBadArgumentsToUIFunctions() throws {
        let cases: [(String, String)] = [
            ("ui.after(0/0, print)", "bad argument #1 to 'after' (non-negative number expected, got number)"),
            ("ui.every(-5, print)", "bad argument #1 to 'every' (non-negative number expected, got number)"),
            ("ui.after(10, 'f')", "bad argument #2 to 'after' (function expected, got string)"),
            ("ui.spawn(42)", "bad argument #1 to 'spawn' (function expected, got number)"),
            ("ui.present(ui.text 'x')", "bad argument #1 to 'present' (ui.sheet expected, got a ui.text)"),
            ("local s = ui.sheet {} ui.present(s) ui.present(s)", "ui.present: this sheet is already presented"),
            ("ui.dismiss({})", "bad argument #1 to 'dismiss' (ui.sheet expected, got table)"),
            ("require(5)", "bad argument #1 to 'require' (string expected, got number)"),
        ]
        for (body, message) in cases {
            let host = try handlerHost(body)
            press(host, .enter)
            XCTAssertEqual(host.errors, [atHandler(message)], body)
            dismissSheets(host)
            assertStillRuns(host)
        }
    }

    /// Closes any sheet a case left open, so that "Work" can be clicked.
    private func dismissSheets(_ host: Host) {
        for _ in 0..<3 { try? host.runLua("ui.dismiss()") }
    }

    // MARK: - Limits

    func testEndlessLoopInAHandlerRunsOutOfBudget() throws {
        let host = try handlerHost("while true do end", options(maxInstructions: 100_000))
        press(host, .enter)
        XCTAssertEqual(host.errors, [atHandler("instruction budget exceeded (100000 instructions)")])
        XCTAssertEqual(lastLine(host), "error: " + atHandler("instruction budget exceeded (100000 instructions)") + Compositor.bannerHint)
        assertStillRuns(host)
    }

    func testEndlessLoopInARepeatingTimerStopsTheTimer() throws {
        let host = try host("""
        label = ui.text "idle"
        ui.every(10, function()
          while true do end
        end)
        return ui.screen { title = "T", ui.button { title = "Work", onSelect = function() label.text = "worked" end }, label }
        """, options(maxInstructions: 100_000))
        host.advance(25)
        XCTAssertEqual(host.errors, ["\(scriptPath):3: instruction budget exceeded (100000 instructions) (the ui.every timer is stopped)"])
        assertStillRuns(host)
    }

    func testEndlessLoopWhileLoadingFailsTheLoad() throws {
        let error = try loadError("while true do end\nreturn ui.screen {}", options(maxInstructions: 100_000))
        guard case .instructionBudget(let message, _)? = error else { return XCTFail("got \(String(describing: error))") }
        XCTAssertEqual(message, "\(scriptPath):1: instruction budget exceeded (100000 instructions)")
    }

    // Work inside library functions, which the count hook does not see.

    func testBacktrackingPatternInAHandlerRunsOutOfBudget() throws {
        try assertHandlerStops("label.text = tostring(string.rep('a', 3000):find(string.rep('a-', 12) .. 'b'))",
                               options(maxInstructions: 1_000_000), with: "instruction budget exceeded (1000000 instructions)")
    }

    func testHugeTableMovesRunOutOfBudget() throws {
        for body in ["table.move({}, 1, math.maxinteger - 1, 2)",
                     "table.insert(setmetatable({}, { __len = function() return 2^62 end }), 1, 'x')"] {
            try assertHandlerStops(body, with: "instruction budget exceeded (100000000 instructions)")
        }
    }

    func testLoopOfLibraryWorkRunsOutOfBudgetOrTime() throws {
        // Charged by what it allocates. A tenth of the default budget is spent
        // in about a third of a second of CPU: the budget, not the 5 s time
        // limit, is what stops it however slow the machine.
        try assertHandlerStops("while true do local s = string.rep('x', 2^22) end", options(maxInstructions: 10_000_000),
                               with: "instruction budget exceeded (10000000 instructions)")
        // Comparing two long strings allocates nothing: the CPU-time limit ends it.
        var timed = options()
        timed.maxSeconds = 0.3
        try assertHandlerStops("local a, b = ('x'):rep(2^24) .. 'a', ('x'):rep(2^24) .. 'b' while true do local _ = a < b end",
                               timed, with: "time limit exceeded (0.3 s of CPU)")
    }

    func testCallsMadeByAHandlerShareItsBudget() throws {
        // Each coroutine fits the budget alone; the handler that spawns both does not: the
        // second coroutine is stopped, and so is the handler, whose budget it used up.
        try assertHandlerStops("for _ = 1, 2 do ui.spawn(function() for i = 1, 60000 do end end) end",
                               options(maxInstructions: 100_000),
                               with: "instruction budget exceeded (100000 instructions)", "instruction budget exceeded (100000 instructions)")
    }

    func testPrintingAnObjectRunsItsTostringWithinTheLimits() throws {
        let host = try handlerHost(
            "print(setmetatable({}, { __tostring = function() local t = {} for i = 1, 1e9 do t[i] = { i } end end }))",
            options(maxMemory: 32 << 20))
        press(host, .enter)
        XCTAssertEqual(host.errors.count, 1, "\(host.errors)")
        XCTAssertLessThan(host.lua.memoryUsed, 16 << 20, "the garbage is collected")
        assertStillRuns(host)
    }

    func testCoroutinesSpawningCoroutinesWithoutEndOverflowTheStack() throws {
        let host = try handlerHost("local function f() ui.spawn(f) end f()")
        press(host, .enter)
        XCTAssertEqual(host.errors, ["C stack overflow"])
        assertStillRuns(host)
    }

    func testAHugeYieldFromASpawnedCoroutineIsClamped() throws {
        let host = try handlerHost("ui.spawn(function() ui.sleep(5) coroutine.yield(math.maxinteger) label.text = 'late' end)")
        press(host, .enter)
        host.advance(10)
        XCTAssertEqual(host.errors, [])
        assertShows(host, "idle")
        assertStillRuns(host)
    }

    func testMetatablesTheHostSetsAreClosedToScripts() throws {
        // A __gc put there would run as a finalizer, outside every limit.
        let host = try handlerHost(
            "local mt = getmetatable(ui.after(1e9, function() end)) "
            + "ui.after(1e9, function() end) collectgarbage() collectgarbage() "
            + "label.text = tostring(mt) .. ' ' .. tostring(getmetatable(io.stdout))",
            options(allow: [.io]))
        press(host, .enter)
        XCTAssertEqual(host.errors, [])
        assertShows(host, "timer false")
    }

    func testRunawayRecursionIsAStackOverflow() throws {
        let host = try handlerHost("local function f() return 1 + f() end f()")
        press(host, .enter)
        XCTAssertEqual(host.errors, [atHandler("stack overflow")])
        assertStillRuns(host)

        let meta = try handlerHost("local t = setmetatable({}, { __index = function(t, k) return t[k] end }) return t.x")
        press(meta, .enter)
        XCTAssertEqual(meta.errors, [atHandler("C stack overflow")])
        assertStillRuns(meta)
    }

    func testEndlessAllocationHitsTheMemoryLimit() throws {
        let host = try handlerHost("local t = {} for i = 1, 1e9 do t[i] = { i } end", options(maxMemory: 32 << 20))
        press(host, .enter)
        XCTAssertEqual(host.errors, ["memory limit exceeded"])
        XCTAssertEqual(lastLine(host), "error: memory limit exceeded" + Compositor.bannerHint)
        XCTAssertLessThan(host.lua.memoryUsed, 16 << 20, "the garbage is collected")
        assertStillRuns(host)
        // A huge string is one allocation past the limit.
        try host.runLua("button.onSelect = function() label.text = string.rep('x', 64 * 1024 * 1024) end")
        press(host, .shiftTab, .enter)
        XCTAssertEqual(host.errors.last, "memory limit exceeded")
    }

    func testMemoryErrorCaughtByTheScriptIsOrdinary() throws {
        let host = try handlerHost(
            "local ok, e = pcall(function() local t = {} for i = 1, 1e9 do t[i] = { i } end end) label.text = tostring(ok) .. ': ' .. tostring(e) error('later')",
            options(maxMemory: 32 << 20))
        press(host, .enter)
        assertShows(host, "false: not enough memory")
        XCTAssertEqual(host.errors, [atHandler("later")], "an error after a caught memory error is not a memory error")
    }

    func testEndlessAllocationWhileLoadingFailsTheLoad() throws {
        let error = try loadError("local t = {} for i = 1, 1e9 do t[i] = { i } end\nreturn ui.screen {}", options(maxMemory: 32 << 20))
        XCTAssertEqual(error, .memoryLimit(message: "\(scriptPath): memory limit exceeded"))
    }

    func testStormOfHandlerErrorsKeepsErrorsBounded() throws {
        let host = try host("""
        n = 0
        ui.every(1, function() n = n + 1 error("tick " .. n) end)
        return ui.screen { title = "Storm", ui.button { title = "Fail", onSelect = function() error("key") end } }
        """)
        host.advance(5000)
        XCTAssertEqual(host.errors.count, HostLimits.maxErrors)
        XCTAssertEqual(host.errorCount, 5000)
        XCTAssertEqual(host.errors.first, "\(scriptPath):2: tick 4901")
        XCTAssertEqual(host.errors.last, "\(scriptPath):2: tick 5000")
        XCTAssertEqual(lastLine(host), "error: \(scriptPath):2: tick 5000" + Compositor.bannerHint)
        for _ in 0..<5000 { host.send(.key(.enter)) }
        XCTAssertEqual(host.errors.count, HostLimits.maxErrors)
        XCTAssertEqual(host.errors.last, "\(scriptPath):3: key")
        XCTAssertNil(host.quitCode)
    }

    // MARK: - Time

    func testSleepOutsideACoroutine() throws {
        let host = try handlerHost("ui.sleep(10)")
        press(host, .enter)
        XCTAssertEqual(host.errors, [atHandler("ui.sleep: only a function run by ui.spawn can sleep")])
        assertStillRuns(host)

        let bad = try handlerHost("ui.spawn(function() ui.sleep(-1) end)")
        press(bad, .enter)
        XCTAssertEqual(bad.errors, [atHandler("bad argument #1 to 'sleep' (non-negative number expected, got number)")])

        try assertLoadFails("ui.sleep(10)\nreturn ui.screen {}", "\(scriptPath):1: ui.sleep: only a function run by ui.spawn can sleep")
    }

    func testCoroutineThatErrorsAfterSleeping() throws {
        let host = try host("""
        ticks = 0
        ui.spawn(function()
          ui.sleep(100) error("late")
        end)
        ui.spawn(function() while true do ui.sleep(10) ticks = ticks + 1 end end)
        label = ui.text "idle"
        return ui.screen { title = "Co", ui.button { title = "Work", onSelect = function() label.text = "worked" end }, label }
        """)
        host.advance(99)
        XCTAssertEqual(host.errors, [])
        XCTAssertFalse(host.render().text.contains("error:"))
        host.advance(1)
        XCTAssertEqual(host.errors, ["\(scriptPath):3: late"])
        XCTAssertEqual(lastLine(host), "error: \(scriptPath):3: late" + Compositor.bannerHint)
        host.advance(50)
        XCTAssertEqual(try host.evalString("ticks"), "15", "the other coroutine keeps running")
        assertStillRuns(host)
    }

    // MARK: - Navigation

    func testPushFromOnAppearOfAPushedScreen() throws {
        let host = try host("""
        events = {}
        local function note(name) return function() events[#events + 1] = name end end
        local c = ui.screen { title = "Screen C", onAppear = note("C+") }
        local b = ui.screen { title = "Screen B", onAppear = function() note("B+")() ui.push(c) end, onDisappear = note("B-") }
        return ui.screen { title = "Root", ui.button { title = "Go", onSelect = function() ui.push(b) end } }
        """)
        press(host, .enter)
        XCTAssertEqual(host.navigationDepth, 3)
        XCTAssertEqual(try host.evalString("table.concat(events, ' ')"), "B+ B- C+")
        XCTAssertTrue(host.render().line(0).contains("Screen C"), host.render().text)
        XCTAssertEqual(host.errors, [])
        // Esc pops C; B appears again, and its onAppear pushes C again.
        press(host, .esc)
        XCTAssertEqual(host.navigationDepth, 3)
        XCTAssertEqual(try host.evalString("table.concat(events, ' ')"), "B+ B- C+ B+ B- C+")
        XCTAssertEqual(host.errors, [])
    }

    func testPushFromTheRootsOnAppearWhileLoading() throws {
        let host = try host("""
        local child = ui.screen { title = "Child", ui.text "from onAppear" }
        local pushed = false
        return ui.screen { title = "Root", onAppear = function() if not pushed then pushed = true ui.push(child) end end }
        """)
        XCTAssertEqual(host.navigationDepth, 2)
        assertShows(host, "from onAppear")
        XCTAssertEqual(host.errors, [])
    }

    func testScreenThatPushesItselfOnAppearIsStopped() throws {
        let host = try host("""
        local again
        again = ui.screen { title = "Again", onAppear = function() ui.push(again) end }
        return ui.screen { title = "Root", ui.button { title = "Go", onSelect = function() ui.push(again) end } }
        """)
        press(host, .enter)
        XCTAssertEqual(host.errors.count, 1, "\(host.errors)")
        XCTAssertTrue(host.errors.first?.hasSuffix("C stack overflow") ?? false, "\(host.errors)")
        XCTAssertLessThan(host.navigationDepth, 300)
        XCTAssertNil(host.quitCode)
        assertFrameIsWhole(host)
    }

    func testQuitTwiceTheFirstCodeWins() throws {
        let first = try handlerHost("ui.quit(3) ui.quit(5)")
        press(first, .enter)
        XCTAssertEqual(first.quitCode, 3)
        XCTAssertEqual(first.errors, [])

        let twice = try host("""
        count = 0
        ui.every(10, function() count = count + 1 end)
        return ui.screen { title = "Q", ui.button { title = "Out", onSelect = function() ui.quit(count + 1) end } }
        """)
        press(twice, .enter)
        twice.advance(100)
        press(twice, .enter)
        XCTAssertEqual(twice.quitCode, 1, "after quit, keys are ignored")
        XCTAssertEqual(try twice.evalString("count"), "0", "after quit, timers do not fire")

        let bad = try handlerHost("ui.quit('x')")
        press(bad, .enter)
        XCTAssertEqual(bad.errors, [atHandler("bad argument #1 to 'quit' (integer expected, got string)")])
        XCTAssertNil(bad.quitCode)
    }

    func testPushOfSomethingThatIsNotAScreen() throws {
        let cases: [(String, String)] = [
            ("ui.push({})", "bad argument #1 to 'push' (ui.screen or path expected, got table)"),
            ("ui.push(ui.text 'x')", "bad argument #1 to 'push' (ui.screen or path expected, got a ui.text)"),
            ("ui.push(42)", "bad argument #1 to 'push' (ui.screen or path expected, got number)"),
            ("ui.push()", "bad argument #1 to 'push' (ui.screen or path expected, got no value)"),
        ]
        for (body, message) in cases {
            let host = try handlerHost(body)
            press(host, .enter)
            XCTAssertEqual(host.errors, [atHandler(message)], body)
            XCTAssertEqual(host.navigationDepth, 1)
            assertStillRuns(host)
        }
    }

    func testPushOfAMissingOrWrongFile() throws {
        let text = try write("text.lua", "return ui.text 'not a screen'")
        let failing = try write("failing.lua", "local x = 1\nerror('cannot build')")
        let cases: [(String, String)] = [
            ("ui.push('nowhere.lua')", atHandler("ui.push: cannot open 'nowhere.lua': no file "
                + FileSystem.lexicalPath(FileSystem.join(directory, "nowhere.lua"))
                + " (a path is relative to the folder of the screen that pushes)")),
            ("ui.push('.')", atHandler("ui.push: cannot open '.': \(FileSystem.lexicalPath(directory)) is a folder")),
            ("ui.push('text.lua')", atHandler("ui.push: \(text) must return a ui.screen (got a ui.text)")),
            ("ui.push('failing.lua')", "\(failing):2: cannot build"),
        ]
        for (body, message) in cases {
            let host = try handlerHost(body)
            press(host, .enter)
            XCTAssertEqual(host.errors, [message], body)
            XCTAssertEqual(host.navigationDepth, 1)
            assertStillRuns(host)
        }
    }

    // MARK: - require and load

    func testRequireOutsideTheScreensFolderIsRefused() throws {
        for name in ["../x", "/etc/passwd", "a/../../x", "..", ".hidden", ""] {
            try assertLoadFails("require '\(name)'\nreturn ui.screen {}",
                                "\(scriptPath):1: module '\(name)' not found: only modules beside the screen can be required")
        }
    }

    func testRequireOfAMissingModule() throws {
        try assertLoadFails("local x = 1\nrequire 'nothere'\nreturn ui.screen {}", """
        \(scriptPath):2: module 'nothere' not found:
        \tno file '\(FileSystem.join(directory, "nothere.lua"))'
        \tno file '\(FileSystem.join(directory, "nothere/init.lua"))'
        """)
    }

    func testRequireOfAModuleThatFails() throws {
        let module = try write("mod.lua", "local x = 1\nerror('module failed')")
        try assertLoadFails("require 'mod'\nreturn ui.screen {}", "\(module):2: module failed")
    }

    func testBinaryChunksAreRefused() throws {
        let host = try host("return ui.screen {}")
        XCTAssertEqual(try host.evalString("string.dump"), "nil")
        try host.runLua(#"""
        local function try(...) local f, e = load(...) return tostring(f) .. " " .. tostring(e) end
        asText = try("\27LuaT\0")
        asBinary = try("\27LuaT\0", "x", "b")
        local done = false
        fromReader = try(function() if done then return nil end done = true return "\27LuaT\0" end)
        """#)
        let refused = "nil attempt to load a binary chunk (mode is 't')"
        XCTAssertEqual(try host.evalString("asText"), refused)
        XCTAssertEqual(try host.evalString("asBinary"), refused, "asking for mode 'b' does not help")
        XCTAssertEqual(try host.evalString("fromReader"), refused)
        XCTAssertEqual(try host.evalString("load('return 1 + 1')()"), "2", "text chunks still load")
    }

    func testLoadOfANonChunkIsAnError() throws {
        let host = try handlerHost("load(42)")
        press(host, .enter)
        XCTAssertEqual(host.errors, [atHandler("bad argument #1 to 'load' (string expected, got number)")])
        assertStillRuns(host)
    }

    // MARK: - The sandbox

    func testOsExitIoAndDebugAreAbsentByDefault() throws {
        let host = try host("return ui.screen {}")
        for name in ["io", "debug", "package", "dofile", "loadfile", "os.exit", "os.execute", "os.getenv",
                     "os.remove", "string.dump"] {
            XCTAssertEqual(try host.evalString("type(\(name))"), "nil", name)
        }
        for name in ["os.time", "os.clock", "os.date", "load", "pcall", "string.rep", "utf8.char", "coroutine.wrap"] {
            XCTAssertEqual(try host.evalString("type(\(name))"), "function", name)
        }
        let exit = try handlerHost("os.exit(1)")
        press(exit, .enter)
        XCTAssertEqual(exit.errors, [atHandler("attempt to call a nil value (field 'exit')")])
        XCTAssertNil(exit.quitCode)
        let io = try handlerHost("io.open('/etc/passwd')")
        press(io, .enter)
        XCTAssertEqual(io.errors, [atHandler("attempt to index a nil value (global 'io')")])
        assertStillRuns(io)
    }

    func testAllowAllGivesTheFullStandardLibrary() throws {
        let host = try host("return ui.screen {}", options(allow: [.all]))
        for name in ["io.open", "debug.traceback", "os.exit", "os.getenv", "dofile", "loadfile", "string.dump"] {
            XCTAssertEqual(try host.evalString("type(\(name))"), "function", name)
        }
        XCTAssertEqual(try host.evalString("type(package)"), "table")
    }

    func testAllowIoAndAllowOsLiftOnlyTheirPart() throws {
        let io = try host("return ui.screen {}", options(allow: [.io]))
        XCTAssertEqual(try io.evalString("type(io.open)"), "function")
        XCTAssertEqual(try io.evalString("type(os.exit)"), "nil")
        XCTAssertEqual(try io.evalString("type(debug)"), "nil")

        let os = try handlerHost("os.exit(7)", options(allow: [.os]))
        XCTAssertEqual(try os.evalString("type(io)"), "nil")
        XCTAssertEqual(try os.evalString("type(os.getenv)"), "function")
        press(os, .enter)
        XCTAssertEqual(os.quitCode, 7, "os.exit quits the app through the host")
        XCTAssertEqual(os.errors, [])
    }

    // MARK: - Fields changed by handlers

    func testHandlerReplacingAFieldWithABadType() throws {
        let host = try handlerHost("list.items = 5")
        press(host, .enter)
        _ = host.render()
        XCTAssertEqual(host.errors, ["ui.list: items must be a table (got number)"])
        XCTAssertEqual(lastLine(host), "error: ui.list: items must be a table (got number)" + Compositor.bannerHint)
        press(host, .tab, .tab, .down)
        _ = host.render()
        XCTAssertEqual(host.errors.count, 1, "a standing problem is reported once")
        assertStillRuns(host)
        try host.runLua("list.items = { 'back' }")
        assertShows(host, "back")
        XCTAssertEqual(host.errors.count, 1)
    }

    func testHandlersReplacingOtherFieldsWithBadTypes() throws {
        let cases: [(String, String)] = [
            ("button.title = {}", "ui.button: title must be a string (got table)"),
            ("button.disabled = 'no'", "ui.button: disabled must be a boolean (got string)"),
            ("label.wrap = 0", "ui.text: wrap must be a boolean (got number)"),
            ("list.selected = 1.5", "ui.list: selected must be an integer (got number)"),
            ("list.items[2] = 7", "ui.list: items[2] must be a table (got number)"),
        ]
        for (body, message) in cases {
            let host = try handlerHost(body)
            press(host, .enter)
            _ = host.render()
            XCTAssertEqual(host.errors, [message], body)
            assertStillRuns(host)
        }
        // A number where text is expected is shown as Lua prints it, not an error.
        let number = try handlerHost("button.title = 42")
        press(number, .enter)
        assertShows(number, "[ 42 ]")
        XCTAssertEqual(number.errors, [])
    }

    /// A field has one checker's words: a bad value says the same when the
    /// constructor refuses it as when a handler writes it and the host reads it.
    func testABadFieldReadsTheSameAtConstructionAndWhenWrittenLater() throws {
        let cases: [(kind: String, field: String, value: String)] = [
            ("button", "disabled", "'no'"), ("text", "wrap", "0"), ("list", "selected", "1.5"),
            ("text", "align", "'centre'"), ("badge", "kind", "'warn'"), ("progress", "value", "{}"),
        ]
        for (kind, field, value) in cases {
            let built = try XCTUnwrap(loadError("return ui.screen { ui.\(kind) { \(field) = \(value) } }"), kind).message
            let host = try self.host("""
                local c = ui.\(kind) {}
                return ui.screen { ui.button { title = "Go", onSelect = function() c.\(field) = \(value) end }, c }
                """)
            press(host, .enter)
            _ = host.render()
            let read = try XCTUnwrap(host.errors.first, "\(kind).\(field) = \(value) was read without a word")
            XCTAssertTrue(read.hasPrefix("ui.\(kind): \(field) must be"), read)
            XCTAssertTrue(built.hasSuffix(read), "constructor: \(built)\nread: \(read)")
        }
    }

    // MARK: - Events

    func testMouseReportsAndResizesOutsideTheFrame() throws {
        let host = try handlerHost("label.text = 'clicked'", options(cols: 40, rows: 10))
        let far = [(0, 0), (-5, 3), (1_000_000, 2), (3, -1_000_000), (Int.max / 2, Int.min / 2)]
        for (column, row) in far {
            host.send(.mouse(MouseEvent(.press, column: column, row: row)))
            host.send(.mouse(MouseEvent(.release, column: column, row: row)))
            host.send(.mouse(MouseEvent(.scroll(1_000_000), column: column, row: row)))
            host.send(.mouse(MouseEvent(.drag, column: column, row: row)))
        }
        host.send(.resize(cols: 0, rows: 0))
        XCTAssertEqual(host.render().width, 0)
        press(host, .tab, .down, .enter, .esc)
        host.send(.resize(cols: -3, rows: -3))
        XCTAssertEqual(host.render().height, 0)
        host.send(.resize(cols: 40, rows: 10))
        assertFrameIsWhole(host)
        XCTAssertEqual(host.errors, [])
        XCTAssertNil(host.quitCode)
    }
}
