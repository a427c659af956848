import Foundation
import XCTest

/// `uihost test --shard K/N`: the N slices of a suite together run every case
/// exactly once; K and N out of range are usage errors.
final class ShardTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        try XCTSkipUnless(Uihost.isBuilt, "build the binary first: swift build")
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("uihost-shard-" + UUID().uuidString.prefix(8))
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        if let directory { try? FileManager.default.removeItem(at: directory) }
    }

    /// The report lines of cases (`ok NAME`, `FAIL NAME`), the summary left out.
    private func caseLines(_ r: Uihost.Result) -> [String] {
        r.lines.filter { $0.hasPrefix("ok ") || $0.hasPrefix("FAIL ") }
    }

    func testTheShardsOfTheProjectSuiteRunEveryCaseExactlyOnce() throws {
        // The whole suite and its three slices, run side by side (as CI runs slices).
        // Eight workers share the machine's cores (two, with other builds), so a
        // case takes several times its usual time: the per-case timeout, a
        // deadlock guard, is given room for that (a case that hangs still fails).
        let guardSeconds = ["--timeout", "60"]
        let runs: [[String]] = [["test", "Scripts/tests", "-j", "2"] + guardSeconds]
            + (1...3).map { ["test", "Scripts/tests", "-j", "2", "--shard", "\($0)/3"] + guardSeconds }
        final class Results: @unchecked Sendable {   // each slot written once, under the lock
            var slots: [Result<Uihost.Result, Error>?]
            let lock = NSLock()
            init(_ n: Int) { slots = Array(repeating: nil, count: n) }
        }
        let results = Results(runs.count)
        let scratch: URL = directory
        DispatchQueue.concurrentPerform(iterations: runs.count) { i in
            let r = Result { try Uihost.run(runs[i], scratch: scratch) }
            results.lock.withLock { results.slots[i] = r }
        }
        let whole = try results.slots[0]!.get()
        XCTAssertEqual(whole.status, 0, whole.stdout)
        var union: [String] = []
        for k in 1...3 {
            let r = try results.slots[k]!.get()
            XCTAssertEqual(r.status, 0, r.stdout)
            let lines = caseLines(r)
            XCTAssertFalse(lines.isEmpty, "shard \(k)/3 ran nothing")
            XCTAssertEqual(r.lines.last, "\(lines.count) passed, 0 failed (shard \(k)/3)")
            union += lines
        }
        // Names may repeat across scripts, so compare as multisets.
        XCTAssertEqual(union.sorted(), caseLines(whole).sorted())
    }

    func testASliceIsTheSameOnEveryRun() throws {
        let a = try Uihost.run(["test", "Scripts/tests/launcher_test.lua", "--shard", "2/2"], scratch: directory)
        let b = try Uihost.run(["test", "./Scripts/tests/launcher_test.lua", "--shard", "2/2"], scratch: directory)
        XCTAssertEqual(caseLines(a), caseLines(b))
    }

    func testScriptsThatFailToLoadOrHaveNoCasesAreReportedByOneShard() throws {
        let broken = directory.appendingPathComponent("broken_test.lua")
        try """
        test.case("one", function() end)
        test.case("two", function() end)
        error("boom")
        """.write(to: broken, atomically: true, encoding: .utf8)
        try "-- nothing here\n".write(to: directory.appendingPathComponent("empty_test.lua"), atomically: true, encoding: .utf8)
        var union: [String] = []
        for k in 1...4 {
            let r = try Uihost.run(["test", directory.path, "--shard", "\(k)/4"], scratch: directory)
            let lines = caseLines(r)
            XCTAssertEqual(r.status, lines.isEmpty ? 0 : 1, r.stdout)
            XCTAssertFalse(r.stdout.contains("while loading"), "a worker with nothing to report is not a dead one:\n" + r.stdout)
            union += lines
        }
        let whole = try Uihost.run(["test", directory.path], scratch: directory)
        XCTAssertEqual(caseLines(whole).count, 4, whole.stdout)
        XCTAssertEqual(union.sorted(), caseLines(whole).sorted())
    }

    func testAShardOutOfRangeIsAUsageError() throws {
        for bad in ["0/3", "4/3", "1/0", "3", "a/b", "1/3/5", "-1/3", ""] {
            let r = try Uihost.run(["test", "Scripts/tests", "--shard", bad], scratch: directory)
            XCTAssertEqual(r.status, 2, bad)
            XCTAssertTrue(r.stderr.hasPrefix("uihost: --shard: expected K/N with 1 ≤ K ≤ N"), bad + ": " + r.stderr)
            XCTAssertEqual(r.stdout, "")
        }
    }
}
