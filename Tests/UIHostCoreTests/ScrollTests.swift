import LuaBridge
import XCTest
@testable import UIHostCore

private typealias Host = UIHostCore.Host

/// `ui.scroll`, and screens, sheets and drawers taller than the frame: marks,
/// keys, the wheel, focus scrolled into view, and small frames.
final class ScrollTests: XCTestCase {
    private var scratch = ScratchDirectory(prefix: "uihscroll")

    override func tearDown() {
        scratch.remove()
    }

    private func host(_ source: String, cols: Int = 30, rows: Int = 8) throws -> Host {
        try Host(script: try scratch.write("s.lua", source), options: HostOptions(size: Size(cols: cols, rows: rows)))
    }

    private func lines(_ host: Host) -> [String] {
        let frame = host.render()
        return (0..<frame.height).map { frame.line($0) }
    }

    /// A button, a scroll of 12 lines 4 rows high, and a text below.
    private let textScroll = """
    local log = ui.scroll { height = 4 }
    for i = 1, 12 do log[i] = ui.text("Line " .. i) end
    return ui.screen { title = "S", ui.button { title = "Clear" }, log, ui.text "Below" }
    """

    func testScrollShowsTheFirstRowsAndADownMark() throws {
        let host = try host(textScroll)
        XCTAssertEqual(lines(host), [
            "              S",
            "──────────────────────────────",
            " › [ Clear ]",
            " Line 1",
            " Line 2",
            " Line 3",
            " Line 4                     ↓",
            " Below",
        ])
    }

    func testAScrollHoldingNoControlTakesFocusAndItsKeysScrollIt() throws {
        let host = try host(textScroll)
        press(host, .tab, .down, .down)
        XCTAssertEqual(Array(lines(host)[3...6]), [" Line 3                     ↑", " Line 4                     │", " Line 5                     │", " Line 6                     ↓"])
        press(host, .end)
        XCTAssertEqual(Array(lines(host)[3...6]), [" Line 9                     ↑", " Line 10                    │", " Line 11                    │", " Line 12                    │"])
        press(host, .pageUp)
        assertShows(host, " Line 6 ")
        press(host, .home)
        XCTAssertEqual(lines(host)[3], " Line 1                     │")
    }

    func testAtItsEndTheKeyGoesOnAndFocusMoves() throws {
        let host = try host("""
        local log = ui.scroll { height = 2 }
        for i = 1, 3 do log[i] = ui.text("Line " .. i) end
        return ui.screen { title = "S", log, ui.button { title = "After" } }
        """)
        press(host, .down)
        assertShows(host, "Line 3")
        press(host, .down)
        assertShows(host, "› [ After ]")
    }

    func testTheWheelScrollsTheScrollUnderThePointerWithoutMovingFocus() throws {
        let host = try host(textScroll)
        host.send(.mouse(MouseEvent(.scroll(1), column: 5, row: 5)))
        XCTAssertEqual(lines(host)[3], " Line 4                     ↑")
        assertShows(host, "› [ Clear ]")
        // The next key does not scroll it back: focus did not move.
        press(host, .character("x"))
        XCTAssertEqual(lines(host)[3], " Line 4                     ↑")
        host.send(.mouse(MouseEvent(.scroll(-5), column: 5, row: 5)))
        XCTAssertEqual(lines(host)[3], " Line 1")
    }

    func testFocusMovingInsideScrollsTheFocusedControlIntoView() throws {
        let host = try host("""
        local list = ui.scroll {}
        for i = 1, 8 do list[i] = ui.checkbox { title = "Option " .. i } end
        return ui.screen { title = "S", list, ui.button { title = "Save" } }
        """, rows: 7)
        for _ in 0..<5 { press(host, .tab) }
        XCTAssertEqual(lines(host), [
            "              S",
            "──────────────────────────────",
            "   [ ] Option 3             ↑",
            "   [ ] Option 4",
            "   [ ] Option 5",
            " › [ ] Option 6             ↓",
            "   [ Save ]",
        ])
        press(host, .shiftTab, .shiftTab, .shiftTab, .shiftTab, .shiftTab)
        XCTAssertEqual(lines(host)[2], " › [ ] Option 1")
    }

    func testAScreenTallerThanTheFrameScrollsToTheFocusedControl() throws {
        let host = try host("""
        local s = ui.screen { title = "S" }
        for i = 1, 10 do s[i] = ui.button { title = "B" .. i } end
        return s
        """, rows: 6)
        XCTAssertEqual(lines(host)[5], "   [ B4 ]                    ↓")
        for _ in 0..<9 { press(host, .tab) }
        XCTAssertEqual(lines(host), [
            "              S",
            "──────────────────────────────",
            "   [ B7 ]                    ↑",
            "   [ B8 ]",
            "   [ B9 ]",
            " › [ B10 ]",
        ])
        // A click on a control scrolled out of view reaches nothing.
        XCTAssertNil(host.topLayer?.focusables.first { $0.hits(x: 3, y: 0) })
    }

