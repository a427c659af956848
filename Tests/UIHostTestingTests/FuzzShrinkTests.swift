import UIHostCore
import XCTest
@testable import UIHostTesting

/// Delta debugging in `Fuzzer.shrink`, and the events log round trip.
final class FuzzShrinkTests: XCTestCase {
    func testShrinkKeepsOnlyWhatTheFailureNeeds() {
        let noise: [FuzzEvent] = (0..<40).map { .click($0, 1) }
        var events = noise
        events.insert(.key(.character("x")), at: 7)
        events.insert(.text("zzabzz"), at: 20)
        events.insert(.advance(5000), at: 30)
        // Fails when an x comes before text containing "ab" and any wait of 100 ms or more follows.
        let fails: ([FuzzEvent]) -> Bool = { candidate in
            guard let x = candidate.firstIndex(of: .key(.character("x"))),
                  let t = candidate.firstIndex(where: { if case .text(let s) = $0 { s.contains("ab") } else { false } }),
                  let w = candidate.firstIndex(where: { if case .advance(let ms) = $0 { ms >= 100 } else { false } }) else { return false }
            return x < t && t < w
        }
        XCTAssertTrue(fails(events))
        let shrunk = Fuzzer.shrink(events, fails: fails)
        XCTAssertEqual(shrunk, [.key(.character("x")), .text("ab"), .advance(100)])
    }

    func testTheLogLinesRoundTrip() {
        let events: [FuzzEvent] = [.key(.ctrl("p")), .key(.shiftTab), .text("a b\n\"é日"), .click(1, 2), .drag(1, 2, 3, 4),
                                   .scroll(5, 6, -3), .resize(200, 60), .advance(16)]
        XCTAssertEqual(events.map { FuzzEvent(logLine: $0.logLine) }, events)
    }

    func testStatementsMergeKeysAndText() {
        let lines = FuzzEvent.statements([.key(.tab), .key(.enter), .text("ab"), .key(.character("x")), .click(3, 4), .key(.space)])
        XCTAssertEqual(lines, ["app:press(\"tab\", \"enter\")", "app:type(\"abx\")", "app:click(3, 4)", "app:press(\"space\")"])
    }
}
