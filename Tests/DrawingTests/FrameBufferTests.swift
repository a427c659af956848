import XCTest
@testable import Drawing

final class FrameBufferTests: XCTestCase {
    private func lines(_ frame: FrameBuffer) -> [String] {
        (0..<frame.height).map { frame.line($0) }
    }

    // MARK: - Size

    func testNewFrameIsBlankWithRequestedSize() {
        let frame = FrameBuffer(width: 4, height: 3)
        XCTAssertEqual(frame.width, 4)
        XCTAssertEqual(frame.height, 3)
        XCTAssertEqual(frame.cells.count, 12)
        XCTAssertTrue(frame.cells.allSatisfy { $0 == .blank })
        XCTAssertEqual(frame.text, "\n\n")
    }

    func testNegativeSizeIsEmpty() {
        var frame = FrameBuffer(width: -3, height: -1)
        XCTAssertEqual(frame.width, 0)
        XCTAssertEqual(frame.height, 0)
        XCTAssertEqual(frame.put("text", x: 0, y: 0), 0)
        frame.fill(Rect(x: 0, y: 0, width: 5, height: 5), with: "#")
        XCTAssertEqual(frame.text, "")
    }

    func testZeroByZeroFrameAcceptsEveryDrawingCall() {
        var frame = FrameBuffer(width: 0, height: 0)
        frame.put("あいう", x: 0, y: 0)
        frame.put("x", x: -1, y: -1)
        frame.fill(frame.bounds, with: "─")
        frame.addStyle(.bold, in: Rect(x: 0, y: 0, width: 3, height: 3))
        frame.clear()
        XCTAssertEqual(frame.text, "")
        XCTAssertEqual(frame.line(0), "")
        XCTAssertNil(frame.find("x"))
    }

    func testOneByOneFrameKeepsOneNarrowCell() {
        var frame = FrameBuffer(width: 1, height: 1)
        frame.put("あ", x: 0, y: 0)
        XCTAssertEqual(frame[0, 0], Cell(char: " ", width: 1, style: .plain), "a wide glyph never straddles the edge")
        frame.put("ab", x: 0, y: 0)
        XCTAssertEqual(frame.text, "a")
    }

    // MARK: - put and clipping

    func testPutWritesTextAndReturnsColumnsAdvanced() {
        var frame = FrameBuffer(width: 10, height: 2)
        XCTAssertEqual(frame.put("hello", x: 2, y: 1), 5)
        XCTAssertEqual(lines(frame), ["", "  hello"])
        XCTAssertEqual(frame.put("あい", x: 0, y: 0), 4)
    }

    func testPutClipsAtFrameEdges() {
        var frame = FrameBuffer(width: 5, height: 2)
        frame.put("abcdefgh", x: 2, y: 0)
        frame.put("abcdefgh", x: -3, y: 1)
        frame.put("never", x: 0, y: 2)
        frame.put("never", x: 0, y: -1)
        XCTAssertEqual(lines(frame), ["  abc", "defgh"])
    }

    func testPutClipsToTheClipRectangle() {
        var frame = FrameBuffer(width: 10, height: 3)
        let clip = Rect(x: 2, y: 1, width: 4, height: 1)
        frame.put("abcdefgh", x: 0, y: 1, clip: clip)
        frame.put("outside", x: 2, y: 0, clip: clip)
        XCTAssertEqual(lines(frame), ["", "  cdef", ""])
    }

    func testPutSkipsZeroWidthCharacters() {
        var frame = FrameBuffer(width: 6, height: 1)
        XCTAssertEqual(frame.put("a\u{200B}b", x: 0, y: 0), 2)
        XCTAssertEqual(frame.line(0), "ab")
    }

    func testPutKeepsStyle() {
        var frame = FrameBuffer(width: 4, height: 1)
        frame.put("ab", x: 1, y: 0, style: .bold)
        XCTAssertEqual(frame[0, 0].style, .plain)
        XCTAssertEqual(frame[1, 0].style, .bold)
        XCTAssertEqual(frame[2, 0].style, .bold)
        XCTAssertEqual(frame[3, 0].style, .plain)
    }

    // MARK: - Wide glyphs

    func testWideGlyphTakesItsCellAndAContinuation() {
        var frame = FrameBuffer(width: 4, height: 1)
        frame.put("猫", x: 1, y: 0)
        XCTAssertEqual(frame[1, 0].char, "猫")
        XCTAssertEqual(frame[1, 0].width, 2)
        XCTAssertEqual(frame[2, 0].width, 0)
        XCTAssertEqual(frame.line(0), " 猫")
    }

    func testWideGlyphAtRightEdgeBecomesSpace() {
        var frame = FrameBuffer(width: 5, height: 1)
        frame.put("abcdあ", x: 0, y: 0)
        XCTAssertEqual(frame[4, 0], Cell(char: " ", width: 1, style: .plain))
        XCTAssertEqual(frame.line(0), "abcd")
        var odd = FrameBuffer(width: 5, height: 1)
        XCTAssertEqual(odd.put("あいう", x: 0, y: 0), 5, "the cut glyph's column counts")
        XCTAssertEqual(odd.line(0), "あい")
        XCTAssertEqual(odd[4, 0].width, 1)
    }

