import LuaBridge
import XCTest
@testable import UIHostCore

private typealias Host = UIHostCore.Host

/// `ui.box`: a border with a title, padding, and its children in a column.
final class BoxTests: XCTestCase {
    private var scratch = ScratchDirectory(prefix: "uihbox")

    override func tearDown() {
        scratch.remove()
    }

    private func host(_ source: String, cols: Int = 24, rows: Int = 7, ascii: Bool = false) throws -> Host {
        var options = HostOptions(size: Size(cols: cols, rows: rows))
        if ascii { options.glyphs = .ascii }
        return try Host(script: try scratch.write("s.lua", source), options: options)
    }

    private func lines(_ host: Host) -> [String] {
        let frame = host.render()
        return (0..<frame.height).map { frame.line($0) }
    }

    private let script = """
    return ui.screen { title = "S",
      ui.box { title = "Settings", ui.text "Name", ui.button { title = "Save" } },
      ui.box { border = "double", padding = { 0, 2 }, ui.text "b" },
    }
    """

    func testBoxDrawsTitledBorderAroundItsChildren() throws {
        XCTAssertEqual(lines(try host(script, rows: 9)), [
            "           S",
            "────────────────────────",
            " ╭─ Settings ─────────╮",
            " │ Name               │",
            " │ › [ Save ]         │",
            " ╰────────────────────╯",
            " ╔════════════════════╗",
            " ║  b                 ║",
            " ╚════════════════════╝",
        ])
    }

    func testTitleIsCutWithAnEllipsisWhenNarrow() throws {
        let host = try host("return ui.screen { ui.box { title = 'A long title here', ui.text 'x' } }", cols: 14, rows: 5)
        assertShows(host, " ╭─ A lon… ─╮")
    }

    func testASCIIDrawsEveryBorderInASCII() throws {
        let host = try host(script, rows: 9, ascii: true)
        assertShows(host, " +- Settings ---------+")
        assertShows(host, " |  b                 |")
    }

    func testPaddingAsANumberAndNoBorder() throws {
        let host = try host("return ui.screen { ui.box { border = 'none', padding = 1, ui.text 'in' }, ui.text 'after' }", rows: 6)
        XCTAssertEqual(Array(lines(host).suffix(4)), ["", "  in", "", " after"])
    }

    func testBorderTakesTheAccentWhileFocusIsInside() throws {
        let host = try host(script, rows: 9)
        var frame = host.render()
        XCTAssertEqual(frame[1, 2].style, .accent)
        XCTAssertEqual(frame[1, 6].style, .border)
        press(host, .tab)
        frame = host.render()
        XCTAssertEqual(frame[1, 2].style, .accent, "Save is the only focusable: focus stays inside")
    }

    func testBoxFieldsAreChecked() throws {
        for (source, message) in [
            ("ui.box { border = 'dashed' }", "ui.box: border must be one of"),
            ("ui.box { padding = -1 }", "ui.box: padding must be at least 0"),
            ("ui.box { padding = { 1 } }", "ui.box: padding must be a number or { rows, columns }"),
            ("ui.box { titel = 'x' }", "did you mean 'title'?"),
        ] {
            XCTAssertThrowsError(try host("return ui.screen { \(source) }"), source) { error in
                XCTAssertTrue(((error as? LuaError)?.message ?? "").contains(message), "\(source): \(error)")
            }
        }
    }

    func testBoxDrawsNothingInAnEmptyArea() throws {
        for (cols, rows) in [(0, 0), (1, 1), (2, 2), (3, 3)] {
            let host = try host(script, cols: cols, rows: rows)
            let frame = host.render()
            XCTAssertEqual(frame.width, cols)
            XCTAssertEqual(frame.height, rows)
        }
    }
}
