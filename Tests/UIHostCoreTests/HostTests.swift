import LuaBridge
import XCTest
@testable import UIHostCore

/// Foundation (through XCTest) has a `Host` class too.
private typealias Host = UIHostCore.Host

/// Collects what a host logs (handler errors with tracebacks, `print`).
private final class LogBox: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []

    func append(_ line: String) {
        lock.lock()
        lines.append(line)
        lock.unlock()
    }

    var text: String {
        lock.lock()
        defer { lock.unlock() }
        return lines.joined(separator: "\n")
    }
}

final class HostTests: XCTestCase {
    private var scratch = ScratchDirectory()
    private var directory: String { scratch.path }

    override func setUpWithError() throws {
        scratch = ScratchDirectory()
    }

    override func tearDownWithError() throws {
        scratch.remove()
    }

    // MARK: - Helpers

    /// Writes a script into the temp directory and returns its path.
    @discardableResult
    private func write(_ name: String, _ source: String) throws -> String {
        try scratch.write(name, source)
    }

    private func options(cols: Int = 80, rows: Int = 12, log: LogBox? = nil) -> HostOptions {
        HostOptions(size: Size(cols: cols, rows: rows), log: { line in log?.append(line) })
    }

    private func host(_ source: String, name: String = "s.lua", cols: Int = 80, rows: Int = 12) throws -> Host {
        try Host(script: try write(name, source), options: options(cols: cols, rows: rows))
    }

    /// The error `Host.init` throws for a script.
    private func loadError(_ source: String, name: String = "s.lua") throws -> LuaError? {
        let path = try write(name, source)
        do {
            _ = try Host(script: path, options: options())
            XCTFail("expected \(name) to fail to load")
            return nil
        } catch {
            return error
        }
    }

    /// The lines of the frame that show the focus mark.
    private func focusLines(_ host: Host) -> [String] {
        let frame = host.render()
        return (0..<frame.height).map { frame.line($0) }.filter { $0.contains("›") }
    }

    private func assertHides(_ host: Host, _ text: String, file: StaticString = #filePath, line: UInt = #line) {
        let frame = host.render()
        XCTAssertNil(frame.find(text), "expected no \"\(text)\" in:\n\(frame.text)", file: file, line: line)
    }

    /// The button that has focus, by the `› [ Title ]` mark.
    private func assertFocus(_ host: Host, button title: String, file: StaticString = #filePath, line: UInt = #line) {
        let frame = host.render()
        XCTAssertNotNil(frame.find("› [ \(title) ]"), "expected focus on \(title) in:\n\(frame.text)", file: file, line: line)
        XCTAssertEqual(focusLines(host).count, 1, "one focus mark in:\n\(frame.text)", file: file, line: line)
    }

    // MARK: - Focus

    private let focusScript = """
    return ui.screen {
      title = "Focus",
      ui.text "Intro",
      ui.button { title = "A" },
      ui.hstack { ui.button { title = "B" }, ui.button { title = "Off", disabled = true }, ui.button { title = "C" } },
      ui.vstack { ui.text "inner", ui.button { title = "D" } },
    }
    """

    func testFirstFocusableHasFocusAtStart() throws {
        let host = try host(focusScript)
        assertFocus(host, button: "A")
    }

    func testTabMovesFocusInReadingOrderAndWraps() throws {
        let host = try host(focusScript)
        var order: [String] = []
        for _ in 0..<5 {
            press(host, .tab)
            let line = focusLines(host).first ?? ""
            order.append(["A", "B", "C", "D"].first { line.contains("› [ \($0) ]") } ?? "?")
        }
        XCTAssertEqual(order, ["B", "C", "D", "A", "B"], "disabled buttons are skipped")
    }

    func testShiftTabMovesFocusBackwardAndWraps() throws {
        let host = try host(focusScript)
        press(host, .shiftTab)
        assertFocus(host, button: "D")
        press(host, .shiftTab)
        assertFocus(host, button: "C")
        press(host, .shiftTab, .shiftTab, .shiftTab)
        assertFocus(host, button: "D")
    }

    func testScreenWithoutFocusablesIgnoresTab() throws {
        let host = try host("return ui.screen { title = 'Plain', ui.text 'nothing to focus' }")
        press(host, .tab, .shiftTab, .enter, .down)
        XCTAssertTrue(focusLines(host).isEmpty)
        assertShows(host, "nothing to focus")
    }

