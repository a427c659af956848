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

final class ShardTests: XCTestCase {
    func testTheShardReachesTheWorker() {
        var options = TestOptions()
        options.shard = Shard(index: 2, count: 5)
        XCTAssertEqual(TestOptions(workerArgument: options.workerArgument)?.shard, Shard(index: 2, count: 5))
        XCTAssertNil(TestOptions(workerArgument: "shard=6/5"))
    }

    func testEveryCaseFallsInExactlyOneSlice() {
        for n in 1...7 {
            for i in 0..<200 {
                let hits = (1...n).filter { Shard(index: $0, count: n)!.contains(script: "s\(i % 9)_test.lua", case: "case \(i)") }
                XCTAssertEqual(hits.count, 1, "case \(i) of \(n) slices")
            }
        }
    }

    func testSlicesAreRoughlyEven() {
        let counts = (1...4).map { k in (0..<1000).filter { Shard(index: k, count: 4)!.contains(script: "a_test.lua", case: "case \($0)") }.count }
        for c in counts { XCTAssertTrue((200...300).contains(c), "\(counts)") }
    }

    func testParsingWantsKOverNWithKBetweenOneAndN() {
        XCTAssertEqual(Shard(parsing: "1/1"), Shard(index: 1, count: 1))
        XCTAssertEqual(Shard(parsing: "3/3")?.text, "3/3")
        for bad in ["0/1", "2/1", "1/0", "1", "/", "1/", "+1/2", "1 /2", "１/2"] { XCTAssertNil(Shard(parsing: bad), bad) }
    }
}
