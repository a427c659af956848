import LuaBridge
import XCTest
@testable import UIHostCore

private typealias Host = UIHostCore.Host

/// A `ui.scroll` among sized children: wrapped text, shares and percentages,
/// children with a size in cells, and its focus mark.
final class ScrollSizingTests: XCTestCase {
    private var scratch = ScratchDirectory(prefix: "uihscrollsize")

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

    func testAScrollOfWrappingTextGetsItsWrappedRows() throws {
        // Two texts of 2 words that wrap to 2 rows each at 18 columns: 4 rows
        // wanted, not the 2 unwrapped lines (which left a `↓` over blank rows).
        let host = try host("""
        return ui.screen { title = "S",
          ui.scroll { ui.text "alpha beta gamma delta", ui.text "epsilon zeta eta theta" },
          ui.spacer(),
          ui.text "end",
        }
        """)
        XCTAssertEqual(Array(lines(host).dropFirst(2)), [
            " alpha beta gamma", " delta", " epsilon zeta eta", " theta", "", " end",
        ])
    }

    func testScrollAndTextAreaTakeSharesAndPercentages() throws {
        let host = try host("""
        local s = ui.scroll { height = "1fr" }
        for i = 1, 9 do s[i] = ui.text("Line " .. i) end
        return ui.screen { title = "S",
          s,
          ui.textarea { height = "50%", value = "a" },
        }
        """, rows: 10)
        press(host, .tab)
        // 8 rows: the text area 4 (50%), the scroll the 4 left.
        XCTAssertEqual(Array(lines(host).dropFirst(2)), [
            " Line 1", " Line 2", " Line 3", " Line 4           ↓",
            " › [a             ]", "   [              ]", "   [              ]", "   [              ]",
        ])
    }

    func testAShareOnAScrollIsAcceptedByTheConstructor() throws {
        let host = try host("return ui.screen { ui.scroll { height = '2fr' }, ui.textarea { height = '30%' } }")
        XCTAssertNil(host.dispatcher.banner, "no error for shares")
        XCTAssertThrowsError(try host.runLua("ui.scroll { height = 'tall' }"))
    }

    func testASizeInCellsIsHonouredInsideAScroll() throws {
        // The scroll overflows (12 texts); the table's height of 5 holds.
        let host = try host("""
        local rows = {}
        for i = 1, 9 do rows[i] = { n = "r" .. i } end
        local s = ui.scroll { ui.table { height = 5, columns = { { title = "N", key = "n" } }, rows = rows } }
        for i = 1, 12 do s[#s + 1] = ui.text("Line " .. i) end
        return ui.screen { title = "S", s }
        """, rows: 10)
        XCTAssertEqual(Array(lines(host).dropFirst(2).prefix(6)), [
            "   N", " › r1", "   r2", "   r3", "   r4", " Line 1",
        ])
    }

    func testAFocusedScrollShowsABarBesideItsMarks() throws {
        let host = try host("""
        local s = ui.scroll { height = 4 }
        for i = 1, 9 do s[i] = ui.text("Line " .. i) end
        return ui.screen { title = "S", ui.button { title = "Go" }, s }
        """, rows: 9)
        XCTAssertEqual(lines(host)[4], " Line 2")
        press(host, .tab)
        XCTAssertEqual(Array(lines(host).dropFirst(3).prefix(4)), [
            " Line 1           │", " Line 2           │", " Line 3           │", " Line 4           ↓",
        ])
    }
}