    // MARK: - Lists

    private func listScript(count: Int, itemHandler: Bool = false) -> String {
        """
        label = ui.text "none"
        local items = {}
        for i = 1, \(count) do items[i] = { title = string.format("Item %02d", i) } end
        \(itemHandler ? "items[1].onSelect = function(item, index) label.text = 'own ' .. index .. ' ' .. item.title .. ' sel=' .. list.selected end" : "")
        list = ui.list {
          items = items,
          onSelect = function(item, index) label.text = 'list ' .. index .. ' ' .. item.title .. ' sel=' .. list.selected end,
        }
        return ui.screen { title = "List", label, list }
        """
    }

    func testListUpAtFirstItemStaysThere() throws {
        let host = try host(listScript(count: 5))
        press(host, .up, .up)
        assertShows(host, "› Item 01")
        press(host, .down, .up, .up)
        XCTAssertEqual(try host.evalString("list.selected"), "1")
        assertShows(host, "› Item 01")
    }

    func testListDownStopsAtLastItem() throws {
        let host = try host(listScript(count: 5))
        for _ in 0..<8 { press(host, .down) }
        XCTAssertEqual(try host.evalString("list.selected"), "5")
        assertShows(host, "› Item 05")
        press(host, .up)
        XCTAssertEqual(try host.evalString("list.selected"), "4")
    }

    func testListPageDownMovesByAPageAndEndGoesToLast() throws {
        // 12 rows: header 2, label 1, list 9 rows; a page is 8.
        let host = try host(listScript(count: 30))
        press(host, .pageDown)
        XCTAssertEqual(try host.evalString("list.selected"), "9")
        press(host, .pageDown)
        XCTAssertEqual(try host.evalString("list.selected"), "17")
        assertShows(host, "› Item 17")
        assertHides(host, "Item 01")
        press(host, .end)
        XCTAssertEqual(try host.evalString("list.selected"), "30")
        assertShows(host, "› Item 30")
        XCTAssertEqual(host.render().line(11), " › Item 30", "the last item sits on the last row")
        press(host, .pageDown)
        XCTAssertEqual(try host.evalString("list.selected"), "30")
        press(host, .home)
        XCTAssertEqual(try host.evalString("list.selected"), "1")
        press(host, .pageUp)
        XCTAssertEqual(try host.evalString("list.selected"), "1")
        assertShows(host, "› Item 01")
    }

    func testEnterCallsItemsOwnHandlerInPreferenceToLists() throws {
        let host = try host(listScript(count: 3, itemHandler: true))
        press(host, .enter)
        assertShows(host, "own 1 Item 01 sel=1")
        press(host, .down, .enter)
        assertShows(host, "list 2 Item 02 sel=2")
    }

    func testSelectedIsWrittenBackBeforeHandlerRuns() throws {
        let host = try host(listScript(count: 5))
        click(host, "Item 04")
        assertShows(host, "list 4 Item 04 sel=4")
        XCTAssertEqual(try host.evalString("list.selected"), "4")
    }

    func testDownWritesSelectedIntoTheTable() throws {
        let host = try host(listScript(count: 5))
        press(host, .down, .down)
        XCTAssertEqual(try host.evalString("list.selected"), "3")
    }

    func testSelectedSetByScriptMovesTheCursor() throws {
        let host = try host(listScript(count: 20))
        try host.runLua("list.selected = 15")
        assertShows(host, "› Item 15")
        press(host, .enter)
        assertShows(host, "list 15 Item 15 sel=15")
    }

    func testDisabledItemIsNotActivated() throws {
        let host = try host("""
        label = ui.text "none"
        return ui.screen { title = "L", label,
          ui.list { items = { { title = "Off", disabled = true } }, onSelect = function() label.text = "fired" end },
        }
        """)
        press(host, .enter)
        assertShows(host, "none")
        assertHides(host, "fired")
    }

