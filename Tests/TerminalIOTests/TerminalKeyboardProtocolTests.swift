import Glibc
import TerminalTestSupport
import XCTest
@testable import TerminalIO

/// The kitty keyboard protocol on a real pseudo-terminal: queried on entering,
/// pushed once when answered, popped on leaving the alternate screen.
final class TerminalKeyboardProtocolTests: XCTestCase {
    private var master: Int32 = -1
    private var slave: Int32 = -1

    override func setUpWithError() throws {
        (master, slave) = try openPseudoTerminal(cols: 80, rows: 24)
    }

    override func tearDown() {
        close(slave)
        close(master)
    }

    /// What the program wrote to the terminal so far (it is all there: writes are synchronous).
    private func written() -> String {
        TerminalOutput.drain(master)
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
