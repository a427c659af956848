import LuaBridge
import XCTest
@testable import UIHostCore

private typealias Host = UIHostCore.Host

/// A list item's `description`: a second row under its title, every item two
/// rows when the first has one; the cursor, clicks and scrolling go by items.
final class ListDescriptionTests: XCTestCase {
    private var scratch = ScratchDirectory(prefix: "uihldesc")

    override func tearDown() {
        scratch.remove()
    }

    private func host(_ items: String, cols: Int = 24, rows: Int = 7) throws -> Host {
        try Host(script: try scratch.write("s.lua", """
            chosen = nil
            return ui.screen { title = "L", ui.list { items = { \(items) },
              onSelect = function(item, i) chosen = i end } }
            """), options: HostOptions(size: Size(cols: cols, rows: rows)))
    }

    private let three = """
        { title = "One", description = "first" }, { title = "Two" }, { title = "Three", description = "third" }
        """

    func testEachItemTakesTwoRowsWithItsDescriptionUnder() throws {
        let frame = try host(three).render()
        // Five rows hold two items whole; half an item is not drawn.
        XCTAssertEqual((2..<7).map { frame.line($0) }, [" › One", "   first", "   Two", "", ""])
    }

    func testTheCursorAndAClickGoByItems() throws {
        let host = try host(three)
        press(host, .down, .down)
        // Three items of two rows in five: the view scrolled to show the third whole.
        let frame = host.render()
        XCTAssertEqual(frame.line(4), " › Three")
        XCTAssertEqual(frame.line(5), "   third")
        // A click on the description row of an item chooses that item.
        host.send(.mouse(MouseEvent(.press, column: 5, row: 4)))
        host.send(.mouse(MouseEvent(.release, column: 5, row: 4)))
        XCTAssertEqual(try host.evalString("chosen"), "2")
    }

    func testWithoutADescriptionOnTheFirstItemRowsStayOne() throws {
        let frame = try host(#"{ title = "One" }, { title = "Two", description = "left out" }"#).render()
        XCTAssertEqual((2..<4).map { frame.line($0) }, [" › One", "   Two"])
    }

    func testTheDescriptionReadsAsTheItemsValue() throws {
        let host = try host(three)
        _ = host.render()
        let list = try XCTUnwrap(host.semanticTree()?.children.first)
        XCTAssertEqual(list.role, "list")
        XCTAssertEqual(list.children.first?.value, "first")
    }

    func testDrawingNeverFailsInTinyAreas() throws {
        for size in [(0, 0), (1, 1), (5, 3)] {
            _ = try host(three, cols: size.0, rows: size.1).render()
        }
    }
}
