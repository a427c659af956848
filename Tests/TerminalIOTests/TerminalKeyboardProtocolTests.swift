import Glibc
import XCTest
@testable import TerminalIO

/// The kitty keyboard protocol on a real pseudo-terminal: queried on entering,
/// pushed once when answered, popped on leaving the alternate screen.
final class TerminalKeyboardProtocolTests: XCTestCase {
    private var master: Int32 = -1
    private var slave: Int32 = -1

    /// A libc function the Glibc module leaves out (it needs _XOPEN_SOURCE).
    private func libc<F>(_ name: String, as type: F.Type) -> F? {
        guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), name) else { return nil }
        return unsafeBitCast(symbol, to: type)
    }

    override func setUpWithError() throws {
        typealias IntFunction = @convention(c) (Int32) -> Int32
        typealias NameFunction = @convention(c) (Int32) -> UnsafeMutablePointer<CChar>?
        master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
        guard master >= 0, let grantpt = libc("grantpt", as: IntFunction.self),
              let unlockpt = libc("unlockpt", as: IntFunction.self),
              let ptsname = libc("ptsname", as: NameFunction.self),
              grantpt(master) == 0, unlockpt(master) == 0, let name = ptsname(master) else {
            throw XCTSkip("no pseudo-terminal here")
        }
        slave = open(name, O_RDWR | O_NOCTTY)
        guard slave >= 0 else { throw XCTSkip("no pseudo-terminal here") }
    }

    override func tearDown() {
        close(slave)
        close(master)
    }

    /// What the program wrote to the terminal so far (it is all there: writes are synchronous).
    private func written() -> String {
        var out: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        var fds = [pollfd(fd: master, events: Int16(POLLIN), revents: 0)]
        while poll(&fds, 1, 0) > 0, fds[0].revents & Int16(POLLIN) != 0 {
            let n = read(master, &buffer, buffer.count)
            if n <= 0 { break }
            out += buffer[0..<n]
        }
        return String(decoding: out, as: UTF8.self)
    }

    private func count(_ needle: String, in text: String) -> Int {
        text.components(separatedBy: needle).count - 1
    }

    func testQueryOnEnterOnePushPerEnterPopBeforeLeavingTheAlternateScreen() {
        let terminal = Terminal(input: slave, output: slave, mouse: false)
        terminal.enableKeyboardProtocol()   // not entered: nothing
        XCTAssertEqual(written(), "")
        terminal.enter()
        let entered = written()
        XCTAssertTrue(entered.hasSuffix("\u{1B}[?u"), entered.debugDescription)
        XCTAssertLessThan(entered.range(of: "\u{1B}[?1049h")!.lowerBound, entered.range(of: "\u{1B}[?u")!.lowerBound)
        terminal.enableKeyboardProtocol()
        terminal.enableKeyboardProtocol()   // a second answer
        XCTAssertEqual(written(), "\u{1B}[>1u")
        terminal.restore()
        let left = written()
        XCTAssertEqual(count("\u{1B}[<u", in: left), 1)
        XCTAssertLessThan(left.range(of: "\u{1B}[<u")!.lowerBound, left.range(of: "\u{1B}[?1049l")!.lowerBound)
        terminal.enableKeyboardProtocol()   // after leaving: nothing
        XCTAssertEqual(written(), "")
        // Entering again (after a suspend) queries again and may push again.
        terminal.enter()
        XCTAssertTrue(written().hasSuffix("\u{1B}[?u"))
        terminal.enableKeyboardProtocol()
        XCTAssertEqual(written(), "\u{1B}[>1u")
        terminal.restore()
    }

    func testTheWatchdogsLeaveSequencePops() {
        // The watchdog writes `leaveSequence` on an emergency exit, so the pop must be in it.
        for mouse in [false, true] {
            let leave = Terminal(input: slave, output: slave, mouse: mouse).leaveSequence
            XCTAssertTrue(leave.contains("\u{1B}[<u"))
            XCTAssertLessThan(leave.range(of: "\u{1B}[<u")!.lowerBound, leave.range(of: "\u{1B}[?1049l")!.lowerBound)
            XCTAssertTrue(leave.contains("\u{1B}[?25h"), "the cursor is left shown")
        }
    }
}
