import XCTest
@testable import LuaBridge

/// A string a script made is as long as its memory allows: what the host
/// reads of one (a display string, an error message) is cut on a character
/// boundary and marked with `…`, and the rest is never copied.
final class BoundedTextTests: XCTestCase {
    private func cut(_ text: String, _ maxBytes: Int) -> String {
        BoundedText.prefix(of: text, maxBytes: maxBytes)
    }

    func testTextThatFitsIsKeptAsItIs() {
        XCTAssertEqual(cut("héllo", 6), "héllo")
        XCTAssertEqual(cut("", 0), "")
    }

    func testACutIsMarkedAndTheMarkCountsTowardsTheBytes() {
        XCTAssertEqual(cut("abcdefgh", 6), "abc…")
        XCTAssertEqual(cut("abcdefgh", 6).utf8.count, 6)
    }

    func testACutNeverSplitsACharacter() {
        // "é" is two bytes, "😀" four: a limit inside one drops it whole.
        XCTAssertEqual(cut("aéééé", 7), "aé…")
        XCTAssertEqual(cut("a😀😀", 7), "a…")
        XCTAssertEqual(cut("a😀😀", 8), "a😀…")
    }

    func testInvalidBytesAreCutAtTheLimitAndDecodedAsReplacements() {
        let bytes: [UInt8] = [0x61] + Array(repeating: 0x80, count: 100)
        let text = bytes.withUnsafeBufferPointer { BoundedText.prefix(of: $0, maxBytes: 10) }
        XCTAssertTrue(text.hasPrefix("a"))
        XCTAssertTrue(text.hasSuffix("…"))
        XCTAssertLessThan(text.unicodeScalars.count, 10)
    }

    func testAStringIsReadOnlyToItsLimit() {
        let lua = LuaState()
        lua.push(String(repeating: "x", count: 1_000_000))
        XCTAssertEqual(LuaState.string(lua.L, at: -1, maxBytes: 8), "xxxxx…")
        XCTAssertEqual(lua.stack.string(at: -1, maxBytes: 2_000_000)?.utf8.count, 1_000_000)
        XCTAssertNil(LuaStack(lua.L).string(at: 1_000, maxBytes: 8))
    }

    func testAHugeErrorMessageIsCutBeforeItsTraceback() throws {
        let lua = LuaState()
        lua.openLibraries()
        try lua.load("local function f() error(string.rep('é', 1e6)) end f()", chunkName: "=huge")
        XCTAssertThrowsError(try lua.call(nargs: 0, nresults: 0)) { error in
            guard let error = error as? LuaError else { return XCTFail("\(error)") }
            XCTAssertLessThanOrEqual(error.message.utf8.count, LuaError.maxMessageBytes)
            XCTAssertEqual(LuaError.maxMessageBytes, 65_536)
            XCTAssertTrue(error.message.hasPrefix("huge:1: éé"), String(error.message.prefix(20)))
            XCTAssertTrue(error.message.hasSuffix("é…"), String(error.message.suffix(20)))
            XCTAssertTrue(error.traceback.hasPrefix("stack traceback:"), error.traceback)
            XCTAssertTrue(error.traceback.contains("in local 'f'"), error.traceback)
        }
    }

    func testASyntaxErrorQuotingAHugeTokenIsCut() {
        let lua = LuaState()
        XCTAssertThrowsError(try lua.load("x = \"" + String(repeating: "s", count: 1_000_000), chunkName: "=token")) { error in
            guard let error = error as? LuaError else { return XCTFail("\(error)") }
            XCTAssertLessThanOrEqual(error.message.utf8.count, LuaError.maxMessageBytes)
            XCTAssertTrue(error.message.hasPrefix("token:1: unfinished string"), String(error.message.prefix(60)))
        }
    }
}
