import LuaBridge
import XCTest
@testable import UIHostCore

private typealias Host = UIHostCore.Host

/// `ui.table`: header, row cursor, widths, truncation, horizontal scroll,
/// sorting, and data sources (`count` + `row(i)`) read only where shown.
final class TableTests: XCTestCase {
    private var scratch = ScratchDirectory(prefix: "uihtable")

    override func tearDown() {
        scratch.remove()
    }

    private func host(_ source: String, cols: Int = 40, rows: Int = 8) throws -> Host {
        try Host(script: try scratch.write("s.lua", source), options: HostOptions(size: Size(cols: cols, rows: rows)))
    }

    /// Presses keys as the terminal loop does: a frame after each.
    private func keys(_ host: Host, _ keys: Key...) {
        for key in keys {
            host.send(.key(key))
            _ = host.render()
        }
    }

    private func lines(_ host: Host) -> [String] {
        let frame = host.render()
        return (0..<frame.height).map { String(frame.line($0).reversed().drop { $0 == " " }.reversed()) }
    }

    /// Five rows of three columns; `seen` shows what the handlers received.
    private let cities = """
    seen = ui.text "none"
    t = ui.table {
      columns = {
        { title = "City", key = "name" },
        { title = "N", key = "n", align = "right" },
        { title = "Tag", key = "tag", width = 5 },
      },
      rows = {
        { name = "Oslo", n = 3, tag = "b" }, { name = "Lima", n = 1, tag = "a" },
        { name = "Rome", n = 2, tag = "b" }, { name = "Kyiv", n = 1, tag = "c" },
        { name = "Bern", tag = "long tag" },
      },
      onSelect = function(row, i) seen.text = "select " .. row.name .. " " .. i end,
      onHighlight = function(row, i) seen.text = "highlight " .. row.name .. " " .. i end,
      onSort = function(column, ascending) seen.text = "sort " .. column.title .. " " .. tostring(ascending) end,
      SORTABLE
    }
    return ui.screen { title = "T", seen, t }
    """

    private func cities(sortable: Bool) -> String {
        cities.replacingOccurrences(of: "SORTABLE", with: sortable ? "sortable = true," : "")
    }

    func testTableDrawsHeaderRowsAlignmentAndTruncation() throws {
        let host = try host(cities(sortable: false), cols: 30, rows: 9)
        XCTAssertEqual(lines(host), [
            "              T",
            "──────────────────────────────",
            " none",
            "   City  N  Tag",
            " › Oslo  3  b",
            "   Lima  1  a",
            "   Rome  2  b",
            "   Kyiv  1  c",
            "   Bern     long…",
        ])
    }

    func testCursorKeysMoveWriteSelectedAndCallOnHighlight() throws {
        let host = try host(cities(sortable: false), rows: 9)
        keys(host, .down)
        assertShows(host, "highlight Lima 2")
        keys(host, .end)
        assertShows(host, "highlight Bern 5")
        XCTAssertEqual(try host.evalString("t.selected"), "5")
        keys(host, .down)
        assertShows(host, "highlight Bern 5")
        // Five rows shown: a page is four.
        keys(host, .home, .pageDown)
        XCTAssertEqual(try host.evalString("t.selected"), "5")
        keys(host, .up, .enter)
        assertShows(host, "select Kyiv 4")
        XCTAssertTrue(host.errors.isEmpty, host.errors.joined(separator: "\n"))
    }

    func testClickOnARowSelectsIt() throws {
        let host = try host(cities(sortable: false), rows: 9)
        click(host, "Kyiv")
        assertShows(host, "select Kyiv 4")
        XCTAssertEqual(try host.evalString("t.selected"), "4")
    }

    func testSortingIsStableInPlaceAndTheCursorFollowsItsRow() throws {
        let host = try host(cities(sortable: true), rows: 9)
        keys(host, .down, .right, .character("s"))
        assertShows(host, "sort N true")
        assertShows(host, "N ▲")
        // Equal keys keep their order (Lima before Kyiv); the row without a key goes last.
        XCTAssertEqual(try host.evalString("t.rows[1].name .. t.rows[2].name .. t.rows[3].name .. t.rows[4].name .. t.rows[5].name"),
                       "LimaKyivRomeOsloBern")
        XCTAssertEqual(try host.evalString("t.rows[t.selected].name"), "Lima")
        keys(host, .character("s"))
        assertShows(host, "N ▼")
        // Descending keeps equal keys in their order too, and missing keys still last.
        XCTAssertEqual(try host.evalString("t.rows[1].name .. t.rows[2].name .. t.rows[3].name .. t.rows[4].name .. t.rows[5].name"),
                       "OsloRomeLimaKyivBern")
    }