    func testKeysOnAMillionItemListReadOnlyTheRowsShown() throws {
        // Items are set after construction, which would check them all. Row
        // 500000 is not an item: reading it is a problem the host reports, so
        // no problem means the rows between were never read. Building a
        // million tables takes over a second of CPU in a debug build: the
        // load's bound is the instruction budget, not the CPU time limit.
        let path = try write("big.lua", """
        local items = {}
        for i = 1, 1000000 do items[i] = { title = "Item " .. i } end
        items[500000] = true
        big = ui.list { items = {} }
        big.items = items
        return ui.screen { title = "Big", big }
        """)
        var noCPULimit = options(cols: 30, rows: 8)
        noCPULimit.maxSeconds = 0
        let host = try Host(script: path, options: noCPULimit)
        assertShows(host, "› Item 1")
        press(host, .end)
        XCTAssertEqual(try host.evalString("big.selected"), "1000000")
        assertShows(host, "› Item 1000000")
        press(host, .up, .pageUp)
        XCTAssertEqual(try host.evalString("big.selected"), "999994")
        assertShows(host, "› Item 999994")
        XCTAssertEqual(host.errors, [], "only the rows shown were read")
        // Shown, the row that is not an item is read, and reported.
        try host.runLua("big.selected = 500000")
        _ = host.render()
        XCTAssertTrue(host.errors.contains { $0.contains("items[500000]") }, "\(host.errors)")
    }

    // MARK: - Handler errors

    private let failingScript = """
    return ui.screen { title = "Err",
      ui.button { title = "Fail", onSelect = function() error("broken handler") end },
      ui.button { title = "Next" },
    }
    """

    func testHandlerErrorShowsBannerAndKeepsRunning() throws {
        let log = LogBox()
        let path = try write("s.lua", failingScript)
        let host = try Host(script: path, options: options(log: log))
        press(host, .enter)
        let expected = "\(path):2: broken handler"
        XCTAssertEqual(host.errors, [expected])
        let frame = host.render()
        XCTAssertEqual(frame.line(frame.height - 1), "error: " + expected + Compositor.bannerHint)
        XCTAssertTrue(log.text.contains("uihost: " + expected), log.text)
        XCTAssertTrue(log.text.contains("stack traceback:"), "the log has the traceback:\n" + log.text)
        XCTAssertNil(host.quitCode)
        press(host, .tab)
        assertFocus(host, button: "Next")
    }

    func testEscClearsErrorBannerWithoutPopping() throws {
        let host = try host(failingScript)
        press(host, .enter)
        assertShows(host, "error:")
        press(host, .esc)
        assertHides(host, "error:")
        XCTAssertEqual(host.errors.count, 1, "errors keeps the history")
        XCTAssertEqual(host.navigationDepth, 1)
        XCTAssertNil(host.quitCode)
    }

    func testEachFailingCallIsRecorded() throws {
        let host = try host(failingScript)
        press(host, .enter, .enter, .space)
        XCTAssertEqual(host.errors.count, 3)
    }

    func testRunawayHandlerIsStoppedAndHostKeepsRunning() throws {
        var options = options()
        options.maxInstructions = 200_000
        let host = try Host(script: try write("s.lua", """
        label = ui.text "idle"
        return ui.screen { title = "Loop", label,
          ui.button { title = "Spin", onSelect = function() while true do end end },
          ui.button { title = "Work", onSelect = function() label.text = "worked" end },
        }
        """), options: options)
        press(host, .enter)
        XCTAssertEqual(host.errors.count, 1)
        assertShows(host, "error:")
        press(host, .esc, .tab, .enter)
        assertShows(host, "worked")
    }

    func testMemoryBombInHandlerIsStoppedAndHostKeepsRunning() throws {
        var options = options()
        options.maxMemory = 16 << 20
        let host = try Host(script: try write("s.lua", """
        label = ui.text "idle"
        return ui.screen { title = "Mem", label,
          ui.button { title = "Bomb", onSelect = function() local t = {} for i = 1, 1e9 do t[i] = { i } end end },
          ui.button { title = "Work", onSelect = function() label.text = "worked" end },
        }
        """), options: options)
        press(host, .enter)
        XCTAssertEqual(host.errors, ["memory limit exceeded"])
        XCTAssertLessThan(host.lua.memoryUsed, 8 << 20, "the garbage is collected")
        press(host, .esc, .tab, .enter)
        assertShows(host, "worked")
    }

