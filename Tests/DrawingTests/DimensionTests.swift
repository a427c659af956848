import Drawing
import XCTest

/// Sizes as scripts write them, and where a child goes across a stack.
final class DimensionTests: XCTestCase {
    func testPercentagesAndSharesParseWithinTheirBounds() {
        XCTAssertEqual(Dimension.parse(string: "30%"), .percent(30))
        XCTAssertEqual(Dimension.parse(string: "2fr"), .fraction(2))
        XCTAssertNil(Dimension.parse(string: "101%"))
        XCTAssertNil(Dimension.parse(string: "0fr"))
        XCTAssertNil(Dimension.parse(string: "\(Dimension.maxFraction + 1)fr"))
        XCTAssertNil(Dimension.parse(string: "20"), "a cell count is the caller's: it is a number")
    }

    func testAPercentageOfAnEndlessExtentDoesNotOverflow() {
        XCTAssertEqual(Dimension.percent(50).fixed(of: 80), 40)
        XCTAssertEqual(Dimension.percent(33).fixed(of: 10), 3)
        XCTAssertEqual(Dimension.percent(100).fixed(of: Int.max / 4), Int.max / 4)
        XCTAssertNil(Dimension.fraction(1).fixed(of: 10))
    }

    func testAlignmentOffsetsAChildAndNeverGoesNegative() {
        XCTAssertEqual(CrossAlignment.start.offset(4, in: 10), 0)
        XCTAssertEqual(CrossAlignment.center.offset(4, in: 10), 3)
        XCTAssertEqual(CrossAlignment.end.offset(4, in: 10), 6)
        XCTAssertEqual(CrossAlignment.end.offset(12, in: 10), 0)
    }
}
