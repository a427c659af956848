import LuaBridge
import XCTest
@testable import UIHostCore

private typealias Host = UIHostCore.Host

/// `ui.grid`: tracks in cells, percentages and shares, placement in order
/// with spans, gaps; and one-row controls that take any height.
final class GridTests: XCTestCase {
    private var scratch = ScratchDirectory(prefix: "uihgrid")

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

    func testTracksShareWhatCellsAndPercentagesLeave() {
        // 20 cells, 2 gaps: 18 of room; 4 cells, 50% = 9, then 5 left for 1fr.
        XCTAssertEqual(GridNode.tracks([.cells(4), .percent(50), .fraction(1)], extent: 20, gap: 1, natural: { _ in 0 }), [4, 9, 5])
        // Shares by weight, the remainder a cell each to the first.
        XCTAssertEqual(GridNode.tracks([.fraction(1), .fraction(2), .fraction(1)], extent: 10, gap: 0, natural: { _ in 0 }), [3, 5, 2])
        XCTAssertEqual(GridNode.tracks([nil, .fraction(1)], extent: 10, gap: 0, natural: { _ in 3 }), [3, 7])
        // Measured as if endless, a thousand columns of 100% add up without overflow (a fuzz case).
        let endless = GridNode.tracks(Array(repeating: .percent(100), count: GridNode.maxTracks), extent: Int.max / 4,
                                      gap: 0, natural: { _ in 0 })
        XCTAssertEqual(endless, Array(repeating: 1 << 40, count: GridNode.maxTracks))
    }

    func testAGridPlacesChildrenInItsCells() throws {
        let host = try host("""
        return ui.screen { title = "G",
          ui.grid { columns = { 3, "1fr", "1fr" }, gap = 1,
            ui.text "a", ui.text "b", ui.text "c",
            ui.text { text = "wide", colSpan = 2 }, ui.text "e",
          },
        }
        """)
        // 18 columns: 3, then 13 shared by two 1fr, 7 and 6 (the odd one
        // first); a gap of 1 between the rows too.
        XCTAssertEqual(Array(lines(host)[2...4]), [" a   b       c", "", " wide        e"])
    }

    func testRowsInCellsAndSharesFillTheGrid() throws {
        let host = try host("""
        return ui.screen { title = "G",
          ui.grid { rows = { 2, "1fr" }, columns = { "1fr", "1fr" }, height = "1fr",
            ui.box { border = "ascii", padding = 0 }, ui.box { border = "ascii", padding = 0, rowSpan = 2 },
            ui.box { border = "ascii", padding = 0 },
          },
        }
        """, rows: 8)
        XCTAssertEqual(Array(lines(host)[2...7]), [
            " +-------++-------+", " +-------+|       |", " +-------+|       |",
            " |       ||       |", " |       ||       |", " +-------++-------+",
        ])
    }

    func testAButtonTakesAnyHeightAndCentresItsLabel() throws {
        let host = try host("""
        return ui.screen { title = "G",
          ui.button { title = "Go", height = "1fr", align = "center" },
        }
        """, rows: 7)
        XCTAssertEqual(Array(lines(host)[2...6]), ["", "", " ›      [ Go ]", "", ""])
        click(host, "Go")
    }

    func testAShareOfRowsOnAButtonIsAcceptedButNotOnAnInput() throws {
        let host = try host("return ui.screen { ui.button { height = '1fr' } }")
        XCTAssertNil(host.dispatcher.banner)
        XCTAssertThrowsError(try host.runLua("ui.input { height = '1fr' }"))
        XCTAssertThrowsError(try host.runLua("ui.grid { columns = { 'wide' } }"))
        XCTAssertThrowsError(try host.runLua("ui.grid { rows = 3 }"))
    }

    func testAGridInZeroAndOneCellDrawsNothingWrong() throws {
        for size in [(0, 0), (1, 1)] {
            let host = try host("return ui.screen { ui.grid { columns = { 5, '1fr' }, gap = 3, ui.button { title = 'x' }, ui.text 'y' } }",
                                cols: size.0, rows: size.1)
            _ = host.render()
        }
    }

    func testTabMovesThroughTheGridInOrder() throws {
        let host = try host("""
        seen = ""
        local function b(t) return ui.button { title = t, onFocus = function() seen = seen .. t end } end
        return ui.screen { title = "G", ui.grid { columns = { "1fr", "1fr" }, b "1", b "2", b "3" } }
        """)
        press(host, .tab, .tab)
        XCTAssertEqual(try host.evalString("seen"), "123")
    }
}