    func testSleepOutsideSpawnIsAHandlerError() throws {
        let path = try write("s.lua", """
        return ui.screen { title = "S",
          ui.button { title = "Nap", onSelect = function() ui.sleep(10) end },
        }
        """)
        let host = try Host(script: path, options: options())
        press(host, .enter)
        XCTAssertEqual(host.errors, ["\(path):2: ui.sleep: only a function run by ui.spawn can sleep"])
    }

    // MARK: - Navigation

    private func writeNavigationScripts() throws -> String {
        try write("detail.lua", """
        return ui.screen { title = "From File", ui.text "loaded", ui.button { title = "Deeper", onSelect = function() ui.push("sub/a.lua") end } }
        """)
        try write("sub/a.lua", """
        return ui.screen { title = "Sub A", ui.button { title = "To B", onSelect = function() ui.push("b.lua") end } }
        """)
        try write("sub/b.lua", "return ui.screen { title = 'Sub B', ui.text 'in b' }")
        return try write("s.lua", """
        local detail = ui.screen { title = "Detail", ui.button { title = "Inside" } }
        return ui.screen { title = "Root",
          ui.button { title = "First" },
          ui.button { title = "Table", onSelect = function() ui.push(detail) end },
          ui.button { title = "Path", onSelect = function() ui.push("detail.lua") end },
          ui.button { title = "Missing", onSelect = function() ui.push("nowhere.lua") end },
        }
        """)
    }

    func testPushTableShowsBackAndTitleAndEscPopsToSameFocus() throws {
        let host = try Host(script: try writeNavigationScripts(), options: options())
        assertHides(host, "‹ Back")
        press(host, .tab, .enter)
        XCTAssertEqual(host.navigationDepth, 2)
        let header = host.render().line(0)
        XCTAssertTrue(header.hasPrefix(" ‹ Back"), header)
        XCTAssertTrue(header.contains("Detail"), header)
        assertFocus(host, button: "Inside")
        press(host, .esc)
        XCTAssertEqual(host.navigationDepth, 1)
        assertHides(host, "‹ Back")
        assertShows(host, "Root")
        assertFocus(host, button: "Table")
    }

    func testPushRelativePathLoadsScreenBesideTheScript() throws {
        let host = try Host(script: try writeNavigationScripts(), options: options())
        press(host, .tab, .tab, .enter)
        XCTAssertTrue(host.render().line(0).contains("From File"), host.render().text)
        assertShows(host, "‹ Back")
        assertShows(host, "loaded")
        press(host, .esc)
        assertFocus(host, button: "Path")
    }

    func testPushedPathResolvesFromThePushedScreensFolder() throws {
        let host = try Host(script: try writeNavigationScripts(), options: options())
        press(host, .tab, .tab, .enter)        // detail.lua
        press(host, .enter)                    // sub/a.lua
        XCTAssertTrue(host.render().line(0).contains("Sub A"), host.render().text)
        press(host, .enter)                    // b.lua beside sub/a.lua
        XCTAssertEqual(host.errors, [])
        XCTAssertEqual(host.navigationDepth, 4)
        assertShows(host, "in b")
        press(host, .esc, .esc, .esc)
        XCTAssertEqual(host.navigationDepth, 1)
        assertFocus(host, button: "Path")
        press(host, .esc)
        XCTAssertEqual(host.navigationDepth, 1, "Esc at the root does nothing")
        XCTAssertNil(host.quitCode)
    }

    func testPushOfMissingFileIsAHandlerError() throws {
        let host = try Host(script: try writeNavigationScripts(), options: options())
        press(host, .shiftTab, .enter)
        XCTAssertEqual(host.navigationDepth, 1)
        XCTAssertEqual(host.errors.count, 1)
        XCTAssertTrue(host.errors[0].contains("nowhere.lua"), host.errors[0])
    }

    func testClickOnBackPops() throws {
        let host = try Host(script: try writeNavigationScripts(), options: options())
        press(host, .tab, .enter)
        click(host, "‹ Back")
        XCTAssertEqual(host.navigationDepth, 1)
    }

