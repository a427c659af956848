import XCTest
@testable import TerminalIO
import Drawing

/// The terminal cursor: each update ends with it placed and shown, or hidden,
/// and writes nothing about it when nothing about it changed.
final class ScreenWriterCursorTests: XCTestCase {
    private let show = "\u{1B}[?25h"
    private let hide = "\u{1B}[?25l"

    private func frame(_ lines: [String], cursor: Point?) -> FrameBuffer {
        var frame = FrameBuffer(lines: lines)
        frame.cursor = cursor
        return frame
    }

    func testHiddenCursorWritesNothingExtra() {
        var writer = ScreenWriter(colors: false)
        let out = writer.update(to: frame(["ab"], cursor: nil))
        XCTAssertFalse(out.contains(show) || out.contains(hide), out.debugDescription)
    }

    func testCursorIsPlacedAndShownAfterDrawing() {
        var writer = ScreenWriter(colors: false)
        _ = writer.update(to: frame(["name:    "], cursor: nil))
        let out = writer.update(to: frame(["name: a  "], cursor: Point(x: 7, y: 0)))
        XCTAssertEqual(out, "\u{1B}[1;7Ha\u{1B}[1;8H" + show)
    }

    func testTypingWithTheCursorShownMovesItBackOnly() {
        var writer = ScreenWriter(colors: false)
        _ = writer.update(to: frame(["a   "], cursor: Point(x: 1, y: 0)))
        let out = writer.update(to: frame(["ab  "], cursor: Point(x: 2, y: 0)))
        XCTAssertEqual(out, "\u{1B}[1;2Hb\u{1B}[1;3H")
        XCTAssertLessThanOrEqual(out.utf8.count, 40)
    }

    func testUnchangedFrameAndCursorWriteNothing() {
        var writer = ScreenWriter(colors: true)
        let f = frame(["ab"], cursor: Point(x: 1, y: 0))
        _ = writer.update(to: f)
        XCTAssertEqual(writer.update(to: f), "")
    }

    func testCursorMoveAloneWritesOnlyTheMove() {
        var writer = ScreenWriter(colors: false)
        _ = writer.update(to: frame(["abc"], cursor: Point(x: 2, y: 0)))
        XCTAssertEqual(writer.update(to: frame(["abc"], cursor: Point(x: 0, y: 0))), "\u{1B}[1;1H")
    }

    func testCursorHiddenAgainWhenTheFrameHasNone() {
        var writer = ScreenWriter(colors: false)
        _ = writer.update(to: frame(["abc"], cursor: Point(x: 2, y: 0)))
        XCTAssertEqual(writer.update(to: frame(["abc"], cursor: nil)), hide)
        XCTAssertEqual(writer.update(to: frame(["abc"], cursor: nil)), "")
    }

    func testAfterInvalidateTheCursorStateIsWrittenAgain() {
        var writer = ScreenWriter(colors: false)
        _ = writer.update(to: frame(["abc"], cursor: Point(x: 2, y: 0)))
        writer.invalidate()
        XCTAssertTrue(writer.update(to: frame(["abc"], cursor: nil)).hasSuffix(hide))
        writer.invalidate()
        XCTAssertTrue(writer.update(to: frame(["abc"], cursor: Point(x: 1, y: 0))).hasSuffix("\u{1B}[1;2H" + show))
    }

    func testCursorOutsideTheFrameIsHidden() {
        var f = FrameBuffer(lines: ["ab"])
        f.cursor = Point(x: 2, y: 0)
        XCTAssertNil(f.cursor)
        f.cursor = Point(x: 1, y: 0)
        f.clear()
        XCTAssertNil(f.cursor, "a cleared frame is redrawn from nothing, cursor included")
    }
}
