import UIHostCore
import XCTest
@testable import UIHostTesting

final class WorkerOptionsTests: XCTestCase {
    func testEveryOptionAWorkerNeedsSurvivesTheTripExactly() {
        var options = TestOptions(updateSnapshots: true, size: Size(cols: 0, rows: 7), timeout: 0.25, assets: "my assets/&=%é")
        options.limits = ScriptLimits(maxInstructions: 1234, maxSeconds: 0.1, maxMemory: (3 << 20) + 5)
        let back = TestOptions(workerArgument: options.workerArgument)
        XCTAssertEqual(back?.size, options.size)
        XCTAssertEqual(back?.timeout, 0.25)
        XCTAssertEqual(back?.assets, "my assets/&=%é")
        XCTAssertEqual(back?.updateSnapshots, true)
        XCTAssertEqual(back?.limits, options.limits)
    }

    func testNoInstructionBudgetStaysUnlimited() {
        var options = TestOptions()
        options.limits.maxInstructions = nil
        XCTAssertNil(TestOptions(workerArgument: options.workerArgument)?.limits.maxInstructions)
    }

    func testAnythingElseIsRefused() {
        XCTAssertNil(TestOptions(workerArgument: "size=80x24&colour=red"))
        XCTAssertNil(TestOptions(workerArgument: "size=eighty"))
        XCTAssertNil(TestOptions(workerArgument: "assets=%4"))
    }
}
