import XCTest
@testable import Drawing

/// Tabs in a script's text: expanded to the next multiple of 8 columns from
/// the start of the text (of each line for `ui.text`), never dropped.
final class TabTests: XCTestCase {
    func testWidthCountsATabToTheNextStop() {
        XCTAssertEqual(DisplayWidth.of("\t"), 8)
        XCTAssertEqual(DisplayWidth.of("ab\tc"), 9)
        XCTAssertEqual(DisplayWidth.of("12345678\t"), 16)
        XCTAssertEqual(DisplayWidth.of("é\tx"), 9, "the non-ASCII path")
        XCTAssertEqual(DisplayWidth.of("猫\tx"[...]), 9)
    }

    func testExpandTabsFillsWithSpaces() {
        XCTAssertEqual(TextLayout.expandTabs("a\tb\tc"), "a       b       c")
        XCTAssertEqual(TextLayout.expandTabs("none"), "none")
    }

    func testWrapExpandsTabsPerLine() {
        XCTAssertEqual(TextLayout.wrap("a\tb\n\tc", width: 20), ["a       b", "        c"])
    }

    func testTruncateMeasuresExpandedTabs() {
        XCTAssertEqual(TextLayout.truncate("a\tbcdefgh", to: 10), "a       b…")
        XCTAssertEqual(TextLayout.fit("\tx", width: 10, align: .right), " " + String(repeating: " ", count: 8) + "x")
    }

    func testPutDrawsATabAsSpacesToTheStop() {
        var frame = FrameBuffer(width: 12, height: 1)
        let advanced = frame.put("a\tb", x: 1, y: 0)
        XCTAssertEqual(advanced, 9)
        XCTAssertEqual(frame, FrameBuffer(lines: [" a       b  "]))
    }
}
