import XCTest
@testable import UIHostCore

/// Styled cells (`{ text, style }`) and rows (`style`) of a `ui.table`.
final class TableStyleTests: XCTestCase {
    private var scratch = ScratchDirectory(prefix: "uihtstyle")

    override func tearDown() {
        scratch.remove()
    }

    func testACellAndARowCarryTheirStyleUnderTheCursor() throws {
        let host = try UIHostCore.Host(script: try scratch.write("s.lua", """
        return ui.screen { title = "S",
          ui.button { title = "B" },
          ui.table { columns = { { title = "Name", key = "name" }, { title = "State", key = "state" } },
            rows = {
              { name = "api", state = { "down", style = { fg = "red", bold = true } } },
              { name = "web", state = "up", style = { italic = true } },
              { name = "db", state = { text = "up" } },
            } } }
        """), options: HostOptions(size: Size(cols: 30, rows: 8)))
        let frame = host.render()
        let down = try XCTUnwrap(frame.find("down"))
        XCTAssertTrue(frame[down.x, down.y].style.attributes.contains(.bold))
        XCTAssertNotEqual(frame[down.x, down.y].style.fg, Style.plain.fg)
        let api = try XCTUnwrap(frame.find("api"))
        XCTAssertFalse(frame[api.x, api.y].style.attributes.contains(.italic), "a cell's style is its own")
        let web = try XCTUnwrap(frame.find("web"))
        XCTAssertTrue(frame[web.x, web.y].style.attributes.contains(.italic))
        XCTAssertTrue(frame[web.x + 6, web.y].style.attributes.contains(.italic), "a row's style covers its cells")
        XCTAssertNotNil(frame.find("db"))
        XCTAssertNotNil(frame.find("up"), "a cell table's `text` is its text")
        XCTAssertEqual(host.errors, [])
    }
}
