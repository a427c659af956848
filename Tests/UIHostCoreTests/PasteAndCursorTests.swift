import XCTest
@testable import UIHostCore

/// Pastes go to the focused component as text, never through key handling;
/// the host reports where the terminal cursor shows.
final class PasteAndCursorTests: XCTestCase {
    private var scratch = ScratchDirectory()

    override func tearDownWithError() throws { scratch.remove() }

    private func host(_ source: String) throws -> UIHostCore.Host {
        let options = HostOptions(size: Size(cols: 40, rows: 8), log: { _ in })
        return try UIHostCore.Host(script: try scratch.write("s.lua", source), options: options)
    }

    private let script = """
    pressed = 0
    return ui.screen { title = "P", ui.button { title = "Go", onSelect = function() pressed = pressed + 1 end } }
    """

    func testPastedQDoesNotQuitAndPastedNewlineDoesNotPress() throws {
        let host = try host(script)
        host.send(.paste("q"))
        host.send(.paste("\n"))
        host.send(.paste("q\nq"))
        XCTAssertNil(host.quitCode)
        XCTAssertEqual(try host.evalString("pressed"), "0")
        press(host, .character("q"))
        XCTAssertEqual(host.quitCode, 0)
    }

    func testPasteIntoANodeThatTakesNoTextChangesNothing() throws {
        let host = try host(script)
        let before = host.render()
        host.send(.paste("hello"))
        XCTAssertEqual(host.render(), before)
        XCTAssertTrue(host.errors.isEmpty)
    }

    func testCursorIsHiddenWithoutATextField() throws {
        let host = try host(script)
        XCTAssertNil(host.cursor)
        press(host, .tab, .enter)
        XCTAssertNil(host.cursor)
    }

    func testCursorPlacedInTheFrameIsReported() throws {
        let host = try host(script)
        host.testCursor = Point(x: 3, y: 2)
        XCTAssertEqual(host.cursor, Point(x: 3, y: 2))
        XCTAssertEqual(host.render().cursor, Point(x: 3, y: 2))
        host.testCursor = Point(x: 40, y: 2)  // outside the 40-column frame
        XCTAssertNil(host.cursor)
        host.testCursor = nil
        XCTAssertNil(host.cursor)
    }
}
