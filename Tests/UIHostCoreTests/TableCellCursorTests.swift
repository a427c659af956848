import LuaBridge
import XCTest
@testable import UIHostCore

private typealias Host = UIHostCore.Host

/// `ui.table { cursor = "cell" }`: Left/Right move a cell cursor across the
/// columns (`selectedColumn` written back), Enter and clicks call
/// `onCellSelect(row, column)`, the cell alone is highlighted, and a screen
/// reader hears the cell.
final class TableCellCursorTests: XCTestCase {
    private var scratch = ScratchDirectory(prefix: "uihtcell")

    override func tearDown() {
        scratch.remove()
    }

    private func host(_ extra: String = "", cols: Int = 30) throws -> Host {
        try Host(script: try scratch.write("s.lua", """
            chosen = "none"
            t = ui.table { cursor = "cell", \(extra)
              columns = { { title = "Name", key = "name" }, { title = "State", key = "state" }, { title = "Zone", key = "zone" } },
              rows = { { name = "api", state = "down", zone = "eu" }, { name = "web", state = "up", zone = "us" } },
              onSelect = function() chosen = "row" end,
              onCellSelect = function(row, column) chosen = row .. "," .. column end }
            return ui.screen { title = "C", t }
            """), options: HostOptions(size: Size(cols: cols, rows: 6)))
    }

    func testArrowsMoveTheCellAndEnterCallsOnCellSelect() throws {
        let host = try host()
        _ = host.render()
        XCTAssertEqual(try host.evalString("t.selectedColumn"), "1", "the first read writes the default")
        press(host, .right, .right, .right, .down, .enter)
        XCTAssertEqual(try host.evalString("t.selectedColumn"), "3", "the last column stops the cursor")
        XCTAssertEqual(try host.evalString("chosen"), "2,3")
        press(host, .left, .enter)
        XCTAssertEqual(try host.evalString("chosen"), "2,2")
    }

    func testOnlyTheCellIsHighlightedAndItsTitleUnderlined() throws {
        let host = try host()
        press(host, .right)
        let frame = host.render()
        let down = try XCTUnwrap(frame.find("down"))
        XCTAssertEqual(frame[down.x, down.y].style.bg, Style.focused.bg)
        let api = try XCTUnwrap(frame.find("api"))
        XCTAssertNotEqual(frame[api.x, api.y].style.bg, Style.focused.bg, "the row is not highlighted")
        XCTAssertEqual(frame[down.x - 1, down.y].char, "›", "the mark goes just before the cell")
        XCTAssertEqual(frame[api.x - 2, api.y].char, " ", "not in the gutter")
        let title = try XCTUnwrap(frame.find("State"))
        XCTAssertTrue(frame[title.x, title.y].style.attributes.contains(.underline))
    }

    func testTheCellKeepsItsHighlightOverAStyledCell() throws {
        let host = try Host(script: try scratch.write("styled.lua", """
            return ui.screen { title = "S", ui.table { cursor = "cell", columns = { { title = "A" }, { title = "B" } },
              rows = { { "x", { "down", style = { fg = "error" } } } }, selectedColumn = 2 } }
            """), options: HostOptions(size: Size(cols: 20, rows: 4)))
        let frame = host.render()
        let down = try XCTUnwrap(frame.find("down"))
        XCTAssertEqual(frame[down.x, down.y].style.bg, Style.focused.bg)
        XCTAssertEqual(frame[down.x, down.y].style.fg, .token(.error))
    }

    func testTheScriptMayMoveTheCellItself() throws {
        let host = try host("selectedColumn = 2,")
        try host.runLua("t.selected = 2; t.selectedColumn = 3")
        press(host, .enter)
        XCTAssertEqual(try host.evalString("chosen"), "2,3")
    }

    func testAClickChoosesTheCell() throws {
        let host = try host()
        click(host, "us")
        XCTAssertEqual(try host.evalString("chosen"), "2,3")
        XCTAssertEqual(try host.evalString("t.selectedColumn"), "3")
    }

    func testInTheFirstColumnTheMarkIsInTheGutter() throws {
        let host = try host()
        let frame = host.render()
        let api = try XCTUnwrap(frame.find("api"))
        XCTAssertEqual(frame[api.x - 2, api.y].char, "›")
    }

    func testAScreenReaderHearsTheCellAndWhereItIs() throws {
        let host = try host()
        press(host, .right, .down)
        let table = try XCTUnwrap(host.semanticTree()?.children.first)
        XCTAssertEqual(ScreenReader.describe(table), "table Name, State, Zone: up, State, row 2")
    }

    func testARowCursorTableKeepsItsKeys() throws {
        let host = try Host(script: try scratch.write("r.lua", """
            chosen = "none"
            t = ui.table { columns = { { title = "A", key = "a" } }, rows = { { a = "x" } },
              onSelect = function(row, i) chosen = "row " .. i end }
            return ui.screen { title = "R", t }
            """), options: HostOptions(size: Size(cols: 20, rows: 5)))
        press(host, .enter)
        XCTAssertEqual(try host.evalString("chosen"), "row 1")
        XCTAssertEqual(try host.evalString("t.selectedColumn"), "nil", "only a cell cursor writes it")
    }

    func testAWideTableScrollsToShowTheCell() throws {
        let host = try host(cols: 16)
        press(host, .right, .right)
        XCTAssertNotNil(host.render().find("eu"))
    }
}
