import LuaBridge
import XCTest
@testable import UIHostCore

private typealias Host = UIHostCore.Host

/// Sizes on children of stacks (`width`, `height`, min/max) and `align`.
final class SizingTests: XCTestCase {
    private var scratch = ScratchDirectory(prefix: "uihsize")

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

    func testSharesSplitWhatIsLeftByWeight() throws {
        // 18 columns inside the screen: 2 fixed and 2 of spacing; 14 left: 3.5 and 10.5, the odd one to the first.
        let host = try host("""
        return ui.screen { ui.hstack {
          ui.text { text = "ab", width = 2 },
          ui.box { border = "ascii", padding = 0, width = "1fr" },
          ui.box { border = "ascii", padding = 0, width = "3fr" },
        } }
        """, rows: 4)
        XCTAssertEqual(lines(host)[2], " ab +--+ +--------+")
    }

    func testPercentAndLimitsInAColumn() throws {
        let host = try host("""
        return ui.screen {
          ui.box { border = "ascii", padding = 0, height = "50%" },
          ui.box { border = "ascii", padding = 0, height = "1fr", maxHeight = 2 },
          ui.text { text = "end", minHeight = 2 },
        }
        """, rows: 10)
        // 8 rows: 4 (50%), 2 (1fr, at most 2), then 2 for the text.
        XCTAssertEqual(lines(host).suffix(8), [
            " +----------------+", " |                |", " |                |", " +----------------+",
            " +----------------+", " +----------------+", " end", "",
        ])
    }

    func testAlignPlacesChildrenAcrossTheStack() throws {
        let host = try host("""
        return ui.screen {
          ui.vstack { align = "center", ui.text "mid" },
          ui.vstack { align = "end", ui.text "right" },
          ui.hstack { align = "end", ui.text "a\\nb\\nc", ui.text "low" },
        }
        """)
        XCTAssertEqual(Array(lines(host).suffix(6)), ["        mid", "              right", " a", " b", " c low", ""])
    }

    func testWidthInAColumnIsHeldAndAligned() throws {
        let host = try host("return ui.screen { ui.vstack { align = 'end', ui.box { border = 'ascii', width = 6, height = 2 } } }", rows: 4)
        XCTAssertEqual(Array(lines(host).suffix(2)), ["             +----+", "             +----+"])
    }

    func testASizeAssignedAfterConstructionIsRead() throws {
        let host = try host("""
        t = ui.text { text = "x" }
        return ui.screen { ui.hstack { ui.text "a", t, ui.text "b" } }
        """)
        XCTAssertFalse(host.kinds.sizesUsed, "no size used yet: layout reads none")
        assertShows(host, " a x b")
        try host.runLua("t.width = 5")
        assertShows(host, " a x     b")
    }

    func testScreensWithoutSizesDoNotReadThem() throws {
        let host = try host("return ui.screen { ui.hstack { ui.text 'a', ui.spacer(), ui.text 'b' } }")
        _ = host.render()
        XCTAssertFalse(host.kinds.sizesUsed)
    }

    func testBadSizesAreConstructorErrors() throws {
        for (source, message) in [
            ("ui.text { width = -1 }", "ui.text: width must be at least 0 (got -1)"),
            ("ui.text { width = '120%' }", "ui.text: width must be a cell count, a percentage 0%…100% or a share 1fr…1000fr (got '120%')"),
            ("ui.text { height = 'wide' }", "got 'wide'"),
            ("ui.text { width = 2.5 }", "ui.text: width must be an integer"),
            ("ui.text { minWidth = 9, maxWidth = 3 }", "ui.text: minWidth (9) is more than maxWidth (3)"),
            ("ui.text { widht = 3 }", "ui.text: unknown field 'widht' (did you mean 'width'?)"),
            ("ui.vstack { align = 'middle' }", "ui.vstack: align must be one of 'start', 'center', 'end' (got 'middle')"),
            ("ui.input { height = '2fr' }",
             "ui.input: height '2fr' is a share of rows, but a ui.input has a fixed height (give a row count, or put a spacer beside it)"),
            ("ui.radio { items = { 'a' }, height = '1fr' }", "ui.radio: height '1fr' is a share of rows"),
            ("ui.dropdown { items = { 'a' }, height = '3fr' }", "ui.dropdown: height '3fr' is a share of rows"),
        ] {
            XCTAssertThrowsError(try host("return ui.screen { \(source) }"), source) { error in
                XCTAssertTrue(((error as? LuaError)?.message ?? "").contains(message), "\(source): \(error)")
            }
        }
    }

    /// A fixed-height control takes rows in cells or percent, and a share of
    /// columns; what can grow takes a share of rows.
    func testSharesOfRowsGoToWhatCanGrow() throws {
        XCTAssertNoThrow(try host("""
            return ui.screen {
              ui.button { title = "Go", height = 2, width = "1fr" },
              ui.input { height = "10%" },
              ui.text { text = "grows", height = "2fr" },
              ui.box { height = "1fr", ui.text "boxed" },
              ui.list { items = { "a" }, height = "1fr" },
            }
            """))
    }

    func testABadSizeSetLaterIsAProblemNotACrash() throws {
        let host = try host("t = ui.text { text = 'x' }\nreturn ui.screen { t }")
        try host.runLua("t.width = '300%'")
        assertShows(host, " x")
        XCTAssertTrue(host.errors.joined().contains("ui.text: width must be a cell count"), host.errors.joined(separator: "\n"))
    }
}
