import CLua
import XCTest
@testable import LuaBridge

/// `LuaSource.string`: the literal generated scripts embed names and text
/// with. Lua reads back exactly the bytes, and the literal is one line of
/// printable text whatever it holds.
final class LuaSourceTests: XCTestCase {
    /// The bytes Lua reads from `return LITERAL`.
    private func readBack(_ literal: String) throws -> [UInt8] {
        let lua = LuaState()
        try lua.load("return " + literal, chunkName: "=literal")
        try lua.call(nargs: 0, nresults: 1)
        var length = 0
        let pointer = try XCTUnwrap(lua_tolstring(lua.L, -1, &length))
        return pointer.withMemoryRebound(to: UInt8.self, capacity: length) { Array(UnsafeBufferPointer(start: $0, count: length)) }
    }

    /// One line, no control character, nothing an editor hides or reorders.
    private func assertPlain(_ literal: String, file: StaticString = #filePath, line: UInt = #line) {
        for scalar in literal.unicodeScalars {
            XCTAssertTrue(scalar.value >= 0x20 && scalar.value != 0x7F && !LuaSource.hidden(scalar),
                          "U+\(String(scalar.value, radix: 16)) raw in \(literal.debugDescription)", file: file, line: line)
        }
    }

    func testAFileNameThatIsCodeStaysAString() throws {
        let name = "x\nio.open(\"PWNED\",\"w\"):write(\"pwned\")\n--.lua"
        let literal = LuaSource.string(name)
        XCTAssertEqual(literal, #""x\nio.open(\"PWNED\",\"w\"):write(\"pwned\")\n--.lua""#)
        XCTAssertEqual(try readBack(literal), Array(name.utf8))
    }

    func testEscapesReadAsTheScriptAuthorWouldWriteThem() {
        XCTAssertEqual(LuaSource.string("a\"\\\té\u{85}\u{1B}1\r"), #""a\"\\\té\u{85}\0271\r""#)
        XCTAssertEqual(LuaSource.string("日本 ✓"), "\"日本 ✓\"", "printable text stays as it is")
        // Bidirectional overrides, zero-width and line separators, noncharacters.
        XCTAssertEqual(LuaSource.string("a\u{202E}b\u{200B}c\u{2028}d\u{FEFF}\u{FFFE}\u{FFFF}"),
                       #""a\u{202E}b\u{200B}c\u{2028}d\u{FEFF}\u{FFFE}\u{FFFF}""#)
    }

    func testBytesThatAreNotUTF8AreHexEscapes() throws {
        // A lone byte, a truncated sequence, an encoded surrogate, an overlong slash.
        let bytes: [UInt8] = [0x61, 0xFF, 0xE6, 0x97, 0x62, 0xED, 0xA0, 0x80, 0xC0, 0xAF, 0x63]
        let literal = LuaSource.string(bytes: bytes)
        XCTAssertEqual(literal, #""a\xFF\xE6\x97b\xED\xA0\x80\xC0\xAFc""#)
        XCTAssertEqual(try readBack(literal), bytes)
    }

    func testEveryByteStringRoundTripsOnOneLine() throws {
        var rng = SplitMix(seed: 7)  // the same samples on every run
        var samples: [[UInt8]] = [Array(0...255), Array((0...255).reversed())]
        for _ in 0..<300 {
            let count = Int.random(in: 0..<40, using: &rng)
            // Mostly bytes that make UTF-8 and controls, so that sequences form.
            let pool: [UInt8] = [0, 9, 10, 13, 27, 34, 48, 57, 92, 127, 0x80, 0x9B, 0xC2, 0xE2, 0x80, 0xAE, 0xEF, 0xBF, 0xBE, 0xF0, 0x9F]
            samples.append((0..<count).map { _ in Bool.random(using: &rng) ? pool.randomElement(using: &rng)! : UInt8.random(in: 0...255, using: &rng) })
        }
        for bytes in samples {
            let literal = LuaSource.string(bytes: bytes)
            assertPlain(literal)
            XCTAssertEqual(try readBack(literal), bytes, literal)
        }
    }
}

/// A seeded generator (SplitMix64), so that a failure names samples that come back.
private struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
