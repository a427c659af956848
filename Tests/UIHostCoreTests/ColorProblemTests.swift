import XCTest
@testable import UIHostCore

/// The words after `… must be a colour`: what was written and, for a near
/// miss of a name or a token, the name meant.
final class ColorProblemTests: XCTestCase {
    func testAMisspeltNameGetsDidYouMean() {
        XCTAssertEqual(Color.problem(got: "blu"), " (got \"blu\") (did you mean \"blue\"?)")
        XCTAssertEqual(Color.problem(got: "acent"), " (got \"acent\") (did you mean \"accent\"?)")
        XCTAssertEqual(Color.problem(got: "#12"), " (got \"#12\")")
    }
}
