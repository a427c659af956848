import Glibc
import LuaBridge
import XCTest
@testable import UIHostCore

/// Script text on the streams outside the frame: `TerminalText.escape` and the
/// capped `LogFile` that uses it.
final class TerminalTextTests: XCTestCase {
    // MARK: - Escaping

    func testCleanTextComesBackUnchanged() {
        for text in ["", "plain", "line\nline\n", "é 猫 😀 ‹ Back", "\u{A0}\u{FFFD}"] {
            XCTAssertEqual(TerminalText.escape(text), text)
        }
    }

    func testC0ControlsAndDelShowInLuaDecimalForm() {
        XCTAssertEqual(TerminalText.escape("\u{1B}]0;PWNED\u{7}"), #"\27]0;PWNED\7"#)
        XCTAssertEqual(TerminalText.escape("a\u{0}b\u{7F}c\rd"), #"a\0b\127c\13d"#)
    }

    func testAControlBeforeADigitIsPaddedToThreeDigits() {
        XCTAssertEqual(TerminalText.escape("\u{1B}1"), #"\0271"#)
        XCTAssertEqual(TerminalText.escape("\u{7}9x"), #"\0079x"#)
    }

    func testC1ControlsShowAsUnicodeEscapes() {
        XCTAssertEqual(TerminalText.escape("\u{9B}2J\u{85}\u{80}"), #"\u{9B}2J\u{85}\u{80}"#)
    }

    func testTabsExpandToStopsOfEightFromTheLineStart() {
        XCTAssertEqual(TerminalText.escape("a\tb"), "a       b")
        XCTAssertEqual(TerminalText.escape("x\n12345678\tc"), "x\n12345678        c")
        XCTAssertEqual(TerminalText.escape("猫\t|"), "猫      |", "a wide character counts two columns")
    }

    func testInvalidUTF8BecomesReplacementCharacter() {
        XCTAssertEqual(TerminalText.escape(bytes: [0x61, 0xFF, 0xC2, 0x9B, 0x62]), "a\u{FFFD}\\u{9B}b")
    }

    func testEscapedTextHasNoControlBytes() {
        var rng = SystemRandomNumberGenerator()
        for _ in 0..<200 {
            let bytes = (0..<32).map { _ in UInt8.random(in: 0...255, using: &rng) }
            let out = Array(TerminalText.escape(bytes: bytes).utf8)
            for (i, byte) in out.enumerated() {
                XCTAssertFalse(byte < 0x20 && byte != 0x0A || byte == 0x7F, "\(bytes)")
                XCTAssertFalse(byte == 0xC2 && i + 1 < out.count && out[i + 1] < 0xA0, "\(bytes)")
            }
        }
    }

    // MARK: - The log file

    func testOneLineShowsLineBreaksAsEscapes() {
        XCTAssertEqual(TerminalText.oneLine("a\nfocus: b\r\nc\u{2028}d\u{2029}e\u{85}f\u{B}"),
                       #"a\nfocus: b\13\nc\u{2028}d\u{2029}e\u{85}f\11"#)
        XCTAssertEqual(TerminalText.oneLine("plain ✓ 日本"), "plain ✓ 日本")
        XCTAssertEqual(TerminalText.escape(TerminalText.oneLine("x\ny\u{1B}")), TerminalText.oneLine("x\ny\u{1B}"),
                       "stderr and stdout escape it again without change")
    }

    func testLogFileEscapesEachLine() throws {
        let scratch = ScratchDirectory()
        defer { scratch.remove() }
        let path = FileSystem.join(scratch.path, "app.log")
        let log = try XCTUnwrap(LogFile(path: path, limit: 1000))
        log.write("title \u{1B}]0;x\u{7}")
        log.write("second\n")
        XCTAssertEqual(try FileSystem.readText(path), "title \\27]0;x\\7\nsecond\n")
    }

    func testLogFileStopsAtItsLimitWithOneNote() throws {
        let scratch = ScratchDirectory()
        defer { scratch.remove() }
        let path = FileSystem.join(scratch.path, "app.log")
        let log = try XCTUnwrap(LogFile(path: path, limit: 1000))
        for i in 0..<500 { log.write("line \(i)") }
        let text = try FileSystem.readText(path)
        XCTAssertLessThanOrEqual(text.utf8.count, 1000)
        XCTAssertTrue(text.hasPrefix("line 0\nline 1\n"))
        XCTAssertTrue(text.hasSuffix("\nuihost: the log reached its limit of 1000 bytes; later lines are dropped\n"), text)
        XCTAssertEqual(text.components(separatedBy: "limit").count, 2, "one note")
    }

    func testLogFileAlreadyAtItsLimitStartsAfresh() throws {
        let scratch = ScratchDirectory()
        defer { scratch.remove() }
        let path = try scratch.write("app.log", String(repeating: "old\n", count: 300))
        let log = try XCTUnwrap(LogFile(path: path, limit: 1000))
        log.write("new")
        XCTAssertEqual(try FileSystem.readText(path), "new\n")
    }

    func testLogFileRefusesADirectory() {
        let scratch = ScratchDirectory()
        defer { scratch.remove() }
        XCTAssertNil(LogFile(path: scratch.path))
    }
}