    func testScreensHearAppearAndDisappear() throws {
        let host = try host("""
        events = {}
        local function note(name) return function() events[#events + 1] = name end end
        local child = ui.screen { title = "Child", onAppear = note("child+"), onDisappear = note("child-") }
        return ui.screen { title = "Root", onAppear = note("root+"), onDisappear = note("root-"),
          ui.button { title = "Go", onSelect = function() ui.push(child) end },
        }
        """)
        press(host, .enter, .esc)
        XCTAssertEqual(try host.evalString("table.concat(events, ' ')"), "root+ root- child+ child- root+")
    }

    func testQAtRootQuitsWithZero() throws {
        let host = try Host(script: try writeNavigationScripts(), options: options())
        press(host, .character("q"))
        XCTAssertEqual(host.quitCode, 0)
    }

    func testQOnPushedScreenDoesNothing() throws {
        let host = try Host(script: try writeNavigationScripts(), options: options())
        press(host, .tab, .enter, .character("q"))
        XCTAssertNil(host.quitCode)
        XCTAssertEqual(host.navigationDepth, 2)
    }

    func testUIQuitSetsTheCodeAndLaterKeysAreIgnored() throws {
        let host = try host("""
        count = 0
        return ui.screen { title = "Q", ui.button { title = "Out", onSelect = function() count = count + 1 ui.quit(4) end } }
        """)
        press(host, .enter, .enter)
        XCTAssertEqual(host.quitCode, 4)
        XCTAssertEqual(try host.evalString("count"), "1")
    }

    // MARK: - Validation

    func testConstructorWrongTypeFailsLoadWithFileAndLine() throws {
        let error = try loadError("""
        local label = ui.text "ok"
        local b = ui.button { title = true }
        return ui.screen { label, b }
        """)
        let path = FileSystem.join(directory, "s.lua")
        XCTAssertEqual(error?.message, "\(path):2: ui.button: title must be a string (got boolean)")
    }

    func testConstructorUnknownFieldSuggestsTheNearestName() throws {
        let error = try loadError("""
        return ui.screen {
          ui.button { titel = "Save" },
        }
        """)
        let path = FileSystem.join(directory, "s.lua")
        XCTAssertEqual(error?.message, "\(path):2: ui.button: unknown field 'titel' (did you mean 'title'?)")
    }

    func testConstructorBadItemFieldNamesItemIndex() throws {
        let error = try loadError("""
        return ui.screen {
          title = "x",
          ui.list {
            items = {
              { title = "a" },
              { subtitle = "b" },
            },
          },
        }
        """)
        let path = FileSystem.join(directory, "s.lua")
        // The line of the item that lacks the title.
        XCTAssertEqual(error?.message, "\(path):6: ui.list: items[2].title must be a string (got nil)")
    }

    func testConstructorRejectsNonComponentChild() throws {
        let error = try loadError("return ui.screen { title = 'x', 42 }")
        let message = error?.message ?? ""
        XCTAssertTrue(message.hasPrefix(FileSystem.join(directory, "s.lua") + ":1: ui.screen: child [1]"), message)
    }

    func testScriptThatReturnsNoScreenFailsLoad() throws {
        let error = try loadError("return ui.text 'not a screen'")
        XCTAssertTrue(error?.message.contains("must return a ui.screen (got a ui.text)") ?? false, error?.message ?? "")
    }

    func testSyntaxErrorFailsLoadWithFileAndLine() throws {
        let error = try loadError("return ui.screen {\n  title = 'x'\n  ui.text 'y'\n}\n")
        guard case .syntax(let message)? = error else { return XCTFail("got \(String(describing: error))") }
        XCTAssertTrue(message.hasPrefix(FileSystem.join(directory, "s.lua") + ":3:"), message)
    }

    func testFieldSetToBadTypeByHandlerIsReportedNotFatal() throws {
        let host = try host("""
        label = ui.text "fine"
        return ui.screen { title = "T", label,
          ui.button { title = "Break", onSelect = function() label.text = {} end },
          ui.button { title = "Other" },
        }
        """)
        press(host, .enter)
        _ = host.render()
        XCTAssertEqual(host.errors, ["ui.text: text must be a string (got table)"])
        assertShows(host, "error: ui.text: text must be a string (got table)")
        press(host, .esc, .tab)
        assertFocus(host, button: "Other")
        XCTAssertEqual(host.errors.count, 1, "a standing problem is reported once")
    }

