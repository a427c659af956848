import Foundation
import XCTest

/// `uihost test` against test scripts that loop, hang in C, exit, crash or
/// register cases late, and the host against option values at their edges
/// (issue 12, items 6 and 7). Where a runner could wrongly wait for the
/// per-case limit (a worker that exited or crashed), the limit is set far
/// past the 60 s guard of each run, so that waiting fails the test instead
/// of passing slowly.
final class HostileRunnerTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        try XCTSkipUnless(Uihost.isBuilt, "build the binary first: swift build")
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("uihost-runner-" + UUID().uuidString.prefix(8))
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        if let directory { try? FileManager.default.removeItem(at: directory) }
    }

    // MARK: - Helpers

    @discardableResult
    private func write(_ name: String, _ source: String) throws -> String {
        let url = directory.appendingPathComponent(name)
        try source.write(to: url, atomically: true, encoding: .utf8)
        return url.path
    }

    private func uihost(_ arguments: String...) throws -> Uihost.Result {
        try uihost(arguments)
    }

    /// Runs uihost, stopped after 60 s: a guard against a hang, far above
    /// the few seconds the slowest case here takes (a hang in C, killed 2 s
    /// after the per-case limit).
    private func uihost(_ arguments: [String]) throws -> Uihost.Result {
        // Swift's backtracer takes seconds over a crash; the tests want only the status.
        // A CPU limit, which workers inherit, leaves no runaway behind when a test fails.
        let shell = ["-c", "ulimit -t 20; exec \"$0\" \"$@\"", Uihost.binary.path]
        return try Uihost.run(shell + arguments, executable: URL(fileURLWithPath: "/bin/sh"),
                              environment: ["SWIFT_BACKTRACE": "enable=no"], scratch: directory, timeout: 60)
    }

    /// Makes a FIFO that a reader stuck on it (when a test fails) gets out of:
    /// a writer opens it as soon as someone reads, for 5 s.
    private func makeFIFO(_ name: String) -> String {
        let path = directory.appendingPathComponent(name).path
        XCTAssertEqual(mkfifo(path, 0o600), 0)
        Thread.detachNewThread {
            let end = Date().addingTimeInterval(5)
            while Date() < end {
                let fd = open(path, O_WRONLY | O_NONBLOCK)   // fails until a reader has it open
                if fd >= 0 { close(fd); return }
                usleep(10_000)
            }
        }
        return path
    }

    /// A catastrophic pattern for Lua's own matcher (test scripts have the full
    /// library): it runs in C for far longer than any test, out of the hook's reach.
    private let hangInC = #"string.rep("a", 3000):find(string.rep("a-", 12) .. "b")"#

    // MARK: - Loading under the time limit

    func testTestScriptLoopingAtTopLevelIsStoppedAndItsCasesReported() throws {
        let script = try write("loop_test.lua", """
        test.case("first", function() end)
        test.case("second", function() end)
        while true do end
        """)
        let result = try uihost("test", script, "--timeout", "0.3")
        XCTAssertEqual(result.status, 1, result.stdout + result.stderr)
        XCTAssertTrue(result.stdout.contains("FAIL \(script)\n  \(script):3: timed out after 0.3 s"), result.stdout)
        XCTAssertTrue(result.stdout.contains("FAIL first\n  not run: the script did not load"), result.stdout)
        XCTAssertTrue(result.stdout.contains("FAIL second\n  not run: the script did not load"), result.stdout)
        XCTAssertTrue(result.stdout.hasSuffix("0 passed, 3 failed\n"), result.stdout)
    }

    func testTestScriptHangingInCWhileLoadingIsKilled() throws {
        let script = try write("hang_test.lua", hangInC + "\ntest.case(\"never\", function() end)\n")
        let result = try uihost("test", script, "--timeout", "0.2")
        XCTAssertEqual(result.status, 1, result.stdout + result.stderr)
        XCTAssertTrue(result.stdout.contains(
            "FAIL \(script)\n  timed out: no progress for 0.2 s, the script was stopped while loading"), result.stdout)
    }

    func testFIFOGivenAsTestPathIsRefused() throws {
        let fifo = makeFIFO("fifo_test.lua")
        let result = try uihost("test", fifo)
        XCTAssertEqual(result.status, 2, result.stdout + result.stderr)
        XCTAssertEqual(result.stderr, "uihost: cannot open \(fifo): not a regular file\n")
    }

    func testFIFOFoundInAFolderFailsItsScriptWithoutBlocking() throws {
        let fifo = makeFIFO("fifo_test.lua")
        try write("fine_test.lua", "test.case(\"fine\", function() end)\n")
        let result = try uihost("test", directory.path, "--timeout", "600")
        XCTAssertEqual(result.status, 1, result.stdout + result.stderr)
        XCTAssertTrue(result.stdout.contains("FAIL \(fifo)\n  cannot open \(fifo): not a regular file"), result.stdout)
        XCTAssertTrue(result.stdout.contains("ok fine_test.lua: fine\n"), result.stdout)
    }

    func testRenderOfAFIFOIsAnErrorNotABlock() throws {
        let fifo = makeFIFO("screen.lua")
        let result = try uihost("render", fifo)
        XCTAssertEqual(result.status, 3, result.stdout + result.stderr)
        XCTAssertTrue(result.stderr.contains("cannot open \(fifo): not a regular file"), result.stderr)
    }

    // MARK: - Every case reported

    func testOsExitInACaseFailsItAndTheCasesAfterIt() throws {
        let script = try write("exit_test.lua", """
        test.case("before", function() end)
        test.case("exits", function() os.exit(0) end)
        test.case("after", function() end)
        """)
        let result = try uihost("test", script, "--timeout", "600")
        XCTAssertEqual(result.status, 1, result.stdout + result.stderr)
        XCTAssertEqual(result.stdout, """
        ok before
        FAIL exits
          the script exited (status 0) during this case
        FAIL after
          not run: the script exited (status 0) during "exits"
        1 passed, 2 failed

        """)
    }

    func testCrashedWorkerFailsTheRunningCaseAndTheCasesAfterIt() throws {
        // The worker sends itself SIGSEGV, as a crash in the host would.
        let script = try write("crash_test.lua", """
        test.case("crashes", function()
          local pid = io.open("/proc/self/stat"):read("n")
          os.execute("kill -SEGV " .. pid)
          while true do end
        end)
        test.case("later", function() end)
        """)
        let result = try uihost("test", script, "--timeout", "600")
        XCTAssertEqual(result.status, 1, result.stdout + result.stderr)
        XCTAssertEqual(result.stdout, """
        FAIL crashes
          the script crashed (signal 11) during this case
        FAIL later
          not run: the script crashed (signal 11) during "crashes"
        0 passed, 2 failed

        """)
    }

    func testCaseHangingInCIsKilledAndTheCasesAfterItReported() throws {
        let script = try write("hang_test.lua", """
        test.case("quick", function() end)
        test.case("hangs", function() \(hangInC) end)
        test.case("later", function() end)
        """)
        let result = try uihost("test", script, "--timeout", "0.2")
        XCTAssertEqual(result.status, 1, result.stdout + result.stderr)
        XCTAssertEqual(result.stdout, """
        ok quick
        FAIL hangs
          timed out: no progress for 0.2 s, the script was stopped
        FAIL later
          not run: the script was stopped when "hangs" timed out
        1 passed, 2 failed

        """)
    }

    func testCaseRegisteredInsideACaseIsAnErrorNamingFileAndLine() throws {
        let script = try write("nested_test.lua", """
        test.case("outer", function()
          test.case("inner", function() end)
        end)
        """)
        let result = try uihost("test", script)
        XCTAssertEqual(result.status, 1, result.stdout + result.stderr)
        XCTAssertEqual(result.stdout, """
        FAIL outer
          \(script):2: test.case: cases are registered while the script loads, not inside a case ("inner")
        0 passed, 1 failed

        """)
    }

    // MARK: - Options at their edges (item 7)

    func testTinyInstructionBudgetsRunTheSandboxAndMeetTheScript() throws {
        let screen = try write("tiny.lua", "return ui.screen { title = \"Tiny\" }\n")
        for budget in ["10", "50"] {
            let result = try uihost("render", screen, "--size", "20x3", "--max-instructions", budget)
            XCTAssertEqual(result.status, 0, "budget \(budget): " + result.stderr)
            XCTAssertTrue(result.stdout.contains("Tiny"), result.stdout)
        }
        let one = try uihost("render", screen, "--max-instructions", "1")
        XCTAssertEqual(one.status, 3, one.stderr)
        XCTAssertTrue(one.stderr.hasPrefix("uihost: \(screen):1: instruction budget exceeded (1 instructions)"), one.stderr)
        let script = try write("open_test.lua", "test.case(\"opens\", function() test.open(\"\(screen)\") end)\n")
        let opened = try uihost("test", script, "--max-instructions", "50")
        XCTAssertEqual(opened.stdout, "ok opens\n1 passed, 0 failed\n", opened.stderr)
    }

    func testNoOptionValueTrapsTheHost() throws {
        let screen = try write("plain.lua", "return ui.screen { title = \"Plain\", ui.text \"body\" }\n")
        let script = try write("plain_test.lua", "test.case(\"opens\", function() test.open(\"\(screen)\") end)\n")
        let values: [[String]] = [
            ["--max-instructions", "1"], ["--max-instructions", "9223372036854775807"],
            ["--max-memory", "1"], ["--max-memory", "1048576"], ["--max-memory", "0"],
            ["--max-time", "0.0001"], ["--max-time", "0"], ["--max-time", "86400"], ["--max-time", "1e300"],
            ["--timeout", "0"], ["--timeout", "1e-9"], ["--timeout", "1e308"], ["--timeout", "inf"],
            ["-j", "0"], ["-j", "256"], ["-j", "99999999999999999999"], ["--size", "1x1"], ["--size", "0x0"],
        ]
        for value in values {
            for command in [["render", screen], ["test", script]] {
                let result = try uihost(command + value)
                let what = (command + value).joined(separator: " ")
                XCTAssertTrue([0, 1, 2, 3].contains(result.status), "\(what): status \(result.status)\n\(result.stderr)")
                XCTAssertFalse(result.stderr.contains("Fatal error"), "\(what):\n\(result.stderr)")
                if result.status == 2 { XCTAssertTrue(result.stderr.hasPrefix("uihost: "), "\(what):\n\(result.stderr)") }
            }
        }
    }
}
