import LuaBridge
import XCTest
@testable import UIHostCore

private typealias Host = UIHostCore.Host

/// `ui.log`: the tail followed, scrolling up holds the view, `log:append`
/// keeps the last `max`, and only the lines shown are read.
final class LogTests: XCTestCase {
    private var scratch = ScratchDirectory(prefix: "uihlog")

    override func tearDown() {
        scratch.remove()
    }

    private func host(_ source: String, cols: Int = 30, rows: Int = 7, maxSeconds: Double? = nil) throws -> Host {
        var options = HostOptions(size: Size(cols: cols, rows: rows))
        if let maxSeconds { options.maxSeconds = maxSeconds }
        return try Host(script: try scratch.write("s.lua", source), options: options)
    }

    private func lines(_ host: Host) -> [String] {
        let frame = host.render()
        return (0..<frame.height).map { String(frame.line($0).reversed().drop { $0 == " " }.reversed()) }
    }

    /// A button, then a log of `n` lines (`line 1` …) keeping `max`.
    private func script(lines n: Int, max: Int = 10000) -> String {
        """
        log = ui.log { max = \(max) }
        for i = 1, \(n) do log:append("line " .. i) end
        return ui.screen { title = "L", ui.button { title = "Add", onSelect = function() log:append("new\\nnewer") end }, log }
        """
    }

    func testLogShowsTheTailAndFollowsAppends() throws {
        let host = try host(script(lines: 20))
        XCTAssertEqual(lines(host), ["              L", "──────────────────────────────", " › [ Add ]",
                                     "   line 17                  ▲", "   line 18", "   line 19", "   line 20"])
        press(host, .enter)
        XCTAssertEqual(lines(host).suffix(2), ["   new", "   newer"])
        XCTAssertEqual(try host.evalString("log.follow ~= false"), "true")
    }

    func testScrollingUpHoldsTheViewAndEndFollowsAgain() throws {
        let host = try host(script(lines: 20))
        press(host, .tab, .up)
        XCTAssertEqual(try host.evalString("log.follow"), "false")
        XCTAssertEqual(lines(host)[3], " › line 16                  ▲")
        try host.runLua("log:append('more')")
        XCTAssertEqual(lines(host)[3], " › line 16                  ▲", "the view holds while lines come in")
        XCTAssertEqual(lines(host)[6], "   line 19                  ▼")
        press(host, .end)
        XCTAssertEqual(try host.evalString("log.follow ~= false"), "true")
        XCTAssertEqual(lines(host)[6], "   more")
        // PageUp, Home, then Down back to the bottom follows again.
        press(host, .home)
        XCTAssertEqual(lines(host)[3], " › line 1")
        press(host, .pageDown, .pageDown, .pageDown, .pageDown, .pageDown, .pageDown, .pageDown, .down)
        XCTAssertEqual(try host.evalString("log.follow ~= false"), "true")
    }

    func testAppendKeepsTheLastMaxAndSplitsLines() throws {
        let host = try host(script(lines: 0, max: 3))
        try host.runLua("log:append('a\\nb\\r\\nc\\nd\\n')")
        XCTAssertEqual(try host.evalString("table.concat(log.lines, ',')"), "b,c,d")
        try host.runLua("for i = 1, 100000 do log:append(i) end")
        XCTAssertEqual(try host.evalString("#log.lines"), "3")
        XCTAssertEqual(try host.evalString("log.lines[3]"), "100000")
        XCTAssertEqual(Array(lines(host)[3...]), ["   99998", "   99999", "   100000", ""])
    }

    func testAppendingAHundredTimesMaxStaysBounded() throws {
        // A hundred times `max` is as telling as a million lines (each batch
        // dropped is a quarter of `max`). The host's work is counted: moving
        // the kept lines down once a batch is four entries read per line
        // appended, where moving them on every append would be `max`. The
        // instruction budget is the call's limit here, not the CPU-time
        // backstop, so a slow machine makes the test slower, never failing.
        let host = try host(script(lines: 0, max: 1000), maxSeconds: 0)
        let before = host.work
        try host.runLua("for i = 1, 100000 do log:append('x' .. i) end")
        let work = host.work - before
        XCTAssertLessThanOrEqual(work.entriesRead, 100_000 * 8, "table entries read by 100000 appends")
        let n = Int(try host.evalString("#log.lines") ?? "") ?? 0
        XCTAssertGreaterThanOrEqual(n, 1000)
        XCTAssertLessThanOrEqual(n, 1250)
        XCTAssertEqual(lines(host).last, "   x100000")
        XCTAssertEqual(try host.evalString("log.lines[#log.lines - 999]"), "x99001", "the last max lines are kept")
    }

    func testAppendChecksItsArguments() throws {
        let host = try host(script(lines: 0))
        XCTAssertThrowsError(try host.runLua("log:append({})"))
        XCTAssertThrowsError(try host.runLua("log.append(ui.text 'x', 'a')"))
        XCTAssertThrowsError(try host.runLua("log.lines = 5; log:append('a')"))
    }

    func testBadLinesAreProblemsNotCrashes() throws {
        let host = try host("return ui.screen { ui.log { lines = { 'ok', {}, 3 } } }")
        _ = host.render()
        XCTAssertTrue(host.errors.contains { $0.contains("ui.log: lines[2] must be a string") }, host.errors.joined(separator: "\n"))
    }

    func testUILogStillLogsWhenNotGivenOneTable() throws {
        let host = try host("ui.log('hello', 1); ui.log(); return ui.screen { ui.text 'x' }")
        XCTAssertTrue(lines(host).joined().contains("x"))
    }

    func testLogDrawsNothingInAnEmptyArea() throws {
        for (cols, rows) in [(0, 0), (1, 1), (2, 2), (3, 3)] {
            let host = try host(script(lines: 50), cols: cols, rows: rows)
            press(host, .tab, .up, .pageUp, .end, .home)
            XCTAssertEqual(host.render().width, cols)
        }
    }

    func testOnlyTheLinesShownAreRead() throws {
        // 10^5 lines: drawing reads the rows shown, so a key costs the same as on 10.
        let host = try host("""
        local t = {}
        for i = 1, 100000 do t[i] = "l" .. i end
        log = ui.log { lines = t, max = 100000 }
        return ui.screen { log }
        """, rows: 5)
        XCTAssertEqual(lines(host).last, "   l100000")
        press(host, .home)
        XCTAssertEqual(lines(host)[2], " › l1")
    }
}
