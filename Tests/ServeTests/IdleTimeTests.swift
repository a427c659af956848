import XCTest
@testable import Serve

final class IdleTimeTests: XCTestCase {
    func testReadsSecondsMinutesAndHours() {
        XCTAssertEqual(IdleTime.seconds("90s"), 90)
        XCTAssertEqual(IdleTime.seconds("30m"), 1800)
        XCTAssertEqual(IdleTime.seconds("2h"), 7200)
        XCTAssertEqual(IdleTime.seconds("45"), 45)
        XCTAssertEqual(IdleTime.seconds("0"), 0)
    }

    func testRefusesWhatIsNotATime() {
        for bad in ["", "m", "-5m", "+5m", "5x", "1.5h", "5 m", "9999999h"] {
            XCTAssertNil(IdleTime.seconds(bad), bad)
        }
    }

    func testDescribesATimeForThePage() {
        XCTAssertEqual(IdleTime.describe(1800), "30 minutes")
        XCTAssertEqual(IdleTime.describe(3600), "1 hour")
        XCTAssertEqual(IdleTime.describe(2), "2 seconds")
        XCTAssertEqual(IdleTime.describe(90), "90 seconds")
    }
}
