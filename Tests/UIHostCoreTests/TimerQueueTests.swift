import XCTest
@testable import UIHostCore

final class TimerQueueTests: XCTestCase {
    private func timer(_ id: Int, due: Int) -> UIHostCore.Timer {
        Timer(id: id, due: due, interval: nil, ref: Int32(id), isCoroutine: false)
    }

    func testTimersDueTogetherFireInTheOrderTheyWereScheduled() {
        var queue = TimerQueue()
        for id in [5, 3, 9, 1, 7] { queue.insert(timer(id, due: 10)) }
        queue.insert(timer(2, due: 5))
        var order: [Int] = []
        while let t = queue.popDue(atOrBefore: 10) { order.append(t.id) }
        XCTAssertEqual(order, [2, 1, 3, 5, 7, 9])
        XCTAssertTrue(queue.isEmpty)
    }

    func testCancelledTimerNeverComesBackAndGivesItsReference() {
        var queue = TimerQueue()
        queue.insert(timer(1, due: 10))
        queue.insert(timer(2, due: 20))
        XCTAssertEqual(queue.cancel(1), 1)
        XCTAssertNil(queue.cancel(1), "a second cancel finds nothing")
        XCTAssertEqual(queue.earliestDue(), 20)
        XCTAssertNil(queue.popDue(atOrBefore: 19))
        XCTAssertEqual(queue.popDue(atOrBefore: 20)?.id, 2)
        XCTAssertNil(queue.earliestDue())
    }

    func testCancelledFarFutureTimersDoNotPileUp() {
        var queue = TimerQueue()
        queue.insert(timer(1, due: 5))
        for id in 2..<100_000 {
            queue.insert(timer(id, due: 1_000_000_000))
            _ = queue.cancel(id)
        }
        XCTAssertLessThan(queue.storedCount, 200)
        XCTAssertEqual(queue.popDue(atOrBefore: 5)?.id, 1)
        XCTAssertTrue(queue.isEmpty)
    }

    /// Random schedules, cancels and pops against a plain list kept in order.
    func testAgreesWithAPlainListOnRandomOperations() {
        var rng = RNG(seed: 2026)
        var queue = TimerQueue()
        var model: [UIHostCore.Timer] = []
        var nextID = 1
        for _ in 0..<20_000 {
            switch rng.below(4) {
            case 0, 1:
                let t = timer(nextID, due: rng.below(500))
                nextID += 1
                queue.insert(t)
                model.append(t)
            case 2:
                guard !model.isEmpty else { continue }
                let victim = model[rng.below(model.count)].id
                XCTAssertEqual(queue.cancel(victim), Int32(victim))
                model.removeAll { $0.id == victim }
            default:
                let time = rng.below(500)
                let expected = model.filter { $0.due <= time }.min { ($0.due, $0.id) < ($1.due, $1.id) }
                let got = queue.popDue(atOrBefore: time)
                XCTAssertEqual(got?.id, expected?.id)
                if let expected { model.removeAll { $0.id == expected.id } }
            }
            XCTAssertEqual(queue.earliestDue(), model.map(\.due).min())
        }
    }
}
