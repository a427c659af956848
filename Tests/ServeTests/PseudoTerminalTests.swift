import Glibc
import TerminalTestSupport
import XCTest
@testable import Serve

final class PseudoTerminalTests: XCTestCase {
    /// Reads the terminal until `text` shows or the child's side closes (a guard, not a measure).
    private func output(_ master: Int32, until text: String) -> String {
        TerminalOutput.read(master, until: text)
    }

    func testTheChildHasAControllingTerminalOfTheGivenSize() throws {
        let child = try PseudoTerminal.spawn("/bin/sh", arguments: ["-c", "stty size; ps -o sid=,tty= -p $$; echo done"],
                                             environment: ["PATH=/usr/bin:/bin"], cols: 100, rows: 30)
        defer { close(child.master) }
        let out = output(child.master, until: "done")
        XCTAssertTrue(out.contains("30 100"), out)
        XCTAssertTrue(out.contains("pts/"), "the terminal is the child's controlling terminal: \(out)")
        XCTAssertTrue(out.contains("\(child.pid)"), "the child leads its own session: \(out)")
        var status: Int32 = 0
        XCTAssertEqual(waitpid(child.pid, &status, 0), child.pid)
    }

    func testAResizeReachesTheApp() throws {
        let child = try PseudoTerminal.spawn("/bin/sh", arguments: ["-c", "trap 'stty size; exit' WINCH; echo ready; while :; do sleep 0.05; done"],
                                             environment: ["PATH=/usr/bin:/bin"], cols: 80, rows: 24)
        defer { close(child.master) }
        XCTAssertTrue(output(child.master, until: "ready").contains("ready"))
        PseudoTerminal.resize(child.master, cols: 132, rows: 43)
        XCTAssertTrue(output(child.master, until: "43 132").contains("43 132"))
        var status: Int32 = 0
        XCTAssertEqual(waitpid(child.pid, &status, 0), child.pid)
    }

    func testClosingTheServersSideHangsTheChildUp() throws {
        let child = try PseudoTerminal.spawn("/bin/sh", arguments: ["-c", "echo ready; while :; do sleep 0.05; done"],
                                             environment: ["PATH=/usr/bin:/bin"], cols: 80, rows: 24)
        XCTAssertTrue(output(child.master, until: "ready").contains("ready"))
        close(child.master)
        var status: Int32 = 0
        XCTAssertEqual(waitpid(child.pid, &status, 0), child.pid)
        XCTAssertEqual(status & 0x7F, SIGHUP, "ended by the hang-up")
    }

    func testTheChildGetsNoneOfTheServersDescriptors() throws {
        let open = Glibc.open("/dev/null", O_RDONLY)   // not close-on-exec
        defer { close(open) }
        let child = try PseudoTerminal.spawn("/bin/sh", arguments: ["-c", "ls /proc/$$/fd; echo done"],
                                             environment: ["PATH=/usr/bin:/bin"], cols: 80, rows: 24)
        defer { close(child.master) }
        let out = output(child.master, until: "done")
        let fds = out.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }.filter { $0 < 1000 }
        XCTAssertFalse(fds.contains(Int(open)), "descriptor \(open) leaked into the child: \(out)")
        var status: Int32 = 0
        waitpid(child.pid, &status, 0)
    }
}
