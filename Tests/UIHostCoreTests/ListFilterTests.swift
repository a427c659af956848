import LuaBridge
import XCTest
@testable import UIHostCore

private typealias Host = UIHostCore.Host

/// `ui.list { filter = true }`: typing keeps the items whose title holds the
/// typed characters in order, marked; Backspace takes one back, Esc clears.
final class ListFilterTests: XCTestCase {
    private var scratch = ScratchDirectory(prefix: "uihlfilt")

    override func tearDown() {
        scratch.remove()
    }

    private func host(_ items: String = #""Apple", "Banana", "Cherry", "Raspberry", { title = "Blackberry" }"#,
                      filter: Bool = true) throws -> Host {
        try Host(script: try scratch.write("s.lua", """
            chosen = nil
            fruit = ui.list { filter = \(filter), items = { \(items) },
              onSelect = function(item, i) chosen = (item.title or item) .. "#" .. i end }
            return ui.screen { title = "F", fruit, ui.button { title = "Next" } }
            """), options: HostOptions(size: Size(cols: 30, rows: 9)))
    }

    private func type(_ host: Host, _ text: String) {
        for c in text { press(host, .character(c)) }
    }

    func testTheMatchIsInOrderWithoutCase() {
        XCTAssertEqual(ListFilter.match("rr", in: "Cherry"), [3, 4])
        XCTAssertEqual(ListFilter.match("BRY", in: "Blackberry"), [0, 7, 9])
        XCTAssertNil(ListFilter.match("yr", in: "Cherry"))
        XCTAssertEqual(ListFilter.match("", in: "x"), [])
    }

    func testTypingKeepsTheMatchesAndTheCursorChoosesAmongThem() throws {
        let host = try host()
        type(host, "rr")
        let frame = host.render()
        XCTAssertEqual((2..<6).map { frame.line($0) }, ["   / rr  3 matches", " › Cherry", "   Raspberry", "   Blackberry"])
        // The matched characters are marked: "rr" of Cherry.
        XCTAssertTrue(frame[6, 3].style.attributes.contains(.underline))
        XCTAssertFalse(frame[5, 3].style.attributes.contains(.underline))
        press(host, .down, .enter)
        XCTAssertEqual(try host.evalString("chosen"), "Raspberry#4", "the index is the item's own")
        XCTAssertEqual(try host.evalString("fruit.selected"), "4")
    }

    func testBackspaceTakesOneBackAndEscClears() throws {
        let host = try host()
        type(host, "ch")
        XCTAssertEqual(host.render().line(2), "   / ch  1 match")
        press(host, .backspace)
        XCTAssertEqual(host.render().line(2), "   / c  2 matches")
        press(host, .esc)
        XCTAssertEqual(host.render().line(2), " › Apple")
        XCTAssertEqual(try host.evalString("fruit.selected"), "1")
    }

    func testNothingMatchingShowsNoRowsAndEnterChoosesNothing() throws {
        let host = try host()
        type(host, "zz")
        XCTAssertEqual(host.render().line(2), "   / zz  0 matches")
        press(host, .enter)
        XCTAssertEqual(try host.evalString("chosen"), "nil")
    }

    func testWithoutFilterTypingDoesNothingToTheList() throws {
        let host = try host(filter: false)
        type(host, "rr")
        XCTAssertEqual(host.render().line(2), " › Apple")
    }

    func testOnlyTheFirstItemsAreLookedAt() throws {
        let host = try host(#"table.unpack((function() local t = {} for i = 1, 10000 do t[i] = "no" end t[10001] = "yes" return t end)())"#)
        type(host, "y")
        XCTAssertEqual(host.render().line(2), "   / y  0 matches")
    }

    func testDrawingNeverFailsInTinyAreas() throws {
        for size in [(0, 0), (1, 1), (4, 3)] {
            let host = try Host(script: try scratch.write("t.lua", """
                return ui.screen { ui.list { filter = true, autofocus = true, items = { "Apple", "Banana" } } }
                """), options: HostOptions(size: Size(cols: size.0, rows: size.1)))
            type(host, "a")
            _ = host.render()
        }
    }
}
