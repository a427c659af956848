import Dispatch
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

    func testAChainOfTimersThatSpinsStopsWithItsFirstLink() throws {
        let host = try host("""
        local function tick() ui.after(1, tick); while true do end end
        ui.after(1, tick)
        return ui.screen {}
        """, maxInstructions: 100_000)
        host.advance(1000)
        XCTAssertEqual(host.errors.count, 1)
        XCTAssertTrue(host.errors[0].hasSuffix("(the timer it scheduled is stopped)"), host.errors[0])
        XCTAssertNil(host.nextTimerDelay)
    }

    func testTimerCallbacksThatKeepRunningIntoLimitsStopEveryTimer() throws {
        let host = try host("""
        local function spin() while true do end end
        ui.every(1, function() ui.after(0, spin) end)
        return ui.screen {}
        """, maxInstructions: 100_000)
        host.advance(10_000)
        XCTAssertEqual(host.errors.count, 4)
        XCTAssertEqual(host.errors.last, "runaway timers: 3 timer callbacks ran into a limit; all 2 timers are stopped")
        XCTAssertNil(host.nextTimerDelay)
    }

    func testAnEndlessRepeatingTimerEndsAWaitAtOnce() throws {
        let host = try host("ui.every(0, function() while true do end end); return ui.screen {}", maxInstructions: 100_000)
        host.advance(10_000)
        XCTAssertEqual(host.errors.count, 1)
        XCTAssertTrue(host.errors[0].hasSuffix("(the ui.every timer is stopped)"), host.errors[0])
    }
}

/// Tables a script builds cheaply that once made reading or laying them out
/// unbounded. Each case's work is counted, not timed: the table entries the
/// host reads and the string bytes it copies (`Host.work`) stay within what
/// the host's bounds allow, however the tables are built.
final class HostileTablesTests: XCTestCase {
    private var scratch = ScratchDirectory(prefix: "uihtables")
    /// Table entries a case may read: a component has a few dozen fields at
    /// most, and no array of children, items or rows is read past its
    /// 100000 entries, so ten per component a frame may hold is more than any
    /// case needs (the shared subtree reads nine) and a millionth of what the
    /// 2^30 components or 2^40 keys these scripts make would cost unbounded.
    private let maxEntries = 10 * HostLimits.maxComponents
    /// String bytes a case may copy: what is shown is cut to `maxDisplayBytes`
    /// and keys to `maxKeyBytes` (the long keys read 0.5 MB); the scripts
    /// hold tens of megabytes, which a whole copy would pass.
    private let maxBytes = 16 * HostLimits.maxDisplayBytes

    override func tearDownWithError() throws {
        scratch.remove()
    }

    private func host(_ source: String) throws -> UIHostCore.Host {
        try UIHostCore.Host(script: try scratch.write("s.lua", source), options: HostOptions(size: Size(cols: 60, rows: 12)))
    }

    /// The error `source` raises when run in a host that loaded, as it would
    /// at load (a constructor checks its table when called), failing when
    /// the host's work for it passes the bounds.
    private func error(_ what: String, running source: String, file: StaticString = #filePath, line: UInt = #line) throws -> String? {
        let host = try host("return ui.screen {}")
        return bounded(what, host, file: file, line: line) {
            do {
                try host.runLua(source)
                return nil
            } catch {
                return (error as? LuaError)?.message ?? "\(error)"
            }
        }
    }

    /// Runs `body`, failing when `host` reads more than `maxEntries` table
    /// entries or copies more than `maxBytes` string bytes for it.
    @discardableResult
    private func bounded<T>(_ what: String, _ host: UIHostCore.Host, file: StaticString = #filePath, line: UInt = #line,
                            _ body: () throws -> T) rethrows -> T {
        let before = host.work
        let result = try body()
        let work = host.work - before
        XCTAssertLessThanOrEqual(work.entriesRead, maxEntries, "\(what): \(work.entriesRead) table entries read", file: file, line: line)
        XCTAssertLessThanOrEqual(work.bytesCopied, maxBytes, "\(what): \(work.bytesCopied) string bytes copied", file: file, line: line)
        return result
    }

    /// A handler that makes `field` sparse: keys 1, 2, 4, … 2^40.
    private static let sparse = "local function sparse(v) local t = {}; for k = 40, 0, -1 do t[2^k // 1] = v end; return t end"

    func testSparseItemsSetByAHandlerAreAProblemNotACrash() throws {
        let host = try host("""
        \(Self.sparse)
        local dd = ui.dropdown { items = { { title = "a" } } }
        local pk = ui.picker { items = { "a" } }
        local ls = ui.list { items = { "a" } }
        return ui.screen { title = "S",
          ui.button { title = "Go", onSelect = function() dd.items = sparse { title = "x" }; pk.items = sparse "x"; ls.items = sparse "x" end },
          dd, pk, ls }
        """)
        bounded("sparse items", host) { press(host, .enter); _ = host.render() }
        XCTAssertFalse(host.errors.isEmpty)
        XCTAssertTrue(host.errors.contains { $0.contains("entries") || $0.contains("must be") }, "\(host.errors)")
        assertShows(host, "Go")
    }

    func testSparseChildrenAndTabsSetByAHandlerAreBounded() throws {
        let host = try host("""
        \(Self.sparse)
        local st = ui.vstack { ui.text "x" }
        local tb = ui.tabs { ui.tab { title = "a", ui.text "x" } }
        return ui.screen { title = "S",
          ui.button { title = "Go", onSelect = function()
            for k, v in pairs(sparse(ui.text "y")) do st[k] = v end
            for k, v in pairs(sparse(ui.tab { title = "t" })) do tb[k] = v end
          end },
          st, tb }
        """)
        bounded("sparse children", host) { press(host, .enter); _ = host.render() }
        // Which border the length finds depends on the table's layout; either way it is a problem.
        XCTAssertTrue(host.errors.contains { $0.contains("entries; only the first 100000 are read") || $0.contains("(got nil)") }, "\(host.errors)")
        assertShows(host, "Go")
    }

