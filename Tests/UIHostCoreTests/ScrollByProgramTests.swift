import LuaBridge
import XCTest
@testable import UIHostCore

private typealias Host = UIHostCore.Host

/// Scrolling by program (`scroll:scrollTo`, `:scrollHome`, `:scrollEnd`,
/// `list:scrollTo`, `table:scrollTo`), a log that follows its end, and the
/// frame's size (`ui.size()`, `onResize`).
final class ScrollByProgramTests: XCTestCase {
    private var scratch = ScratchDirectory(prefix: "uihscrollprog")

    override func tearDown() {
        scratch.remove()
    }

    private func host(_ source: String, cols: Int = 20, rows: Int = 8) throws -> Host {
        try Host(script: try scratch.write("s.lua", source), options: HostOptions(size: Size(cols: cols, rows: rows)))
    }

    private func lines(_ host: Host) -> [String] {
        let frame = host.render()
        return (0..<frame.height).map { frame.line($0) }
    }

    private let scroll = """
    s = ui.scroll { height = 3 }
    for i = 1, 10 do s[i] = ui.text("Line " .. i) end
    return ui.screen { title = "S", ui.button { title = "Go" }, s }
    """

    func testScrollToShowsTheComponentScrollingAsLittleAsItCan() throws {
        let host = try host(scroll)
        try host.runLua("s:scrollTo(s[7])")
        XCTAssertEqual(Array(lines(host)[3...5]), [" Line 5           ↑", " Line 6", " Line 7           ↓"])
        // Already shown: no move.
        try host.runLua("s:scrollTo(s[6])")
        XCTAssertEqual(lines(host)[3], " Line 5           ↑")
    }

    func testScrollEndAndHomeGoToTheEnds() throws {
        let host = try host(scroll)
        try host.runLua("s:scrollEnd()")
        XCTAssertEqual(Array(lines(host)[3...5]), [" Line 8           ↑", " Line 9", " Line 10"])
        press(host, .tab)   // focus moving onto it does not undo it
        XCTAssertEqual(lines(host)[5], " Line 10          │")
        try host.runLua("s:scrollHome()")
        XCTAssertEqual(lines(host)[3], " Line 1           │")
    }

    func testScrollMethodsCheckTheirArguments() throws {
        let host = try host(scroll)
        XCTAssertThrowsError(try host.runLua("s:scrollTo(42)"))
        XCTAssertThrowsError(try host.runLua("s.scrollEnd(ui.text 'x')"))
    }

    func testListScrollToMovesTheCursorToTheTopOfTheView() throws {
        let host = try host("""
        local items = {} for i = 1, 50 do items[i] = "Item " .. i end
        l = ui.list { items = items, onHighlight = function() error("not called") end }
        return ui.screen { title = "S", l }
        """)
        try host.runLua("l:scrollTo(20)")
        XCTAssertEqual(try host.evalString("l.selected"), "20")
        XCTAssertEqual(Array(lines(host)[2...3]), [" › Item 20", "   Item 21"])
        try host.runLua("l:scrollTo(1000)")
        XCTAssertEqual(try host.evalString("l.selected"), "50")
        XCTAssertEqual(lines(host)[7], " › Item 50")
    }

    func testTableScrollToMovesTheCursorToTheTopOfTheView() throws {
        let host = try host("""
        local rows = {} for i = 1, 50 do rows[i] = { n = i } end
        t = ui.table { columns = { { title = "N", key = "n" } }, rows = rows }
        return ui.screen { title = "S", t }
        """)
        try host.runLua("t:scrollTo(30)")
        XCTAssertEqual(try host.evalString("t.selected"), "30")
        XCTAssertEqual(Array(lines(host)[3...4]), [" › 30", "   31"])
    }

    func testALogFollowsItsEndUntilTheUserScrollsUp() throws {
        let host = try host("""
        log = ui.log { follow = true }
        return ui.screen { title = "S", log }
        """, rows: 6)
        try host.runLua("for i = 1, 10 do log:append('L' .. i) end")
        XCTAssertEqual(Array(lines(host)[2...5]), [" › L7             ▲", "   L8", "   L9", "   L10"])
        press(host, .up)
        try host.runLua("log:append('L11')")
        XCTAssertEqual(lines(host)[5], "   L9             ▼", "scrolled up: the view holds")
        XCTAssertEqual(try host.evalString("log.follow"), "false")
        press(host, .end)
        XCTAssertEqual(lines(host)[5], "   L11")
    }

    func testSizeAndOnResize() throws {
        let host = try host("""
        seen = ""
        local t = ui.text ""
        return ui.screen { title = "S", t,
          onResize = function(w, h) seen = w .. "x" .. h; local s = ui.size(); t.text = s.width .. "," .. s.height end }
        """)
        XCTAssertEqual(try host.evalString("ui.size().width .. 'x' .. ui.size().height"), "20x8")
        host.send(.resize(cols: 30, rows: 9))
        XCTAssertEqual(try host.evalString("seen"), "30x9")
        XCTAssertEqual(lines(host)[2], " 30,9")
        host.send(.resize(cols: 30, rows: 9))
        try host.runLua("seen = 'same'")
        host.send(.resize(cols: 30, rows: 9))
        XCTAssertEqual(try host.evalString("seen"), "same", "no change, no call")
    }
}