    func testListSelectedSetToStringIsReported() throws {
        let host = try host(listScript(count: 3))
        try host.runLua("list.selected = 'two'")
        _ = host.render()
        XCTAssertEqual(host.errors, ["ui.list: selected must be an integer (got string)"])
        assertShows(host, "› Item 01")
        press(host, .down)
        XCTAssertEqual(try host.evalString("list.selected"), "2", "the host writes a good value back")
    }

    func testChildReplacedByNonComponentIsReported() throws {
        let host = try host("""
        box = ui.vstack { ui.text "a", ui.text "b" }
        return ui.screen { title = "T", box }
        """)
        try host.runLua("box[2] = 'oops'")
        assertShows(host, "a")
        XCTAssertEqual(host.errors.count, 1)
        XCTAssertTrue(host.errors[0].contains("must be a component (got string)"), host.errors[0])
    }

    func testStackContainingItselfDoesNotCrash() throws {
        let host = try host("""
        local v = ui.vstack { ui.button { title = "ok" } }
        v[2] = v
        return ui.screen { title = "Cycle", v }
        """)
        let frame = host.render()
        XCTAssertEqual(frame.height, 12)
        assertFocus(host, button: "ok")
        XCTAssertEqual(host.errors.count, 1)
        XCTAssertTrue(host.errors[0].contains("contains itself"), host.errors[0])
    }

    func testCycleMadeByHandlerDoesNotCrash() throws {
        let host = try host("""
        local a = ui.vstack {}
        local b = ui.hstack { a }
        return ui.screen { title = "Cycle", b,
          ui.button { title = "Loop", onSelect = function() a[1] = b end },
        }
        """)
        press(host, .enter)
        _ = host.render()
        XCTAssertTrue(host.errors.contains { $0.contains("contains itself") }, "\(host.errors)")
        press(host, .tab, .enter)
        assertShows(host, "Loop")
    }

    // MARK: - Frame sizes

    func testTinyFramesRenderWithExactSize() throws {
        let source = """
        local label = ui.text "A rather long line of text that must wrap"
        return ui.screen { title = "Tiny screen title",
          label,
          ui.hstack { ui.button { title = "One" }, ui.button { title = "Two" } },
          ui.list { items = { { title = "あいうえお", subtitle = "wide" }, { title = "b" } } },
          ui.button { title = "Fail", onSelect = function() error("at a tiny size") end },
        }
        """
        for (cols, rows) in [(0, 0), (1, 1), (3, 2), (2, 5), (0, 3), (5, 0)] {
            let host = try host(source, cols: cols, rows: rows)
            for key: Key in [.tab, .down, .enter, .end, .shiftTab, .enter, .esc] {
                press(host, key)
                let frame = host.render()
                XCTAssertEqual(frame.width, cols, "\(cols)x\(rows)")
                XCTAssertEqual(frame.height, rows, "\(cols)x\(rows)")
                let lines = frame.text.split(separator: "\n", omittingEmptySubsequences: false)
                XCTAssertEqual(lines.count, max(rows, 1), "\(cols)x\(rows)")
                XCTAssertTrue(lines.allSatisfy { DisplayWidth.of($0) <= cols }, "\(cols)x\(rows): \(frame.text)")
            }
        }
    }

    func testResizeChangesTheFrameSize() throws {
        let host = try host(focusScript)
        for (cols, rows) in [(0, 0), (1, 1), (3, 2), (80, 24), (20, 3)] {
            host.send(.resize(cols: cols, rows: rows))
            let frame = host.render()
            XCTAssertEqual(frame.width, cols)
            XCTAssertEqual(frame.height, rows)
        }
        host.send(.resize(cols: 40, rows: 12))
        assertFocus(host, button: "A")
    }

    func testErrorBannerFitsATinyFrame() throws {
        let host = try host(failingScript, cols: 40, rows: 12)
        press(host, .enter)
        for (cols, rows) in [(1, 1), (3, 2), (0, 2), (7, 1)] {
            host.send(.resize(cols: cols, rows: rows))
            let frame = host.render()
            XCTAssertEqual(frame.width, cols)
            XCTAssertEqual(frame.height, rows)
        }
    }