    func testSparseChildrenInAConstructorAreAnError() throws {
        let message = try error("sparse constructor",
                                running: "local t = {}; for k = 40, 0, -1 do t[2^k // 1] = ui.text 'x' end\nreturn ui.screen(t)")
        XCTAssertEqual(message?.hasSuffix("ui.screen: 1099511627776 children (at most 100000)"), true, message ?? "loaded")
    }

    func testASharedSubtreeUsedAMillionTimesStopsAtTheComponentBound() throws {
        let host = try host("""
        local c = ui.text "leaf"
        for _ = 1, 30 do c = ui.vstack { c, c } end
        return ui.screen { title = "S", c }
        """)
        bounded("shared subtree", host) { _ = host.render() }
        XCTAssertEqual(host.errors.first?.hasPrefix("more than 100000 components in one frame"), true, "\(host.errors)")
    }

    func testLongUnknownFieldNamesAreShortenedAndCheap() throws {
        let message = try error("long keys", running: """
            local items = {}
            for i = 1, 2000 do items[i] = { title = "x", [string.rep("k", 20000)] = 1 } end
            return ui.screen { title = "S", ui.list { items = items }, ui.text { text = "t", [string.rep("z", 10^6)] = 1 } }
            """)
        let expected = "ui.text: unknown field '" + String(repeating: "z", count: 63) + "…'"
        XCTAssertEqual(message?.hasSuffix(expected), true, message ?? "loaded")
    }

    func testManyBadChildrenSetByAHandlerAreCheckedInLinearTime() throws {
        let host = try host("""
        local st = ui.vstack {}
        return ui.screen { title = "S", ui.button { title = "Go", onSelect = function() for i = 1, 100000 do st[i] = i end end }, st }
        """)
        bounded("bad children", host) { press(host, .enter); _ = host.render(); press(host, .tab); _ = host.render() }
        XCTAssertEqual(host.errors.first?.hasSuffix("[1] must be a component (got number)"), true, "\(host.errors)")
    }

    func testPresentingSheetsWithoutEndStopsAtTheBound() throws {
        let host = try host("""
        return ui.screen { title = "S", ui.button { title = "Go", onSelect = function()
          for i = 1, 100000 do ui.present(ui.sheet { ui.text("s" .. i) }) end
        end } }
        """)
        bounded("sheets", host) { press(host, .enter); _ = host.render() }
        XCTAssertEqual(host.errors.first?.hasSuffix("ui.present: 100 sheets are presented already; dismiss one first"), true, "\(host.errors)")
    }
}

/// Cases the fuzzer (Scripts/fuzz.sh) found, kept as they were found.
final class FuzzFoundTests: XCTestCase {
    private func host(_ file: String, maxInstructions: Int64 = 100_000) throws -> UIHostCore.Host {
        let root = FileSystem.directory(of: FileSystem.directory(of: FileSystem.directory(of: #filePath)))
        return try UIHostCore.Host(script: FileSystem.join(root, "Scripts/fuzz/found/" + file),
                                   options: HostOptions(size: Size(cols: 40, rows: 8), maxInstructions: maxInstructions))
    }

    func testTabsWhoseSelectedPointsPastTheValidTabsDrawWithoutACrash() throws {
        let host = try host("tabs_selected_past_valid_tabs.lua")
        XCTAssertEqual(host.render().height, 8)
        press(host, .tab, .right, .left)
        XCTAssertEqual(host.errors.first, "screen[1][2] must be a ui.tab (got a ui.text)")
    }

    func testAnAfterChainThatSpinsCostsOneBudgetNotOnePerMillisecond() throws {
        let host = try host("after_chain_spins.lua")
        host.advance(1000)
        XCTAssertEqual(host.errors.count, 1)
        XCTAssertNil(host.nextTimerDelay)
    }
}

/// Mistakes that once drew nothing and said nothing.
final class SilentTrapTests: XCTestCase {
    private var scratch = ScratchDirectory(prefix: "uihtraps")

    override func tearDownWithError() throws {
        scratch.remove()
    }

    private func host(_ source: String) throws -> UIHostCore.Host {
        try UIHostCore.Host(script: try scratch.write("s.lua", source), options: HostOptions(size: Size(cols: 60, rows: 8)))
    }

    func testASheetAmongChildrenSaysHowToPresentIt() {
        XCTAssertThrowsError(try host("return ui.screen { title = 'S', ui.sheet { ui.text 'hi' } }")) { error in
            XCTAssertTrue((error as? LuaError)?.message.hasSuffix(
                "ui.screen: child [1] is a ui.sheet, which is not placed among children: show it with ui.present(sheet)") == true, "\(error)")
        }
    }

    func testADrawerPlacedByAHandlerIsAProblemNamingTheDrawerField() throws {
        let host = try host("""
        root = ui.screen { title = 'S', ui.button { title = 'Go', onSelect = function() root[2] = ui.drawer { ui.text 'm' } end } }
        return root
        """)
        press(host, .enter)
        _ = host.render()
        XCTAssertEqual(host.errors.last, "screen[2] is a ui.drawer, which is not placed among children: give it to the screen as drawer = …")
    }

    func testAScriptWithoutReturnIsAskedAboutIt() {
        XCTAssertThrowsError(try host("ui.screen { title = 'S' }")) { error in
            XCTAssertTrue((error as? LuaError)?.message.hasSuffix("(got nil); did you forget `return` before ui.screen?") == true, "\(error)")
        }
    }
}
