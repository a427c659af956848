import XCTest
@testable import Serve

final class ClientMessageTests: XCTestCase {
    func testInputIsPassedOnByteForByte() {
        XCTAssertEqual(ClientMessage(Array("i\u{1B}[A".utf8)), .input([0x1B, 0x5B, 0x41]))
        XCTAssertEqual(ClientMessage(Array("i".utf8)), .input([]))
        XCTAssertEqual(ClientMessage(Array("i\u{1B}[200~é\u{1B}[201~".utf8)), .input(Array("\u{1B}[200~é\u{1B}[201~".utf8)))
    }

    func testAResizeNamesColumnsAndRowsInRange() {
        XCTAssertEqual(ClientMessage(Array("r120,40".utf8)), .resize(cols: 120, rows: 40))
        for bad in ["r0,40", "r120,0", "r1001,40", "r120", "r120,40,1", "r-1,5", "r,", "rx,y", "r12 ,4"] {
            XCTAssertNil(ClientMessage(Array(bad.utf8)), bad)
        }
    }

    func testUnknownMessagesAreNotMessages() {
        XCTAssertNil(ClientMessage([UInt8]()))
        XCTAssertNil(ClientMessage(Array("x123".utf8)))
    }
}