    func testUpAndDownReachTextAfterTheLastControlARowAtATime() throws {
        let host = try host("""
        return ui.screen { title = "S", ui.button { title = "Top" }, ui.text "a", ui.text "b", ui.text "c", ui.text "d", ui.text "e" }
        """, rows: 5)
        press(host, .down, .down)
        XCTAssertEqual(Array(lines(host)[2...4]), [" b                           ↑", " c", " d                           ↓"])
        press(host, .end)
        assertShows(host, " e")
        press(host, .home)
        assertShows(host, "› [ Top ]")
    }

    func testASheetAndTheDrawerScrollToTheirControls() throws {
        let host = try host("""
        local sheet = ui.sheet { height = 4, ui.text "one", ui.text "two", ui.text "three", ui.button { title = "Close", onSelect = function() ui.dismiss() end } }
        return ui.screen { title = "S",
          drawer = ui.drawer { ui.text "a", ui.text "b", ui.text "c", ui.text "d", ui.text "e", ui.button { title = "Go" } },
          ui.button { title = "Open", onSelect = function() ui.present(sheet) end } }
        """, rows: 6)
        press(host, .enter)
        assertShows(host, "› [ Close ]")
        assertShows(host, "↑")
        press(host, .enter, .function(2))
        assertShows(host, "› [ Go ]")
    }

    func testAScrollDrawsNothingInAnEmptyArea() throws {
        for (cols, rows) in [(0, 0), (1, 1), (2, 3)] {
            let host = try host(textScroll, cols: cols, rows: rows)
            press(host, .tab, .down, .pageDown)
            host.send(.mouse(MouseEvent(.scroll(1), column: 1, row: 1)))
            let frame = host.render()
            XCTAssertEqual(frame.width, cols)
            XCTAssertEqual(frame.height, rows)
        }
        let zero = try host("return ui.screen { ui.scroll { height = 0, ui.text \"x\" }, ui.scroll { ui.text \"y\" } }", rows: 3)
        XCTAssertEqual(lines(zero)[2], " y")
    }

    func testAResizeKeepsTheOffsetInRange() throws {
        let host = try host(textScroll)
        press(host, .tab, .end)
        host.resize(Size(cols: 30, rows: 30))
        assertShows(host, "Line 9")
        host.resize(Size(cols: 30, rows: 8))
        XCTAssertFalse(lines(host).joined().contains("Line 13"))
    }

    func testScrollFieldsAreChecked() throws {
        XCTAssertThrowsError(try host("return ui.screen { ui.scroll { height = -1 } }")) { error in
            XCTAssertTrue(((error as? LuaError)?.message ?? "").contains("ui.scroll"), "\(error)")
        }
        XCTAssertThrowsError(try host("return ui.screen { ui.scroll { heigth = 3 } }"))
    }

    func testTheFrameBufferClipLimitsEveryWrite() {
        var frame = FrameBuffer(width: 6, height: 3)
        frame.clipped(to: Rect(x: 1, y: 1, width: 3, height: 1)) { frame in
            frame.put("abcdef", x: 0, y: 1)
            frame.put("zz", x: 0, y: 0)
            frame.fill(Rect(x: 0, y: 2, width: 6, height: 1), with: "#")
            frame.cursor = Point(x: 5, y: 1)
            XCTAssertNil(frame.cursor)
        }
        XCTAssertEqual(frame.text, "\n bcd\n")
        XCTAssertEqual(frame.limit, frame.bounds)
    }

    func testContainersAskTheFrameWhetherAChildWouldShow() {
        var frame = FrameBuffer(width: 6, height: 3)
        XCTAssertTrue(frame.shows(Rect(x: 5, y: 2, width: 4, height: 4)))
        XCTAssertFalse(frame.shows(Rect(x: 0, y: 3, width: 6, height: 1)), "below the frame")
        frame.clipped(to: Rect(x: 0, y: 0, width: 6, height: 1)) { frame in
            XCTAssertFalse(frame.shows(Rect(x: 0, y: 1, width: 6, height: 1)), "outside the clip")
            XCTAssertTrue(frame.shows(Rect(x: 2, y: 0, width: 1, height: 1)))
        }
    }

    func testATallScreenDrawsOnlyTheChildrenThatShow() throws {
        // 2000 inputs on a 10-row screen: each records its view while drawn,
        // so the ones scrolled far out of the frame must have no state.
        let host = try host("""
        local c = {}
        for i = 1, 2000 do c[i] = ui.input { label = "L" .. i } end
        return ui.screen(c)
        """, cols: 20, rows: 10)
        _ = host.render()
        XCTAssertLessThan(host.interaction.count(TextFieldState.self), 10, "drew \(host.interaction.count(TextFieldState.self)) inputs")
        XCTAssertGreaterThan(host.interaction.count(TextFieldState.self), 0)
    }
}
