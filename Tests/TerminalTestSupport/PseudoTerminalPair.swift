import Glibc
import XCTest

/// A pseudo-terminal pair of `cols`×`rows` for the tests that play a
/// terminal, opened by the Linux ioctls (the glibc wrappers need
/// _XOPEN_SOURCE; the ioctl numbers are macros Swift does not import). Skips
/// the test where the machine has no pseudo-terminals. The caller closes
/// `master`; `slave` goes to the program under test.
public func openPseudoTerminal(cols: UInt16, rows: UInt16) throws -> (master: Int32, slave: Int32) {
    let TIOCSPTLCK: UInt = 0x4004_5431, TIOCGPTN: UInt = 0x8004_5430
    let master = open("/dev/ptmx", O_RDWR | O_NOCTTY | O_CLOEXEC)
    try XCTSkipIf(master < 0, "no pseudo-terminals here")
    var unlock: Int32 = 0
    var number: UInt32 = 0
    XCTAssertEqual(ioctl(master, TIOCSPTLCK, &unlock), 0)
    XCTAssertEqual(ioctl(master, TIOCGPTN, &number), 0)
    var size = winsize(ws_row: rows, ws_col: cols, ws_xpixel: 0, ws_ypixel: 0)
    _ = ioctl(master, UInt(TIOCSWINSZ), &size)
    let slave = open("/dev/pts/\(number)", O_RDWR | O_NOCTTY)
    XCTAssertGreaterThanOrEqual(slave, 0)
    return (master, slave)
}
