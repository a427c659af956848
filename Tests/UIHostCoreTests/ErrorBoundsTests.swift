import Foundation
import LuaBridge
import XCTest
@testable import UIHostCore

/// Foundation (through XCTest) has a `Host` class too.
private typealias Host = UIHostCore.Host

/// What lines a script's log takes, for tests.
private final class LogLines: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: [String] = []
    func append(_ line: String) { lock.withLock { stored.append(line) } }
    var lines: [String] { lock.withLock { stored } }
}

/// An error message is as long as the script's memory allows: the host keeps
/// and shows at most 4 KiB of it, logs at most 64 KiB, and keeps the last 100
/// errors (docs/API.md, "Errors"). Measured in bytes kept, never in time.
final class ErrorBoundsTests: XCTestCase {
    private var scratch = ScratchDirectory(prefix: "uiherrors")
    /// The contract's figures, written out.
    private let shown = 4_096
    private let logged = 65_536
    private let errorsKept = 100

    override func setUpWithError() throws {
        scratch = ScratchDirectory(prefix: "uiherrors")
    }

    override func tearDownWithError() throws {
        scratch.remove()
    }

    private func host(_ source: String, log: LogLines = LogLines()) throws -> Host {
        try Host(script: try scratch.write("s.lua", source),
                 options: HostOptions(size: Size(cols: 60, rows: 12), log: { log.append($0) }))
    }

    func testAFortyMegabyteErrorIsShownTo4KiBAndLoggedTo64KiB() throws {
        let log = LogLines()
        let host = try host("""
        return ui.screen { ui.button { title = "Fail", onSelect = function() error(string.rep("E ", 2e7), 0) end } }
        """, log: log)
        press(host, .enter)
        let frame = host.render()
        XCTAssertEqual(host.errors.count, 1)
        XCTAssertLessThanOrEqual(host.errors[0].utf8.count, shown)
        XCTAssertTrue(host.errors[0].hasPrefix("E E E"))
        XCTAssertTrue(host.errors[0].hasSuffix("…"))
        XCTAssertLessThanOrEqual(host.banner?.utf8.count ?? 0, shown)
        XCTAssertTrue(frame.line(frame.height - 1).hasSuffix("E…" + Compositor.bannerHint), frame.line(frame.height - 1))
        let entry = try XCTUnwrap(log.lines.last)
        let message = entry.components(separatedBy: "\nstack traceback:")[0]
        XCTAssertLessThanOrEqual(message.utf8.count, "uihost: ".utf8.count + logged)
        XCTAssertGreaterThan(message.utf8.count, logged - 8, "the log keeps more than the banner")
        XCTAssertTrue(entry.contains("stack traceback:"), "the traceback follows")
    }

    func testATimerRaisingLargeErrorsKeepsTheLast100Of4KiB() throws {
        let host = try host("""
        local big = string.rep("E", 2e6)
        n = 0
        ui.every(10, function() n = n + 1; error(n .. big, 0) end)
        return ui.screen {}
        """)
        host.advance(2000)
        XCTAssertEqual(try host.evalString("n"), "200")
        XCTAssertEqual(host.errors.count, errorsKept)
        XCTAssertLessThanOrEqual(host.errors.reduce(0) { $0 + $1.utf8.count }, errorsKept * shown)
        XCTAssertTrue(host.errors.first?.hasPrefix("101EEE") == true)
        XCTAssertTrue(host.errors.last?.hasPrefix("200EEE") == true)
    }

    func testAHugeErrorFromACoroutineOrATostringIsCut() throws {
        let host = try host("""
        local big = setmetatable({}, { __tostring = function() return string.rep("T", 1e6) end })
        return ui.screen {
          ui.button { title = "Spawn", onSelect = function() ui.spawn(function() error(string.rep("C", 1e6), 0) end) end },
          ui.button { title = "Object", onSelect = function() error(big) end },
        }
        """)
        press(host, .enter, .tab, .enter)
        XCTAssertEqual(host.errors.count, 2)
        for error in host.errors { XCTAssertLessThanOrEqual(error.utf8.count, shown, String(error.prefix(40))) }
    }

    func testANoteAddedToACutErrorStaysWhole() throws {
        let host = try host("return ui.screen {}")
        host.showError(String(repeating: "S", count: 1_000_000))
        host.dispatcher.amendLastError(" (the timer it scheduled is stopped)")
        let error = try XCTUnwrap(host.errors.first)
        XCTAssertLessThanOrEqual(error.utf8.count, shown)
        XCTAssertTrue(error.hasSuffix("S… (the timer it scheduled is stopped)"), String(error.suffix(60)))
    }

    func testAScreenThatFailsToLoadShowsAtMost4KiBOfItsError() throws {
        let frame = Host.errorFrame(String(repeating: "L ", count: 1_000_000), options: HostOptions(size: Size(cols: 40, rows: 6)))
        XCTAssertTrue(frame.line(5).hasSuffix("L…" + Compositor.bannerHint), frame.line(5))
    }
}
