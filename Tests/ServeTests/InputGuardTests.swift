import XCTest
@testable import Serve

final class InputGuardTests: XCTestCase {
    func testAMessageOverOneMiBIsRefusedEvenInPieces() {
        var guardian = InputGuard()
        for _ in 0..<16 { XCTAssertNil(guardian.received(65536)) }
        XCTAssertEqual(guardian.received(1), .tooLarge)
    }

    func testAFrameThatAnnouncesTooMuchIsRefusedAtItsFirstBytes() {
        var guardian = InputGuard()
        XCTAssertEqual(guardian.received(10, remaining: 2 << 20), .tooLarge)
    }

    func testEachMessageStartsFromZero() {
        var guardian = InputGuard()
        for second in 0..<40 {
            XCTAssertNil(guardian.received(1 << 19))
            XCTAssertNil(guardian.completed(nowMilliseconds: second * 1000, pending: 0))
        }
    }

    func testAPersonsTypingPassesAndAFloodDoesNot() {
        var guardian = InputGuard()
        for i in 0..<(InputGuard.maxPerSecond) {
            XCTAssertNil(guardian.completed(nowMilliseconds: i * 999 / InputGuard.maxPerSecond, pending: 0))
        }
        XCTAssertEqual(guardian.completed(nowMilliseconds: 999, pending: 0), .flood)
        var next = InputGuard()
        XCTAssertNil(next.completed(nowMilliseconds: 0, pending: 0))
        XCTAssertNil(next.completed(nowMilliseconds: 1000, pending: 0), "a new second")
    }

    func testInputTheAppDoesNotReadCountsAsAFlood() {
        var guardian = InputGuard()
        XCTAssertNil(guardian.completed(nowMilliseconds: 0, pending: InputGuard.maxPending))
        XCTAssertEqual(guardian.completed(nowMilliseconds: 1, pending: InputGuard.maxPending + 1), .flood)
    }

    func testViolationsCloseWithTheirWebSocketCodes() {
        XCTAssertEqual(InputGuard.Violation.tooLarge.closeCode, 1009)
        XCTAssertEqual(InputGuard.Violation.flood.closeCode, 1008)
    }
}