    func testWideGlyphAtClipEdgeBecomesSpace() {
        var frame = FrameBuffer(width: 8, height: 1)
        frame.put("########", x: 0, y: 0)
        frame.put("あいう", x: 1, y: 0, clip: Rect(x: 1, y: 0, width: 5, height: 1))
        XCTAssertEqual(frame.line(0), "#あい ##")
    }

    func testWideGlyphCutAtLeftClipEdgeBecomesSpace() {
        var frame = FrameBuffer(width: 8, height: 1)
        frame.put("########", x: 0, y: 0)
        frame.put("あいう", x: 1, y: 0, clip: Rect(x: 2, y: 0, width: 5, height: 1))
        XCTAssertEqual(frame.line(0), "## いう#")
        frame.put("あb", x: -1, y: 0)
        XCTAssertEqual(frame.line(0), " b いう#")
    }

    func testOverwritingFirstHalfOfWideGlyphBlanksSecondHalf() {
        var frame = FrameBuffer(width: 4, height: 1)
        frame.put("あい", x: 0, y: 0)
        frame.put("x", x: 0, y: 0)
        XCTAssertEqual(frame.line(0), "x い")
        XCTAssertEqual(frame[1, 0], Cell(char: " ", width: 1, style: .plain))
    }

    func testOverwritingSecondHalfOfWideGlyphBlanksFirstHalf() {
        var frame = FrameBuffer(width: 4, height: 1)
        frame.put("あい", x: 0, y: 0)
        frame.put("x", x: 1, y: 0)
        XCTAssertEqual(frame.line(0), " xい")
        XCTAssertEqual(frame[0, 0].width, 1)
        XCTAssertEqual(frame[1, 0].width, 1)
    }

    func testWideGlyphOverlappingTwoWideGlyphsBlanksBothLeftovers() {
        var frame = FrameBuffer(width: 6, height: 1)
        frame.put("あいう", x: 0, y: 0)
        frame.put("猫", x: 1, y: 0)
        XCTAssertEqual(frame.line(0), " 猫 う")
        XCTAssertTrue(frame.cells.enumerated().allSatisfy { i, cell in
            cell.width != 0 || (i > 0 && frame.cells[i - 1].width == 2)
        }, "every continuation follows a wide glyph")
    }

    func testFillOverWideGlyphLeavesNoOrphans() {
        var frame = FrameBuffer(width: 6, height: 2)
        frame.put("あいう", x: 0, y: 0)
        frame.fill(Rect(x: 1, y: 0, width: 3, height: 2), with: "-")
        XCTAssertEqual(lines(frame), [" ---う", " ---"])
    }

    // MARK: - Reading

    func testLineTrimsTrailingSpaces() {
        var frame = FrameBuffer(width: 10, height: 2)
        frame.put("ab  c   ", x: 1, y: 0)
        XCTAssertEqual(frame.line(0), " ab  c")
        XCTAssertEqual(frame.line(1), "")
        XCTAssertEqual(frame.line(-1), "")
        XCTAssertEqual(frame.line(2), "")
        XCTAssertEqual(frame.text, " ab  c\n")
    }

    func testFindReturnsDisplayColumns() {
        var frame = FrameBuffer(width: 20, height: 3)
        frame.put("あいX", x: 0, y: 1)
        frame.put("›  target", x: 2, y: 2)
        XCTAssertEqual(frame.find("X")?.x, 4)
        XCTAssertEqual(frame.find("X")?.y, 1)
        XCTAssertEqual(frame.find("い")?.x, 2)
        XCTAssertEqual(frame.find("target")?.x, 5)
        XCTAssertEqual(frame.find("target")?.y, 2)
        XCTAssertNil(frame.find("absent"))
        XCTAssertNil(frame.find(""))
    }

    func testFindReturnsFirstOccurrenceInReadingOrder() {
        var frame = FrameBuffer(width: 10, height: 2)
        frame.put("  ok", x: 0, y: 0)
        frame.put("ok", x: 0, y: 1)
        XCTAssertEqual(frame.find("ok")?.x, 2)
        XCTAssertEqual(frame.find("ok")?.y, 0)
    }

    // MARK: - Expected frames

    func testFrameFromLinesHasWidestLineWidth() {
        let frame = FrameBuffer(lines: ["ab", "あいう", ""])
        XCTAssertEqual(frame.width, 6)
        XCTAssertEqual(frame.height, 3)
        XCTAssertEqual(frame.text, "ab\nあいう\n")
    }

    func testFrameFromLinesEqualsSameDrawing() {
        var drawn = FrameBuffer(width: 13, height: 1)
        drawn.put(" Tab1 │ Tab2 ", x: 0, y: 0)
        XCTAssertEqual(drawn, FrameBuffer(lines: [" Tab1 │ Tab2 "]))
        XCTAssertNotEqual(drawn, FrameBuffer(lines: [" Tab1 │ Tab3 "]))
    }

