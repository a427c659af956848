import XCTest
@testable import LuaBridge

/// The counts of the host's work that tests bound instead of CPU seconds:
/// each read of a table entry and each byte copied out of a string.
final class LuaWorkTests: XCTestCase {
    override func setUpWithError() throws {
        #if !DEBUG
        throw XCTSkip("the work is counted in debug builds only")
        #endif
    }

    func testCopiedBytesAreWhatIsKeptNotTheWholeString() {
        let lua = LuaState()
        lua.push(String(repeating: "x", count: 1_000_000))
        let start = lua.work
        XCTAssertEqual(LuaState.string(lua.L, at: -1, maxBytes: 8), "xxxxx…")
        XCTAssertEqual((lua.work - start).bytesCopied, 8)
        _ = lua.string(at: -1)
        XCTAssertEqual((lua.work - start).bytesCopied, 1_000_008)
        _ = LuaState.bytes(lua.L, at: -1)
        XCTAssertEqual((lua.work - start).bytesCopied, 1_000_008, "bytes looked at in place are not copied")
    }

    func testEachEntryReadIsCounted() {
        let lua = LuaState()
        let s = lua.stack
        s.pushNewTable(arrayCount: 3, fieldCount: 0)
        for i in 1...3 {
            s.pushInteger(i)
            s.rawSet(at: -2, i)
        }
        let start = lua.work
        s.rawGet(at: -1, 2)
        s.pop()
        s.rawGetIndex(at: -1, 3)
        s.pop()
        var pairs = 0
        s.forEachPair(in: -1) {
            pairs += 1
            return true
        }
        XCTAssertEqual(pairs, 3)
        XCTAssertEqual((lua.work - start).entriesRead, 5)
        XCTAssertEqual((lua.work - start).bytesCopied, 0)
    }
}