    func testNaNSortsWithTheMissingValuesAndTheNumbersStayInOrder() throws {
        let host = try host("""
        t = ui.table { sortable = true, columns = { { title = "A", key = "a" } },
          rows = { { a = 3 }, { a = 0/0 }, { a = 1 }, { a = -2 }, { a = 0/0 }, { a = 0 } } }
        function order()
          local out = {} for i, r in ipairs(t.rows) do out[i] = r.a ~= r.a and "nan" or tostring(r.a) end
          return table.concat(out, " ")
        end
        return ui.screen { t }
        """, rows: 10)
        keys(host, .character("s"))
        XCTAssertEqual(try host.evalString("order()"), "-2 0 1 3 nan nan")
    }

    func testEnterOnTheHeaderSorts() throws {
        let host = try host(cities(sortable: true), rows: 9)
        keys(host, .up)
        XCTAssertTrue(lines(host)[3].hasPrefix(" › City"), lines(host).joined(separator: "\n"))
        keys(host, .enter)
        assertShows(host, "sort City true")
        XCTAssertEqual(try host.evalString("t.rows[1].name"), "Bern")
        // A sort sends the cursor to the first row: Down from the header reaches it.
        keys(host, .down, .enter)
        assertShows(host, "select Bern")
    }

    func testUnsortableTableIgnoresSAndStaysOffTheHeader() throws {
        let host = try host(cities(sortable: false), rows: 9)
        keys(host, .up, .character("s"))
        assertShows(host, "none")
        XCTAssertEqual(try host.evalString("t.rows[1].name"), "Oslo")
    }

    func testWideTableScrollsByColumnsWithMarks() throws {
        let host = try host("""
        return ui.screen { ui.table {
          columns = { { title = "A", width = 6 }, { title = "B", width = 6 }, { title = "C", width = 6 } },
          rows = { { "a1", "b1", "c1" } },
        } }
        """, cols: 20, rows: 4)
        XCTAssertEqual(lines(host)[2], "   A       B      »")
        keys(host, .right)
        XCTAssertEqual(lines(host)[2], " « B       C")
        XCTAssertEqual(lines(host)[3], " › b1      c1")
        keys(host, .right)
        XCTAssertEqual(lines(host)[2], " « B       C", "nothing more to the right")
        keys(host, .left)
        XCTAssertEqual(lines(host)[2], "   A       B      »")
    }

    func testWideCharactersAreNeverSplit() throws {
        let host = try host("""
        return ui.screen { ui.table { columns = { { title = "W", width = 4 }, { title = "X", width = 2 } },
          rows = { { "日本語", "x" } } } }
        """, cols: 20, rows: 4)
        XCTAssertEqual(lines(host)[3], " › 日…   x")
    }

    func testColumnWidthsInPercentAndFractions() {
        let columns: [TableNode.Column] = [
            .init(title: "a", key: .index(1), width: .percent(50), align: .left),
            .init(title: "b", key: .index(2), width: .fraction(1), align: .left),
            .init(title: "c", key: .index(3), width: .fraction(3), align: .left),
            .init(title: "d", key: .index(4), width: .fit, align: .left),
        ]
        // 40 wide: a = 20; d = 5 (fitted); gaps 6; fractions share 9: 2 and 7.
        XCTAssertEqual(TableNode.widths(columns, fitted: [0, 0, 0, 5], available: 40), [20, 2, 7, 5])
        // Nothing left: each fraction keeps its title.
        XCTAssertEqual(TableNode.widths(columns, fitted: [0, 0, 0, 5], available: 10), [5, 1, 1, 5])
    }

    func testDataSourceReadsOnlyTheRowsShown() throws {
        let host = try host("""
        calls = 0
        t = ui.table { count = 1000000, columns = { { title = "#", key = "i" } },
          row = function(i) calls = calls + 1; return { i = i } end }
        return ui.screen { t }
        """, cols: 20, rows: 6)
        _ = host.render()
        XCTAssertEqual(try host.evalString("calls"), "3")
        keys(host, .end)
        assertShows(host, "› 1000000")
        XCTAssertEqual(try host.evalString("calls"), "6")
        XCTAssertEqual(try host.evalString("t.selected"), "1000000")
    }

    func testDataSourceSortIsTheScripts() throws {
        let host = try host("""
        t = ui.table { count = 3, sortable = true, columns = { { title = "V", key = "v" } },
          row = function(i) return { v = desc and 4 - i or i } end,
          onSort = function(column, ascending) desc = not ascending end }
        return ui.screen { t }
        """, cols: 20, rows: 6)
        keys(host, .character("s"))
        assertShows(host, "V ▲")
        XCTAssertEqual(lines(host)[3], " › 1")
        keys(host, .character("s"))
        XCTAssertEqual(lines(host)[3], " › 3")
    }

