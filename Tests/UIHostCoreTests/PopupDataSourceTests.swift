import LuaBridge
import XCTest
@testable import UIHostCore

private typealias Host = UIHostCore.Host

/// Pickers and dropdowns over a data source: `item(i)` is called only for
/// the items shown, an error names the index, a dropdown's `selected` is an index.
final class PopupDataSourceTests: XCTestCase {
    private var scratch = ScratchDirectory(prefix: "uihpopsrc")

    override func tearDown() {
        scratch.remove()
    }

    private func host(_ source: String, cols: Int = 40, rows: Int = 12) throws -> Host {
        try Host(script: try scratch.write("s.lua", source), options: HostOptions(size: Size(cols: cols, rows: rows)))
    }

    private let script = """
    calls = 0
    seen = ui.text "none"
    local function item(i)
      calls = calls + 1
      if i == 999998 then error("bad item") end
      return { title = "City " .. i, id = "c" .. i }
    end
    p = ui.picker { label = "City", count = 1000000, item = item,
      onChange = function(it, i) seen.text = "picked " .. it.title .. " " .. i end }
    d = ui.dropdown { count = 1000000, item = item, onSelect = function(it) seen.text = "dropped " .. it.title end }
    return ui.screen { seen, p, d }
    """

    func testPickerCallsItemOnlyForTheRowsShown() throws {
        let host = try host(script)
        _ = host.render()
        XCTAssertEqual(try host.evalString("calls"), "2", "the two closed controls read one item each")
        press(host, .enter, .end)
        let calls = Int(try host.evalString("calls") ?? "") ?? 0
        XCTAssertLessThan(calls, 40, "only the popup's window is read")
        press(host, .enter)
        assertShows(host, "picked City 1000000 1000000")
        XCTAssertEqual(try host.evalString("p.selected"), "1000000")
    }

    func testAnErrorInItemIsAHandlerErrorNamingTheIndex() throws {
        let host = try host(script)
        press(host, .enter, .end)
        assertShows(host, "error: ui.picker.item(999998):")
        XCTAssertTrue(host.errors.contains { $0.contains("bad item") }, host.errors.joined(separator: "\n"))
        // Choosing it writes the index; its handler gets nothing to call with.
        press(host, .up, .up, .enter)
        XCTAssertEqual(try host.evalString("p.selected"), "999998")
    }

    func testDropdownSelectedIsAnIndexWithASource() throws {
        let host = try host(script)
        XCTAssertEqual(try host.evalString("d.selected"), "1")
        press(host, .tab, .enter, .end, .enter)
        assertShows(host, "dropped City 1000000")
        XCTAssertEqual(try host.evalString("d.selected"), "1000000")
        assertShows(host, "City 1000000")
        try host.runLua("d.selected = 'c5'")
        _ = host.render()
        XCTAssertFalse(host.render().text.contains("City 1000000 "), "an id is no index: nothing is chosen")
    }

    func testBadCountsAreProblems() throws {
        let host = try host("a = ui.picker {}; b = ui.dropdown {}; c = ui.picker {}; return ui.screen { a, b, c }")
        try host.runLua("a.count = -1; a.item = print; b.count = 2.5; b.item = print; c.count = 3")
        _ = host.render()
        let all = host.errors.joined(separator: "\n")
        XCTAssertTrue(all.contains("count must be an integer"), all)
        XCTAssertTrue(all.contains("item must be a function when count is set"), all)
    }

    func testPopupOverASourceDrawsNothingInAnEmptyArea() throws {
        for (cols, rows) in [(0, 0), (1, 1), (2, 2), (5, 4)] {
            let host = try host(script, cols: cols, rows: rows)
            press(host, .enter, .down, .end, .enter, .tab, .enter, .up)
            XCTAssertEqual(host.render().width, cols)
        }
    }
}
