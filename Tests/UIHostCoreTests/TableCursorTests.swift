import LuaBridge
import XCTest
@testable import UIHostCore

private typealias Host = UIHostCore.Host

/// Where a table's cursor and view go when its rows change: none, replaced, sorted.
final class TableCursorTests: XCTestCase {
    private var scratch = ScratchDirectory(prefix: "uihtablecursor")

    override func tearDown() {
        scratch.remove()
    }

    private func host(_ source: String, cols: Int = 20, rows: Int = 8) throws -> Host {
        try Host(script: try scratch.write("s.lua", source), options: HostOptions(size: Size(cols: cols, rows: rows)))
    }

    private let numbers = """
    function rows(n, from) local r = {} for i = 1, n do r[i] = { n = from + i } end return r end
    t = ui.table { sortable = true, columns = { { title = "N", key = "n" } }, rows = rows(30, 0) }
    """

    func testAnEmptyTableStillWritesSelected() throws {
        let host = try host("t = ui.table { rows = {} } return ui.screen { t }")
        XCTAssertEqual(try host.evalString("t.selected"), "1")
    }

    func testReplacedRowsSendTheCursorToTheFirstRow() throws {
        let host = try host(numbers + "return ui.screen { title = 'S', t }")
        press(host, .end)
        XCTAssertEqual(try host.evalString("t.selected"), "30")
        try host.runLua("t.rows = rows(40, 100)")
        _ = host.render()
        XCTAssertEqual(try host.evalString("t.selected"), "1")
        assertShows(host, " › 101")
    }

    func testReplacedRowsKeepACursorTheScriptMoved() throws {
        let host = try host(numbers + "return ui.screen { title = 'S', t }")
        try host.runLua("t.rows = rows(40, 100); t.selected = 7")
        _ = host.render()
        XCTAssertEqual(try host.evalString("t.selected"), "7")
    }

    func testRowsChangedInPlaceKeepTheCursor() throws {
        let host = try host(numbers + "return ui.screen { title = 'S', t }")
        press(host, .down, .down)
        try host.runLua("t.rows[#t.rows + 1] = { n = 99 }")
        _ = host.render()
        XCTAssertEqual(try host.evalString("t.selected"), "3")
    }

    func testASortShowsTheTopOfTheTable() throws {
        // Before, the cursor followed row 1 to the bottom and the view went with it.
        let host = try host(numbers + "return ui.screen { title = 'S', t }")
        press(host, .down, .down, .character("s"), .character("s"))
        XCTAssertEqual(try host.evalString("t.selected"), "1")
        XCTAssertEqual(Array(lines(host).dropFirst(2).prefix(3)), ["   N ▼", " › 30", "   29"])
    }

    private func lines(_ host: Host) -> [String] {
        let frame = host.render()
        return (0..<frame.height).map { frame.line($0) }
    }
}
