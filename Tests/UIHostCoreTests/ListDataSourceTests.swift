import LuaBridge
import XCTest
@testable import UIHostCore

private typealias Host = UIHostCore.Host

/// `ui.list` with a data source: `count` and `item(i)`, called only for the rows shown.
final class ListDataSourceTests: XCTestCase {
    private var scratch = ScratchDirectory(prefix: "uihlistds")

    override func tearDown() {
        scratch.remove()
    }

    private func host(_ source: String) throws -> Host {
        try Host(script: try scratch.write("s.lua", source), options: HostOptions(size: Size(cols: 30, rows: 6)))
    }

    private let script = """
    calls = 0
    seen = ui.text "none"
    l = ui.list { count = 1000000,
      item = function(i)
        calls = calls + 1
        if i == 999998 then error("no such row") end
        if i % 2 == 0 then return "Row " .. i end
        return { title = "Row " .. i, disabled = i == 3 }
      end,
      onSelect = function(item, i) seen.text = (item.title or item) .. " #" .. i end }
    return ui.screen { seen, l }
    """

    func testItemIsCalledOnlyForTheRowsShownAndHandlersGetItsResult() throws {
        let host = try host(script)
        assertShows(host, "› Row 1")
        // Three rows shown, three calls.
        XCTAssertEqual(try host.evalString("calls"), "3")
        XCTAssertEqual(try host.evalString("l.selected"), "1")
        press(host, .down, .enter)
        assertShows(host, "Row 2 #2")
        // A disabled row from the data source is not activated.
        press(host, .down, .enter)
        assertShows(host, "Row 2 #2")
        XCTAssertTrue(host.errors.isEmpty, host.errors.joined(separator: "\n"))
    }

    func testAnErrorInItemIsAHandlerErrorNamingTheIndex() throws {
        let host = try host(script)
        press(host, .end)
        _ = host.render()
        XCTAssertEqual(host.errors.count, 1)
        XCTAssertTrue(host.errors[0].hasPrefix("ui.list.item(999998): "), host.errors[0])
        press(host, .esc)
        assertShows(host, "› Row 1000000")
        XCTAssertEqual(host.errors.count, 1, "reported once, not on every frame")
    }

    func testACountWithoutItemIsAProblem() throws {
        XCTAssertThrowsError(try host("return ui.screen { ui.list { count = 2^31 + 1, item = function() end } }")) { error in
            XCTAssertTrue(((error as? LuaError)?.message ?? "").contains("ui.list: count must be at most 2147483648"), "\(error)")
        }
        let host = try host("l = ui.list { count = 3 }; return ui.screen { l }")
        _ = host.render()
        XCTAssertTrue(host.errors.contains { $0.contains("ui.list: item must be a function when count is set (got nil)") },
                      host.errors.joined(separator: "\n"))
    }
}
