import XCTest
@testable import UIHostCore

final class TableAnchorsTests: XCTestCase {
    private func address(_ n: Int) -> UnsafeRawPointer {
        UnsafeRawPointer(bitPattern: 0x10_0000 + n * 48)!
    }

    func testATableMetTwiceAnswersItsFirstAnchor() {
        var anchors = TableAnchors()
        defer { anchors.deallocate() }
        XCTAssertNil(anchors.insert(address(1), anchor: 1))
        XCTAssertNil(anchors.insert(address(2), anchor: 2))
        XCTAssertEqual(anchors.insert(address(1), anchor: 3), 1)
        XCTAssertEqual(anchors.anchor(of: address(2)), 2)
        XCTAssertNil(anchors.anchor(of: address(3)))
    }

    func testManyTablesSurviveGrowingAndEmptying() {
        var anchors = TableAnchors()
        defer { anchors.deallocate() }
        for round in 0..<3 {
            for n in 0..<5000 { XCTAssertNil(anchors.insert(address(n), anchor: Int32(n + round + 1))) }
            for n in stride(from: 0, to: 5000, by: 7) { XCTAssertEqual(anchors.anchor(of: address(n)), Int32(n + round + 1)) }
            XCTAssertNil(anchors.anchor(of: address(5001)))
            anchors.removeAll()
            XCTAssertNil(anchors.anchor(of: address(0)))
        }
    }

    /// A table whose node left the tree (its subtree read again) has no
    /// anchor, and the next read places it anew without calling it shared.
    func testARetiredTableIsPlacedAnew() {
        var anchors = TableAnchors()
        defer { anchors.deallocate() }
        XCTAssertNil(anchors.insert(address(1), anchor: 1))
        anchors.retire(address(1))
        XCTAssertNil(anchors.anchor(of: address(1)))
        XCTAssertNil(anchors.insert(address(1), anchor: 7))
        XCTAssertEqual(anchors.anchor(of: address(1)), 7)
        XCTAssertEqual(anchors.insert(address(1), anchor: 8), 7)
        anchors.retire(address(2))
        XCTAssertNil(anchors.anchor(of: address(2)))
    }
}
