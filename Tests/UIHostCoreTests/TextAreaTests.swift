import LuaBridge
import XCTest
@testable import UIHostCore

private typealias Host = UIHostCore.Host

/// `ui.textarea`: Enter inserts a line break, Up/Down move by line, the view
/// follows the caret, Tab still moves focus.
final class TextAreaTests: XCTestCase {
    private var scratch = ScratchDirectory(prefix: "uihtextarea")

    override func tearDown() {
        scratch.remove()
    }

    private func host(_ source: String, cols: Int = 24, rows: Int = 8) throws -> Host {
        try Host(script: try scratch.write("s.lua", source), options: HostOptions(size: Size(cols: cols, rows: rows)))
    }

    private func lines(_ host: Host) -> [String] {
        let frame = host.render()
        return (0..<frame.height).map { String(frame.line($0).reversed().drop { $0 == " " }.reversed()) }
    }

    private func type(_ host: Host, _ text: String) {
        for c in text {
            host.send(.key(c == " " ? .space : c == "\n" ? .enter : .character(c)))
        }
    }

    private let script = """
    changes = 0
    notes = ui.textarea { label = "Notes", height = 3, onChange = function(v) changes = changes + 1 end }
    return ui.screen { title = "T", notes, ui.button { title = "Save" } }
    """

    func testEnterStartsANewLineAndTheValueIsWrittenBack() throws {
        let host = try host(script)
        type(host, "one\ntwo")
        XCTAssertEqual(try host.evalString("notes.value"), "one\ntwo")
        XCTAssertEqual(try host.evalString("changes"), "7")
        XCTAssertEqual(Array(lines(host)[2...5]), [" Notes", " › [one               ]", "   [two               ]", "   [                  ]"])
        XCTAssertEqual(host.cursor, Point(x: 7, y: 4))
    }

    func testUpAndDownMoveByLineAndLeaveAtTheEnds() throws {
        let host = try host(script)
        type(host, "first\nab")
        press(host, .up)
        XCTAssertEqual(host.cursor, Point(x: 6, y: 3), "the column is kept where the line allows")
        press(host, .down, .down)          // past the last line: focus moves on
        XCTAssertNil(host.cursor)
        XCTAssertEqual(lines(host)[6], " › [ Save ]")
    }

    func testBackspaceAtALineStartJoinsTheLines() throws {
        let host = try host(script)
        type(host, "ab\ncd")
        press(host, .home, .backspace)
        XCTAssertEqual(try host.evalString("notes.value"), "abcd")
        XCTAssertEqual(host.cursor, Point(x: 6, y: 3))
    }

    func testTheViewScrollsToTheCaretLine() throws {
        let host = try host(script)
        type(host, "1\n2\n3\n4\n5")
        XCTAssertEqual(Array(lines(host)[3...5]), [" › [3                 ]", "   [4                 ]", "   [5                 ]"])
        press(host, .up, .up, .up)
        XCTAssertEqual(lines(host)[3], " › [2                 ]")
    }

    func testTabStillMovesFocusAndAPasteKeepsItsLines() throws {
        let host = try host(script)
        host.send(.paste("a\r\nb"))
        XCTAssertEqual(try host.evalString("notes.value"), "a\nb")
        press(host, .tab)
        XCTAssertEqual(lines(host)[6], " › [ Save ]")
    }

    func testDrawingNeverFailsInTinyAreas() throws {
        for (cols, rows) in [(0, 0), (1, 1), (4, 3), (6, 4)] {
            let frame = try host(script, cols: cols, rows: rows).render()
            XCTAssertEqual(frame.width, cols)
            XCTAssertEqual(frame.height, rows)
        }
    }
}