    func testFrameFromNoLinesIsEmpty() {
        let frame = FrameBuffer(lines: [])
        XCTAssertEqual(frame.width, 0)
        XCTAssertEqual(frame.height, 0)
    }

    func testClearBlanksEveryCell() {
        var frame = FrameBuffer(lines: ["あbc", "def"])
        frame.clear()
        XCTAssertEqual(frame, FrameBuffer(width: 4, height: 2))
    }

    func testAddStyleKeepsText() {
        var frame = FrameBuffer(lines: ["abc"])
        frame.addStyle(.reverse, in: Rect(x: 1, y: 0, width: 5, height: 5))
        XCTAssertEqual(frame.line(0), "abc")
        XCTAssertEqual(frame[0, 0].style, .plain)
        XCTAssertTrue(frame[2, 0].style.contains(.reverse))
    }

    // MARK: - Popup boxes in plain text

    /// Three rows of text with a box drawn over the middle of the second and third.
    private func framed() -> FrameBuffer {
        var frame = FrameBuffer(lines: ["Message 1 starred", "Message 2 starred", "Message 3 starred"])
        frame.addBox(Rect(x: 3, y: 1, width: 5, height: 2))
        frame.fill(Rect(x: 3, y: 1, width: 5, height: 2), with: "#")
        return frame
    }

    func testRowsABoxCrossesShowOnlyTheBox() {
        let frame = framed()
        XCTAssertEqual(lines(frame), ["Message 1 starred", "   #####", "   #####"])
        XCTAssertEqual(frame.find("starred")?.y, 0, "the row above keeps its text")
        XCTAssertNil(frame.find("Mes#"))
        XCTAssertEqual(frame[0, 1].char, "M", "the cells keep what is behind (colour shows it dimmed)")
        XCTAssertEqual((0..<3).map { frame.plainShown.line($0) }, lines(frame))
        XCTAssertTrue(frame.plainShown.boxes.isEmpty)
        XCTAssertEqual(frame.plainShown[0, 1].char, " ")
    }

    func testABoxDrawnLaterHidesTheRestOfItsRowsOfTheOneBelow() {
        var frame = FrameBuffer(lines: ["aaaaaaaaaa", "aaaaaaaaaa", "aaaaaaaaaa"])
        frame.addBox(Rect(x: 0, y: 1, width: 10, height: 2)) // a sheet over the two lower rows
        frame.fill(Rect(x: 0, y: 1, width: 10, height: 2), with: "s")
        frame.addBox(Rect(x: 2, y: 2, width: 3, height: 1))  // a list open in it, over its last row
        frame.fill(Rect(x: 2, y: 2, width: 3, height: 1), with: "m")
        XCTAssertEqual(lines(frame), ["aaaaaaaaaa", "ssssssssss", "  mmm"])
    }

    func testAToastOrBannerOverABoxRowStaysShownAndBlanksNothing() {
        var frame = framed()
        frame.addBox(Rect(x: 12, y: 2, width: 5, height: 1), blanksRows: false)
        frame.put("toast", x: 12, y: 2)
        XCTAssertEqual(frame.line(2), "   #####    toast")
        var plain = FrameBuffer(lines: ["Message 1 starred"])
        plain.addBox(Rect(x: 12, y: 0, width: 5, height: 1), blanksRows: false)
        XCTAssertTrue(plain.boxes.isEmpty, "with no popup box below, a toast is no box")
        XCTAssertEqual(plain.line(0), "Message 1 starred")
    }

    func testWideGlyphsBesideABoxBlankBothColumns() {
        var frame = FrameBuffer(lines: ["日本日本"])
        frame.addBox(Rect(x: 4, y: 0, width: 2, height: 1))
        frame.fill(Rect(x: 4, y: 0, width: 2, height: 1), with: "#")
        XCTAssertEqual(frame.line(0), "    ##")
        XCTAssertEqual(DisplayWidth.of(frame.line(0)), 6)
        let shown = frame.plainShown
        XCTAssertEqual(shown.line(0), "    ##")
        XCTAssertEqual(shown[1, 0].width, 1, "no half of a wide glyph is left")
    }

    func testBoxesOutsideTheFrameOrEmptyAreIgnoredAndClearForgetsThem() {
        var frame = FrameBuffer(lines: ["abc"])
        frame.addBox(Rect(x: 5, y: 0, width: 3, height: 1))
        frame.addBox(Rect(x: 0, y: 0, width: 0, height: 1))
        XCTAssertTrue(frame.boxes.isEmpty)
        XCTAssertEqual(frame.line(0), "abc")
        frame.addBox(Rect(x: 1, y: 0, width: 1, height: 1))
        XCTAssertEqual(frame.line(0), " b")
        frame.clear()
        XCTAssertTrue(frame.boxes.isEmpty)
        var empty = FrameBuffer(width: 0, height: 0)
        empty.addBox(Rect(x: 0, y: 0, width: 1, height: 1))
        XCTAssertEqual(empty.plainShown.text, "")
    }
}
