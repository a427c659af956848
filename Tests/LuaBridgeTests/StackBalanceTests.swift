import XCTest
import LuaBridge
#if canImport(Glibc)
import Glibc
#endif

final class StackBalanceTests: XCTestCase {
    /// Runs `body` in a forked child and returns how it ended and what it wrote
    /// to standard error: the check stops the process, so it cannot run here.
    private func inChild(_ body: () -> Void) -> (signalled: Bool, stderr: String) {
        var fds: [Int32] = [0, 0]
        XCTAssertEqual(pipe(&fds), 0)
        let pid = fork()
        if pid == 0 {
            dup2(fds[1], 2)
            close(fds[0])
            body()
            _exit(0)
        }
        close(fds[1])
        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = read(fds[0], &buffer, buffer.count)
            if n <= 0 { break }
            output += buffer[0..<n]
        }
        close(fds[0])
        var status: Int32 = 0
        waitpid(pid, &status, 0)
        // WIFSIGNALED: the low seven bits hold the signal, and are not 0 or 0x7f.
        let signal = status & 0x7f
        return (signal != 0 && signal != 0x7f, String(decoding: output, as: UTF8.self))
    }

    func testALeftValueStopsTheProgramWithTheEntryNamed() {
        let result = inChild {
            let lua = LuaState()
            lua.stack.balanced("key(enter)") { lua.stack.push("leaked") }
        }
        XCTAssertTrue(result.signalled)
        XCTAssertTrue(result.stderr.contains("Lua stack unbalanced by key(enter): 0 -> 1"), result.stderr)
    }

    func testATakenValueStopsTheProgramToo() {
        let result = inChild {
            let lua = LuaState()
            lua.stack.push("the caller's")
            lua.stack.balanced("render") { lua.stack.pop() }
        }
        XCTAssertTrue(result.signalled)
        XCTAssertTrue(result.stderr.contains("Lua stack unbalanced by render: 1 -> 0"), result.stderr)
    }

    func testABalancedEntryRunsOn() {
        let result = inChild {
            let lua = LuaState()
            let s = lua.stack
            s.balanced("render") {
                s.pushNewTable()
                _ = s.withTable(at: -1) { t in t.rawGet(1) }
                s.pop()
            }
        }
        XCTAssertFalse(result.signalled, result.stderr)
    }
}