    func testPushedScreenHeaderAtTinySizes() throws {
        let host = try Host(script: try writeNavigationScripts(), options: options())
        press(host, .tab, .enter)
        for (cols, rows) in [(1, 1), (3, 2), (6, 1), (9, 2)] {
            host.send(.resize(cols: cols, rows: rows))
            let frame = host.render()
            XCTAssertEqual(frame.width, cols)
            XCTAssertEqual(frame.height, rows)
            XCTAssertTrue((0..<rows).allSatisfy { DisplayWidth.of(frame.line($0)) <= cols }, frame.text)
        }
    }

    // MARK: - Time

    private let timerScript = """
    label = ui.text "waiting"
    log = {}
    count = 0
    ui.after(100, function() label.text = "after fired" end)
    ui.after(50, function() log[#log + 1] = "a50" end)
    ticker = ui.every(30, function()
      count = count + 1
      log[#log + 1] = "e" .. count
      if count == 3 then ticker:cancel() end
    end)
    return ui.screen { title = "Time", label, ui.button { title = "Key" } }
    """

    func testAfterFiresOnlyWhenClockAdvancesPastIt() throws {
        let host = try host(timerScript)
        press(host, .tab, .enter, .down)
        assertShows(host, "waiting")
        host.advance(99)
        assertShows(host, "waiting")
        host.advance(1)
        assertShows(host, "after fired")
        XCTAssertEqual(host.clock, 100)
    }

    func testEveryRepeatsInOrderUntilCancelled() throws {
        let host = try host(timerScript)
        host.advance(29)
        XCTAssertEqual(try host.evalString("count"), "0")
        host.advance(1000)
        XCTAssertEqual(try host.evalString("count"), "3")
        XCTAssertEqual(try host.evalString("table.concat(log, ' ')"), "e1 a50 e2 e3")
        XCTAssertNil(host.nextTimerDelay, "every timer is done")
    }

    func testTickEventAdvancesTheClock() throws {
        let host = try host(timerScript)
        host.send(.tick(100))
        assertShows(host, "after fired")
    }

    func testCancelledAfterNeverFires() throws {
        let host = try host("""
        fired = false
        local handle = ui.after(10, function() fired = true end)
        handle:cancel()
        handle:cancel()
        return ui.screen { title = "C" }
        """)
        host.advance(1000)
        XCTAssertEqual(try host.evalString("fired"), "false")
    }

    func testSpawnedCoroutineSleepsOnTheVirtualClock() throws {
        let host = try host("""
        label = ui.text "start"
        ui.spawn(function()
          label.text = "step 1"
          ui.sleep(50)
          label.text = "step 2"
          ui.sleep(50)
          label.text = "done"
        end)
        return ui.screen { title = "Co", label, ui.button { title = "Key" } }
        """)
        assertShows(host, "step 1")
        press(host, .enter, .tab, .enter)
        XCTAssertEqual(host.nextTimerDelay, 50)
        host.advance(49)
        assertShows(host, "step 1")
        host.advance(1)
        assertShows(host, "step 2")
        host.advance(500)
        assertShows(host, "done")
        XCTAssertNil(host.nextTimerDelay)
    }

    func testErrorInTimerOrCoroutineGoesToTheBanner() throws {
        let path = try write("s.lua", """
        ui.after(10, function() error("timer failed") end)
        ui.spawn(function() ui.sleep(20) error("coroutine failed") end)
        return ui.screen { title = "E" }
        """)
        let host = try Host(script: path, options: options())
        host.advance(100)
        XCTAssertEqual(host.errors, ["\(path):1: timer failed", "\(path):2: coroutine failed"])
        assertShows(host, "error: \(path):2: coroutine failed")
    }

    func testTimersStartedByHandlersUseTheSameClock() throws {
        let host = try host("""
        label = ui.text "idle"
        return ui.screen { title = "H", label,
          ui.button { title = "Start", onSelect = function()
            ui.spawn(function() for i = 1, 3 do label.text = "tick " .. i ui.sleep(100) end label.text = "end" end)
          end },
        }
        """)
        host.advance(1000)
        press(host, .enter)
        assertShows(host, "tick 1")
        host.advance(100)
        assertShows(host, "tick 2")
        host.advance(250)
        assertShows(host, "end")
    }
}
