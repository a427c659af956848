import XCTest
@testable import TerminalIO
import Drawing

/// The diff writer: only changed runs, one cursor move per run, a style only
/// when it changes, nothing at all for an unchanged frame.
final class ScreenWriterTests: XCTestCase {
    func testFirstFrameClearsAndDrawsEverything() {
        var writer = ScreenWriter(colors: false)
        let out = writer.update(to: FrameBuffer(lines: ["ab", "cd"]))
        XCTAssertTrue(out.hasPrefix("\u{1B}[0m\u{1B}[H\u{1B}[2J"))
        XCTAssertTrue(out.contains("ab") && out.contains("cd"), out)
    }

    func testUnchangedFrameWritesNothing() {
        var writer = ScreenWriter(colors: true)
        let frame = FrameBuffer(lines: ["hello", "world"])
        _ = writer.update(to: frame)
        XCTAssertEqual(writer.update(to: frame), "")
    }

    func testOneChangedCellWritesOneMoveAndOneCharacter() {
        var writer = ScreenWriter(colors: false)
        _ = writer.update(to: FrameBuffer(lines: ["hello", "world"]))
        XCTAssertEqual(writer.update(to: FrameBuffer(lines: ["hello", "wOrld"])), "\u{1B}[2;2HO")
    }

    func testStyleIsEmittedOnlyWhenItChanges() {
        var writer = ScreenWriter(colors: true)
        var frame = FrameBuffer(width: 6, height: 1)
        _ = writer.update(to: frame)
        frame.put("abc", x: 0, y: 0, style: .reverse)
        frame.put("de", x: 3, y: 0, style: .bold)
        let out = writer.update(to: frame)
        XCTAssertEqual(out, "\u{1B}[1;1H\u{1B}[7mabc\u{1B}[0;1mde\u{1B}[0m")
    }

    func testPlainWriterEmitsNoAttributes() {
        var writer = ScreenWriter(colors: false)
        var frame = FrameBuffer(width: 4, height: 1)
        _ = writer.update(to: frame)
        frame.put("ab", x: 0, y: 0, style: .reverse)
        XCTAssertEqual(writer.update(to: frame), "\u{1B}[1;1Hab")
    }

    func testChangeOnTheSecondHalfOfAWideGlyphRewritesTheGlyph() {
        var writer = ScreenWriter(colors: false)
        _ = writer.update(to: FrameBuffer(lines: ["aあb"]))
        var frame = FrameBuffer(lines: ["aあb"])
        frame.put("い", x: 1, y: 0)
        XCTAssertEqual(writer.update(to: frame), "\u{1B}[1;2Hい")
    }

    func testAFocusMoveOnAListWritesAFewBytesOfAFullFrame() {
        var writer = ScreenWriter(colors: true)
        let rows = (1...24).map { "   Item \($0)" + String(repeating: " ", count: 60) }
        var before = FrameBuffer(width: 80, height: 24)
        for (y, row) in rows.enumerated() { before.put(row, x: 0, y: y) }
        before.put("›", x: 1, y: 3, style: .bold)
        let full = writer.update(to: before)
        var after = before
        after.put(" ", x: 1, y: 3)
        after.put("›", x: 1, y: 4, style: .bold)
        let move = writer.update(to: after)
        XCTAssertLessThan(move.utf8.count * 20, full.utf8.count, "a focus move writes under 5% of a full frame: \(move.debugDescription)")
    }

    func testInvalidateDrawsTheWholeFrameAgain() {
        var writer = ScreenWriter(colors: false)
        let frame = FrameBuffer(lines: ["x"])
        _ = writer.update(to: frame)
        writer.invalidate()
        XCTAssertTrue(writer.update(to: frame).hasPrefix("\u{1B}[0m\u{1B}[H\u{1B}[2J"))
    }
}

/// Colours on the wire: tokens resolved through the theme, brought down to the
/// terminal's depth, and written only where the style changes.
final class ScreenWriterColorTests: XCTestCase {
    func testColoursFollowDepthAndTheme() {
        var frame = FrameBuffer(width: 4, height: 1)
        frame.put("ab", x: 0, y: 0, style: .accent)
        var writer = ScreenWriter(depth: .palette256, theme: .dark)
        _ = writer.update(to: FrameBuffer(width: 4, height: 1))
        let out = writer.update(to: frame)
        XCTAssertEqual(out, "\u{1B}[1;1H\u{1B}[38;5;75mab\u{1B}[0m")
        writer.theme = .mono
        XCTAssertTrue(writer.update(to: frame).contains("\u{1B}[1mab"), "a new theme repaints; mono's accent is bold")
    }

    func testNoColourWritesNoStyleAtAll() {
        var frame = FrameBuffer(width: 4, height: 1)
        frame.put("ab", x: 0, y: 0, style: Style(fg: .rgb(1, 2, 3), attributes: .bold))
        var writer = ScreenWriter(depth: nil)
        _ = writer.update(to: FrameBuffer(width: 4, height: 1))
        XCTAssertEqual(writer.update(to: frame), "\u{1B}[1;1Hab")
    }
}

/// A long stretch of blanks that changed is erased (ECH) rather than written.
final class ScreenWriterEraseTests: XCTestCase {
    func testALongChangedBlankStretchIsErasedInPlace() {
        var before = FrameBuffer(width: 30, height: 1)
        before.put("ab", x: 0, y: 0)
        var after = FrameBuffer(width: 30, height: 1)
        after.put("ab", x: 0, y: 0)
        after.addStyle(.focused, in: Rect(x: 0, y: 0, width: 30, height: 1))
        var writer = ScreenWriter(depth: .palette256, theme: .dark)
        _ = writer.update(to: before)
        XCTAssertEqual(writer.update(to: after), "\u{1B}[1;1H\u{1B}[48;5;25mab\u{1B}[28X\u{1B}[0m")
        XCTAssertEqual(writer.update(to: before), "\u{1B}[1;1Hab\u{1B}[28X", "each update starts plain: no reset needed")
    }

    func testReverseBlanksAreWrittenNotErased() {
        var after = FrameBuffer(width: 20, height: 1)
        after.addStyle(.reverse, in: after.bounds)
        var writer = ScreenWriter(depth: .ansi16)
        _ = writer.update(to: FrameBuffer(width: 20, height: 1))
        XCTAssertEqual(writer.update(to: after), "\u{1B}[1;1H\u{1B}[7m" + String(repeating: " ", count: 20) + "\u{1B}[0m")
    }

    /// Without colour nothing dims behind a popup: the rows its box crosses show
    /// only the box; with colour what is behind stays (the backdrop dims it).
    func testPlainWriterBlanksTheRowsAPopupBoxCrosses() {
        var frame = FrameBuffer(lines: ["Message 1", "Message 2"])
        frame.addBox(Rect(x: 2, y: 1, width: 3, height: 1))
        frame.fill(Rect(x: 2, y: 1, width: 3, height: 1), with: "#")
        var plain = ScreenWriter(colors: false)
        let out = plain.update(to: frame)
        XCTAssertTrue(out.contains("Message 1"), out)
        XCTAssertTrue(out.contains("  ###    "), out)
        XCTAssertFalse(out.contains("Me###"), out)
        var colour = ScreenWriter(colors: true)
        XCTAssertTrue(colour.update(to: frame).contains("Me###ge 2"))
    }
}