    func testAnErrorInRowIsAHandlerErrorNamingTheIndex() throws {
        let host = try host("""
        t = ui.table { count = 4, columns = { { title = "V", key = "v" } },
          row = function(i) if i == 2 then error("bad row") end return { v = "r" .. i } end }
        return ui.screen { t }
        """, cols: 30, rows: 8)
        _ = host.render()
        XCTAssertEqual(host.errors.count, 1)
        XCTAssertTrue(host.errors[0].hasPrefix("ui.table.row(2): "), host.errors[0])
        XCTAssertTrue(host.errors[0].contains("bad row"))
        assertShows(host, "r3")
        // Shown once, not again on every frame.
        keys(host, .down, .down)
        XCTAssertEqual(host.errors.count, 1)
    }

    func testARunawayRowFunctionIsStoppedAndNotCalledAgain() throws {
        var options = HostOptions(size: Size(cols: 30, rows: 6))
        options.maxInstructions = 100_000
        let host = try Host(script: try scratch.write("s.lua", """
        t = ui.table { count = 3, columns = { { title = "V" } }, row = function(i) while true do end end }
        return ui.screen { t }
        """), options: options)
        _ = host.render()
        XCTAssertEqual(host.errors.count, 1)
        XCTAssertTrue(host.errors[0].contains("is not called again"), host.errors[0])
        keys(host, .down)
        XCTAssertEqual(host.errors.count, 1)
    }

    func testBadCountsAndRowsAreProblemsNotCrashes() throws {
        XCTAssertThrowsError(try host("return ui.screen { ui.table { count = -1, row = function() end } }")) { error in
            XCTAssertTrue(((error as? LuaError)?.message ?? "").contains("ui.table: count must be at least 0"), "\(error)")
        }
        XCTAssertThrowsError(try host("return ui.screen { ui.table { columns = { { key = 'a' } } } }")) { error in
            XCTAssertTrue(((error as? LuaError)?.message ?? "").contains("columns[1].title must be a string (got nil)"), "\(error)")
        }
        let host = try host("""
        t = ui.table { columns = { { title = "A", key = "a" } }, rows = { { a = 1 } } }
        return ui.screen { t }
        """)
        for change in ["t.count = 2.5; t.row = function() return {} end", "t.count = 2^40", "t.count = 3; t.row = nil",
                       "t.count = 2; t.row = function() return 5 end", "t.count = nil; t.rows = { 1, { a = print } }"] {
            try host.runLua(change)
            _ = host.render()
        }
        XCTAssertTrue(host.errors.contains { $0.contains("ui.table: count must be an integer from 0 to 2147483648 (got 2.5)") }, host.errors.joined(separator: "\n"))
        XCTAssertTrue(host.errors.contains { $0.contains("ui.table: row must be a function when count is set (got nil)") }, host.errors.joined(separator: "\n"))
        XCTAssertTrue(host.errors.contains { $0.contains("ui.table: row(1) must be a table (got number)") }, host.errors.joined(separator: "\n"))
        XCTAssertTrue(host.errors.contains { $0.contains("ui.table: rows[1] must be a table (got number)") }, host.errors.joined(separator: "\n"))
        XCTAssertTrue(host.errors.contains { $0.contains("ui.table: rows[2].a must be a string, a number or a cell { text, style } (got function)") }, host.errors.joined(separator: "\n"))
    }

    func testTableDrawsNothingInAnEmptyArea() throws {
        for (cols, rows) in [(0, 0), (1, 1), (2, 2), (3, 3)] {
            let host = try host(cities(sortable: true), cols: cols, rows: rows)
            keys(host, .tab, .down, .right, .character("s"), .up, .enter)
            XCTAssertEqual(host.render().width, cols)
        }
        // A table given one row shows only its header.
        let host = try host("return ui.screen { ui.hstack { ui.table { columns = { { title = 'H' } }, rows = { { 'x' } } } } }", cols: 10, rows: 3)
        XCTAssertTrue(host.render().text.contains("H"))
    }

    func testEmptyTableSaysSo() throws {
        let host = try host("return ui.screen { ui.table { columns = { { title = 'H' } } } }", cols: 20, rows: 5)
        assertShows(host, "No rows")
        keys(host, .down, .enter, .end)
        XCTAssertTrue(host.errors.isEmpty)
    }
}
