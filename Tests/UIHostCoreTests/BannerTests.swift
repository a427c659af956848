import XCTest
@testable import UIHostCore

/// The error banner: `error: MESSAGE (Esc dismisses)` over at most two rows;
/// a message too long for them loses its middle; the hint stays.
final class BannerTests: XCTestCase {
    func testAShortMessageIsOneRowEndingWithTheHint() {
        XCTAssertEqual(Compositor.bannerLines("s.lua:3: boom", width: 60), ["error: s.lua:3: boom (Esc dismisses)"])
    }

    func testANarrowFrameWrapsToTwoRows() {
        let lines = Compositor.bannerLines("s.lua:3: ui.button: unknown field 'titel' (did you mean 'title'?)", width: 40)
        // The middle gives way: the start (file, line) and the fix at the end stay.
        XCTAssertEqual(lines, [
            "error: s.lua:3: ui.button: unknown field",
            "…(did you mean 'title'?) (Esc dismisses)",
        ])
        let fits = Compositor.bannerLines("s.lua:3: ui.button: unknown field 'titel'", width: 40)
        XCTAssertEqual(fits, ["error: s.lua:3: ui.button: unknown field", "'titel' (Esc dismisses)"])
    }

    func testAMessageTooLongForTwoRowsLosesItsMiddle() {
        let lines = Compositor.bannerLines(String(repeating: "word ", count: 40), width: 30)
        XCTAssertEqual(lines.count, 2)
        XCTAssertEqual(lines, ["error: word word word word", "…word word (Esc dismisses)"])
        for line in lines { XCTAssertLessThanOrEqual(DisplayWidth.of(line), 30) }
    }

    func testTinyFramesDropTheHintAndDrawNothingOutside() {
        XCTAssertEqual(Compositor.bannerLines("a long message that will not fit", width: 0), [])
        for width in [1, 5, 12] {
            let lines = Compositor.bannerLines("a long message that will not fit anywhere here", width: width)
            XCTAssertLessThanOrEqual(lines.count, 2)
            for line in lines { XCTAssertLessThanOrEqual(DisplayWidth.of(line), width) }
        }
        for (cols, rows) in [(0, 0), (1, 1), (3, 1)] {
            var frame = FrameBuffer(width: cols, height: rows)
            Compositor.drawBanner("boom", into: &frame)
            XCTAssertEqual(frame.width, cols)
            XCTAssertEqual(frame.height, rows)
        }
    }
}
