import LuaBridge
import XCTest
@testable import UIHostCore

/// The host's own work for a hostile script — timers, tree reading, layout,
/// validation — ends in bounded time and memory with a clear error.
final class HostileHostTests: XCTestCase {
    private var scratch = ScratchDirectory(prefix: "uihhostile")

    override func tearDownWithError() throws {
        scratch.remove()
    }

    private func host(_ source: String, maxInstructions: Int64 = 100_000_000) throws -> UIHostCore.Host {
        try UIHostCore.Host(script: try scratch.write("s.lua", source),
                            options: HostOptions(size: Size(cols: 60, rows: 12), maxInstructions: maxInstructions))
    }

    private func count(_ host: UIHostCore.Host, _ global: String) throws -> Int {
        Int(try host.evalString(global) ?? "") ?? -1
    }

    // MARK: - Timers

    func testVirtualTimeRunsEveryTickOfARepeatingTimer() throws {
        let host = try host("n = 0; ui.every(10, function() n = n + 1 end); return ui.screen {}")
        host.advance(100)
        XCTAssertEqual(try count(host, "n"), 10)
    }

    func testRealTimeSkipsTheTicksARepeatingTimerMissed() throws {
        let host = try host("n = 0; ui.every(10, function() n = n + 1 end); return ui.screen {}")
        host.advance(100, realTime: true)   // a handler held the loop for 100 ms
        XCTAssertEqual(try count(host, "n"), 1)
        host.advance(10, realTime: true)
        XCTAssertEqual(try count(host, "n"), 2)
    }

    func testTimersSchedulingTwoMoreEachAreStoppedAsARunaway() throws {
        let host = try host("""
        n = 0
        local function f() n = n + 1; ui.after(0, f); ui.after(0, f) end
        ui.after(0, f)
        return ui.screen {}
        """)
        host.advance(40)
        XCTAssertEqual(host.errors.count, 1)
        XCTAssertTrue(host.errors[0].hasPrefix("runaway timers: more than 1000 callbacks fell due at"), host.errors[0])
        XCTAssertNil(host.nextTimerDelay)
        XCTAssertLessThan(try count(host, "n"), 4000)
    }

    func testTooManyTimersIsAnErrorFromTheCall() throws {
        let host = try host("""
        local ok, err = pcall(function() for _ = 1, 20000 do ui.after(1000, function() end) end end)
        message = err
        return ui.screen {}
        """)
        XCTAssertEqual(try host.evalString("message")?.hasSuffix("too many timers (10000 scheduled); cancel some first"), true)
    }

    func testAdvanceGivesWayBetweenCallbacksWhenAsked() throws {
        let host = try host("n = 0; for _ = 1, 5 do ui.after(10, function() n = n + 1 end) end; return ui.screen {}")
        host.advance(20, shouldYield: { true })
        XCTAssertEqual(try count(host, "n"), 1)
        host.advance(0)
        XCTAssertEqual(try count(host, "n"), 5)
    }

    func testAnEndlessRepeatingTimerEndsAWaitAtOnce() throws {
        let host = try host("ui.every(0, function() while true do end end); return ui.screen {}", maxInstructions: 100_000)
        host.advance(10_000)
        XCTAssertEqual(host.errors.count, 1)
        XCTAssertTrue(host.errors[0].hasSuffix("(the ui.every timer is stopped)"), host.errors[0])
    }
}
