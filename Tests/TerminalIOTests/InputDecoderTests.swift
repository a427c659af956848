import XCTest
@testable import TerminalIO
import UIHost
import UIHostCore

// MARK: - Helpers

private let esc = "\u{1B}"

private func bytes(_ string: String) -> [UInt8] { Array(string.utf8) }

/// What the app makes of the decoder's output (`Event(_:)` in UIHost): keys
/// by their names (docs/API.md §6), those no name spells dropped. The
/// terminal's answer to the keyboard query stays as it is.
private enum Decoded: Hashable {
    case key(Key)
    case mouse(MouseEvent)
    case paste(String)
    case keyboardProtocol(flags: Int)

    static func of(_ events: [InputEvent]) -> [Decoded] {
        events.compactMap { (event: InputEvent) -> Decoded? in
            if case .keyboardProtocol(let flags) = event { return .keyboardProtocol(flags: flags) }
            switch Event(event) {
            case .key(let key)?: return .key(key)
            case .mouse(let mouse)?: return .mouse(mouse)
            case .paste(let text)?: return .paste(text)
            default: return nil
            }
        }
    }
}

/// The decoder, its output as the app sees it.
private struct MappedDecoder {
    var decoder = InputDecoder()
    var hasPending: Bool { decoder.hasPending }
    var pendingByteCount: Int { decoder.pendingByteCount }
    var isInPaste: Bool { decoder.isInPaste }

    mutating func feed<S: Sequence>(_ bytes: S) -> [Decoded] where S.Element == UInt8 { Decoded.of(decoder.feed(bytes)) }
    mutating func flush() -> [Decoded] { Decoded.of(decoder.flush()) }
}

/// Decodes `input` fed in one piece, then flushed (as after the escape timeout).
private func decode(_ input: [UInt8]) -> [Decoded] {
    var decoder = MappedDecoder()
    var events = decoder.feed(input)
    events += decoder.flush()
    return events
}

private func decode(_ input: String) -> [Decoded] { decode(bytes(input)) }

private func key(_ key: Key) -> Decoded { .key(key) }
/// A key by its name, which must be one.
private func named(_ name: String) -> Decoded {
    guard let key = Key(name: name) else { fatalError("not a key name: \(name)") }
    return .key(key)
}
private func char(_ c: Character) -> Decoded { .key(.character(c)) }
private func mouse(_ kind: MouseEvent.Kind, _ column: Int, _ row: Int) -> Decoded {
    .mouse(MouseEvent(kind, column: column, row: row))
}

/// Deterministic PRNG for the fuzz tests.
private struct SplitMix64 {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    /// Uniform-ish in 0..<bound (bound > 0).
    mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
    mutating func byte() -> UInt8 { UInt8(truncatingIfNeeded: next()) }
}

final class InputDecoderTests: XCTestCase {

    private func assertFixtures(_ fixtures: [(String, [Decoded])],
                                file: StaticString = #filePath, line: UInt = #line) {
        for (input, expected) in fixtures {
            XCTAssertEqual(decode(input), expected, "input \(input.debugDescription)", file: file, line: line)
        }
    }

    // MARK: Plain bytes

    func testPrintableASCIIAndSpace() {
        XCTAssertEqual(decode("aZ1~"), [char("a"), char("Z"), char("1"), char("~")])
        XCTAssertEqual(decode("a b"), [char("a"), key(.space), char("b")])
    }

    func testControlBytes() {
        assertFixtures([
            ("\r", [key(.enter)]),
            ("\n", [key(.enter)]),
            ("\t", [key(.tab)]),
            ("\u{7F}", [key(.backspace)]),
            ("\u{08}", [key(.backspace)]),
            ("\u{01}", [key(.ctrl("a"))]),
            ("\u{03}", [key(.ctrl("c"))]),
            ("\u{0B}", [key(.ctrl("k"))]),
            ("\u{0C}", [key(.ctrl("l"))]),
            ("\u{0E}", [key(.ctrl("n"))]),
            ("\u{1A}", [key(.ctrl("z"))]),
            // ctrl-space / ctrl-@ and ctrl-\ ] ^ _ have no key name.
            ("\u{00}\u{1C}\u{1D}\u{1E}\u{1F}x", [char("x")]),
        ])
        for byte in UInt8(0x01)...0x1A where ![0x08, 0x09, 0x0A, 0x0D].contains(byte) {
            let letter = Character(Unicode.Scalar(byte + 0x60))
            XCTAssertEqual(decode([byte]), [key(.ctrl(letter))])
        }
    }

    func testUTF8() {
        XCTAssertEqual(decode("é"), [char("é")])
        XCTAssertEqual(decode("あい"), [char("あ"), char("い")])
        XCTAssertEqual(decode("😀"), [char("😀")])
        XCTAssertEqual(decode("\u{10FFFF}"), [char("\u{10FFFF}")])
    }

    func testUTF8SplitByteByByte() {
        var decoder = MappedDecoder()
        let a = bytes("あ")
        XCTAssertEqual(a.count, 3)
        XCTAssertEqual(decoder.feed(a[0...0]), [])
        XCTAssertTrue(decoder.hasPending)
        XCTAssertEqual(decoder.feed(a[1...1]), [])
        XCTAssertTrue(decoder.hasPending)
        XCTAssertEqual(decoder.feed(a[2...2]), [char("あ")])
        XCTAssertFalse(decoder.hasPending)

        for b in bytes("😀x") { _ = decoder.feed([b]) }  // 4-byte char byte by byte
        var d2 = MappedDecoder()
        var out: [Decoded] = []
        for b in bytes("😀x") { out += d2.feed([b]) }
        XCTAssertEqual(out, [char("😀"), char("x")])
    }

    func testSplitUTF8DroppedOnFlush() {
        var decoder = MappedDecoder()
        XCTAssertEqual(decoder.feed([0xE3, 0x81]), [])
        XCTAssertTrue(decoder.hasPending)
        XCTAssertEqual(decoder.flush(), [])
        XCTAssertFalse(decoder.hasPending)
        XCTAssertEqual(decoder.feed([0x82]), [])  // a stray continuation byte
        XCTAssertEqual(decoder.feed(bytes("a")), [char("a")])
    }

    func testGraphemeClustersInOneFeed() {
        XCTAssertEqual(decode("e\u{301}x"), [char("e\u{301}"), char("x")])
        XCTAssertEqual(decode("\u{2764}\u{FE0F}"), [char("\u{2764}\u{FE0F}")])
        XCTAssertEqual(decode("👍🏽"), [char("👍🏽")])
        XCTAssertEqual(decode("👩‍💻"), [char("👩‍💻")])
        // Across feeds, one character per scalar.
        var decoder = MappedDecoder()
        XCTAssertEqual(decoder.feed(bytes("e")), [char("e")])
        XCTAssertEqual(decoder.feed(bytes("\u{301}")), [char("\u{301}")])
        // A key in between separates them.
        XCTAssertEqual(decode("e\t\u{301}"), [char("e"), key(.tab), char("\u{301}")])
    }

    func testInvalidUTF8Dropped() {
        assertFixtures([
            ("", []),
        ])
        XCTAssertEqual(decode([0xFF, 0x61]), [char("a")])
        XCTAssertEqual(decode([0xC3, 0x28]), [char("(")])            // bad continuation
        XCTAssertEqual(decode([0xC0, 0xAF, 0x62]), [char("b")])      // overlong
        XCTAssertEqual(decode([0xE0, 0x80, 0xAF, 0x62]), [char("b")])  // overlong
        XCTAssertEqual(decode([0xED, 0xA0, 0x80, 0x62]), [char("b")])  // surrogate
        XCTAssertEqual(decode([0xF4, 0x90, 0x80, 0x80, 0x62]), [char("b")])  // > U+10FFFF
        XCTAssertEqual(decode([0xE3, 0x81, 0x61]), [char("a")])      // truncated
        XCTAssertEqual(decode([0x80, 0xBF, 0x62]), [char("b")])      // stray continuations
        XCTAssertEqual(decode([0xC2, 0x85, 0x9B, 0x62]), [char("b")])  // C1 controls
        XCTAssertEqual(decode([0xE3, 0x81, 0x0D]), [key(.enter)])
    }

    // MARK: ESC

    func testLoneEscHeldUntilFlush() {
        var decoder = MappedDecoder()
        XCTAssertFalse(decoder.hasPending)
        XCTAssertEqual(decoder.feed([0x1B]), [])
        XCTAssertTrue(decoder.hasPending)
        XCTAssertEqual(decoder.flush(), [key(.esc)])
        XCTAssertFalse(decoder.hasPending)
        XCTAssertEqual(decoder.flush(), [])
        XCTAssertEqual(decoder.feed(bytes("[A")), [char("["), char("A")])
    }

    func testEscEsc() {
        var decoder = MappedDecoder()
        XCTAssertEqual(decoder.feed([0x1B, 0x1B]), [key(.esc)])
        XCTAssertTrue(decoder.hasPending)
        XCTAssertEqual(decoder.flush(), [key(.esc)])
        XCTAssertEqual(decode("\(esc)\(esc)\(esc)"), [key(.esc), key(.esc), key(.esc)])
        // ESC ESC [ A (alt-up in some terminals): esc, then up.
        XCTAssertEqual(decode("\(esc)\(esc)[A"), [key(.esc), key(.up)])
        XCTAssertEqual(decode("x\(esc)"), [char("x"), key(.esc)])
    }

    func testEscBeforeAKeyIsAlt() {
        assertFixtures([
            ("\(esc)x", [named("alt-x")]),
            ("\(esc)b", [named("alt-b")]),
            ("\(esc)X", [named("alt-X")]),
            ("\(esc)あ", [named("alt-あ")]),
            ("\(esc) ", [named("alt-space")]),
            ("\(esc)\r", [named("alt-enter")]),
            ("\(esc)\t", [named("alt-tab")]),
            ("\(esc)\u{7F}", [named("alt-backspace")]),
            ("\(esc)\u{08}", [named("alt-backspace")]),
            ("\(esc)\u{03}", [named("ctrl-alt-c")]),
            ("\(esc)\u{00}a", [char("a")]),
            ("\(esc)xy", [named("alt-x"), char("y")]),
            ("\(esc)e\u{301}", [named("alt-e"), char("\u{301}")]),
        ])
        XCTAssertEqual(decode([0x1B, 0xE3, 0x81, 0x61]), [char("a")])  // a broken character loses its alt
        XCTAssertEqual(decode(bytes("\(esc)\u{301}x")), [char("x")])   // a lone mark with alt has no name
        // The alt survives a read that splits ESC from its key, but not the timeout.
        var decoder = MappedDecoder()
        XCTAssertEqual(decoder.feed([0x1B]), [])
        XCTAssertEqual(decoder.feed(bytes("b")), [named("alt-b")])
        XCTAssertEqual(decoder.feed([0x1B, 0xE3]), [])
        XCTAssertEqual(decoder.feed([0x81]), [])
        XCTAssertEqual(decoder.feed([0x82, 0x61]), [named("alt-あ"), char("a")])
        XCTAssertEqual(decoder.feed([0x1B]), [])
        XCTAssertEqual(decoder.flush(), [key(.esc)])
        XCTAssertEqual(decoder.feed(bytes("b")), [char("b")])
        XCTAssertEqual(decoder.feed([0x1B, 0xE3]), [])
        XCTAssertEqual(decoder.flush(), [])
        XCTAssertEqual(decoder.feed(bytes("c")), [char("c")])
        // An incomplete CSI / SS3 introducer is dropped at the timeout.
        decoder = MappedDecoder()
        XCTAssertEqual(decoder.feed(bytes("\(esc)[")), [])
        XCTAssertTrue(decoder.hasPending)
        XCTAssertEqual(decoder.flush(), [])
        XCTAssertEqual(decoder.feed(bytes("\(esc)O")), [])
        XCTAssertEqual(decoder.flush(), [])
        XCTAssertFalse(decoder.hasPending)
    }

    // MARK: Sequence families

    func testXtermKeys() {
        assertFixtures([
            ("\(esc)[A", [key(.up)]), ("\(esc)[B", [key(.down)]),
            ("\(esc)[C", [key(.right)]), ("\(esc)[D", [key(.left)]),
            ("\(esc)OA", [key(.up)]), ("\(esc)OB", [key(.down)]),
            ("\(esc)OC", [key(.right)]), ("\(esc)OD", [key(.left)]),
            ("\(esc)[H", [key(.home)]), ("\(esc)[F", [key(.end)]),
            ("\(esc)OH", [key(.home)]), ("\(esc)OF", [key(.end)]),
            ("\(esc)[1~", [key(.home)]), ("\(esc)[4~", [key(.end)]),
            ("\(esc)[3~", [key(.delete)]),
            ("\(esc)[5~", [key(.pageUp)]), ("\(esc)[6~", [key(.pageDown)]),
            ("\(esc)[2~", [key(.insert)]),
            ("\(esc)[Z", [key(.shiftTab)]),
            ("\(esc)OP", [key(.function(1))]), ("\(esc)OQ", [key(.function(2))]),
            ("\(esc)OR", [key(.function(3))]), ("\(esc)OS", [key(.function(4))]),
            ("\(esc)[11~", [key(.function(1))]), ("\(esc)[12~", [key(.function(2))]),
            ("\(esc)[13~", [key(.function(3))]), ("\(esc)[14~", [key(.function(4))]),
            ("\(esc)[15~", [key(.function(5))]), ("\(esc)[17~", [key(.function(6))]),
            ("\(esc)[18~", [key(.function(7))]), ("\(esc)[19~", [key(.function(8))]),
            ("\(esc)[20~", [key(.function(9))]), ("\(esc)[21~", [key(.function(10))]),
            ("\(esc)[23~", [key(.function(11))]), ("\(esc)[24~", [key(.function(12))]),
            ("\(esc)[16~\(esc)[22~\(esc)[25~\(esc)[34~", []),
        ])
    }

    func testXtermModifiers() {
        assertFixtures([
            ("\(esc)[1;2A", [named("shift-up")]),
            ("\(esc)[1;5C", [named("ctrl-right")]),
            ("\(esc)[1;3D", [named("alt-left")]),
            ("\(esc)[1;4D", [named("alt-shift-left")]),
            ("\(esc)[1;6D", [named("ctrl-shift-left")]),
            ("\(esc)[1;7D", [named("ctrl-alt-left")]),
            ("\(esc)[1;8B", [named("ctrl-alt-shift-down")]),
            ("\(esc)[1;1A", [key(.up)]),
            ("\(esc)[1;2H", [named("shift-home")]),
            ("\(esc)[1;5F", [named("ctrl-end")]),
            ("\(esc)[2;3~", [named("alt-insert")]),
            ("\(esc)[3;5~", [named("ctrl-delete")]),
            ("\(esc)[5;2~", [named("shift-pageup")]),
            ("\(esc)[6;5~", [named("ctrl-pagedown")]),
            ("\(esc)[1;5~", [named("ctrl-home")]),
            ("\(esc)[4;2~", [named("shift-end")]),
            ("\(esc)[15;2~", [named("shift-f5")]),
            ("\(esc)[17;5~", [named("ctrl-f6")]),
            ("\(esc)[21;3~", [named("alt-f10")]),
            ("\(esc)[24;7~", [named("ctrl-alt-f12")]),
            ("\(esc)[1;2P", [named("shift-f1")]),
            ("\(esc)[1;5Q", [named("ctrl-f2")]),
            ("\(esc)[1;6R", [named("ctrl-shift-f3")]),
            ("\(esc)[1;5S", [named("ctrl-f4")]),
            ("\(esc)O2P", [named("shift-f1")]),      // old xterm
            ("\(esc)O5A", [named("ctrl-up")]),
            ("\(esc)[1;2Z", [key(.shiftTab)]),
            ("\(esc)[1;5Z", [named("ctrl-shift-tab")]),
            ("\(esc)[1;5:1A", [named("ctrl-up")]),   // kitty sub-parameters
            // Super, hyper and meta have no names: the key is dropped, not misreported.
            ("\(esc)[1;9A\(esc)[1;17A\(esc)[1;33Ax", [char("x")]),
            // A cursor position report is not F3.
            ("\(esc)[24;80R", []),
        ])
    }

    func testRxvtKeys() {
        assertFixtures([
            ("\(esc)[7~", [key(.home)]), ("\(esc)[8~", [key(.end)]),
            ("\(esc)Oa", [named("ctrl-up")]), ("\(esc)Ob", [named("ctrl-down")]),
            ("\(esc)Oc", [named("ctrl-right")]), ("\(esc)Od", [named("ctrl-left")]),
            ("\(esc)[a", [named("shift-up")]), ("\(esc)[b", [named("shift-down")]),
            ("\(esc)[c", [named("shift-right")]), ("\(esc)[d", [named("shift-left")]),
            ("\(esc)[3$", [named("shift-delete")]), ("\(esc)[3^", [named("ctrl-delete")]),
            ("\(esc)[3@", [named("ctrl-shift-delete")]),
            ("\(esc)[5^", [named("ctrl-pageup")]), ("\(esc)[6$", [named("shift-pagedown")]),
            ("\(esc)[7$", [named("shift-home")]), ("\(esc)[8^", [named("ctrl-end")]),
            ("\(esc)[11^", [named("ctrl-f1")]), ("\(esc)[24$", [named("shift-f12")]),
            ("\(esc)[2$", [named("shift-insert")]), ("\(esc)[2^", [named("ctrl-insert")]),
            ("\(esc)[3$x", [named("shift-delete"), char("x")]),
        ])
    }

    func testLinuxConsoleKeys() {
        assertFixtures([
            ("\(esc)[[A", [key(.function(1))]), ("\(esc)[[B", [key(.function(2))]),
            ("\(esc)[[C", [key(.function(3))]), ("\(esc)[[D", [key(.function(4))]),
            ("\(esc)[[E", [key(.function(5))]),
            ("\(esc)[1~", [key(.home)]), ("\(esc)[4~", [key(.end)]),
            ("\(esc)[G", []), ("\(esc)[E", []),
            ("\(esc)[17~", [key(.function(6))]),
            ("\(esc)[[Fx", [char("x")]),
            ("\(esc)[[\u{03}", [key(.ctrl("c"))]),
        ])
    }

    func testApplicationKeypad() {
        assertFixtures([
            ("\(esc)OM", [key(.enter)]),
            ("\(esc)Oj\(esc)Ok\(esc)Ol\(esc)Om\(esc)On\(esc)Oo",
             [char("*"), char("+"), char(","), char("-"), char("."), char("/")]),
            ("\(esc)Op\(esc)Ot\(esc)Oy", [char("0"), char("4"), char("9")]),
            ("\(esc)OX", [char("=")]),
            ("\(esc)OE", []),
        ])
    }

    func testCSIuAndModifyOtherKeys() {
        assertFixtures([
            ("\(esc)[9;2u", [key(.shiftTab)]),
            ("\(esc)[9u", [key(.tab)]),
            ("\(esc)[13u", [key(.enter)]),
            ("\(esc)[27u", [key(.esc)]),
            ("\(esc)[127;3u", [named("alt-backspace")]),
            ("\(esc)[97;5u", [key(.ctrl("a"))]),
            ("\(esc)[97;2u", [char("A")]),
            ("\(esc)[12354u", [char("あ")]),
            ("\(esc)[57358u", []),                     // kitty caps lock: no name
            ("\(esc)[1114112u", []),                   // beyond Unicode
            ("\(esc)[55296u", []),                     // surrogate
            ("\(esc)[27;2;9~", [key(.shiftTab)]),
            ("\(esc)[27;5;99~", [key(.ctrl("c"))]),
            ("\(esc)[27;5;13~", [named("ctrl-enter")]),
        ])
    }

    func testKittyKeys() {
        assertFixtures([
            ("\(esc)[13;2u", [named("shift-enter")]),
            ("\(esc)[13;5u", [named("ctrl-enter")]),
            ("\(esc)[105;5u", [named("ctrl-i")]),          // not tab
            ("\(esc)[109;5u", [named("ctrl-m")]),          // not enter
            ("\(esc)[91;5u", []),                          // ctrl-[: no name (not esc)
            ("\(esc)[27u", [key(.esc)]),
            ("\(esc)[27;3u", [named("alt-esc")]),
            ("\(esc)[9;5u", [named("ctrl-tab")]),
            ("\(esc)[9;6u", [named("ctrl-shift-tab")]),
            ("\(esc)[32;5u", [named("ctrl-space")]),
            ("\(esc)[127;5u", [named("ctrl-backspace")]),
            ("\(esc)[97;3u", [named("alt-a")]),
            ("\(esc)[97;4u", [named("alt-A")]),
            ("\(esc)[97;6u", [named("ctrl-shift-a")]),
            ("\(esc)[97;7u", [named("ctrl-alt-a")]),
            ("\(esc)[97;8u", [named("ctrl-alt-shift-a")]),
            ("\(esc)[49;3u", [named("alt-1")]),
            ("\(esc)[49;4u", []),                          // alt + shift + 1: layout-dependent
            ("\(esc)[49;5u", []),                          // ctrl-1: no name
            ("\(esc)[233;3u", [named("alt-é")]),
            ("\(esc)[97;69u\(esc)[97;133u", [key(.ctrl("a")), key(.ctrl("a"))]),  // caps / num lock
            ("\(esc)[97;9u\(esc)[97;13u", []),             // super
            ("\(esc)[97:65;6u", [named("ctrl-shift-a")]),  // alternate key sub-parameter
            // The `~` and letter forms carry kitty's modifiers the same way.
            ("\(esc)[2;5~\(esc)[1;6C\(esc)[13~\(esc)[1;3P",
             [named("ctrl-insert"), named("ctrl-shift-right"), key(.function(3)), named("alt-f1")]),
            // The keypad, which disambiguation reports apart.
            ("\(esc)[57399u\(esc)[57408u\(esc)[57409u\(esc)[57413u", [char("0"), char("9"), char("."), char("+")]),
            ("\(esc)[57414u\(esc)[57414;2u", [key(.enter), named("shift-enter")]),
            ("\(esc)[57417;5u\(esc)[57420u\(esc)[57424u\(esc)[57426;2u",
             [named("ctrl-left"), key(.down), key(.end), named("shift-delete")]),
            ("\(esc)[57427u\(esc)[57376u\(esc)[57441u", []),  // begin, F13, left shift
        ])
    }

    func testKittyQueryAnswerIsNotAKey() {
        assertFixtures([
            ("\(esc)[?1u", [.keyboardProtocol(flags: 1)]),
            ("\(esc)[?0u", [.keyboardProtocol(flags: 0)]),
            ("\(esc)[?u", [.keyboardProtocol(flags: 0)]),
            ("a\(esc)[?31ub", [char("a"), .keyboardProtocol(flags: 31), char("b")]),
            ("\(esc)[?1;2u\(esc)[>1ux", [.keyboardProtocol(flags: 1), char("x")]),
        ])
        let answer = bytes("\(esc)[?1u")
        for cut in 1..<answer.count {
            var decoder = MappedDecoder()
            XCTAssertEqual(decoder.feed(answer[..<cut]), [])
            XCTAssertEqual(decoder.feed(answer[cut...]), [.keyboardProtocol(flags: 1)])
        }
    }

    func testModifyOtherKeysCarriesTheShiftedCharacter() {
        assertFixtures([
            ("\(esc)[27;2;33~", [char("!")]),
            ("\(esc)[27;2;65~", [char("A")]),
            ("\(esc)[27;3;97~", [named("alt-a")]),
            ("\(esc)[27;4;65~", [named("alt-A")]),
            ("\(esc)[27;4;33~", [named("alt-!")]),
            ("\(esc)[27;6;65~", [named("ctrl-shift-a")]),
            ("\(esc)[27;5;9~", [named("ctrl-tab")]),
        ])
    }

    func testUnnamedSequencesDropped() {
        assertFixtures([
            ("\(esc)[I\(esc)[Ox", [char("x")]),          // focus in / out
            ("\(esc)[?1;2c\(esc)[?2026;2$yx", [char("x")]),  // DA1, DECRPM replies
            ("\(esc)[>0;95;0cx", [char("x")]),
            ("\(esc)[201~x", [char("x")]),               // stray paste end
        ])
    }

    func testStringSequencesSwallowed() {
        assertFixtures([
            ("\(esc)]11;rgb:0000/0000/0000\u{07}a", [char("a")]),
            ("\(esc)]11;rgb:ffff/ffff/ffff\(esc)\\b", [char("b")]),
            ("\(esc)P>|xterm(390)\(esc)\\c", [char("c")]),
            ("\(esc)_Gi=1;OK\(esc)\\d", [char("d")]),
            // An ESC that does not make ST ends the string and starts a sequence.
            ("\(esc)]0;title\(esc)[A", [key(.up)]),
        ])
        var decoder = MappedDecoder()
        XCTAssertEqual(decoder.feed(bytes("\(esc)]52;c;aGVsbG8=")), [])
        XCTAssertTrue(decoder.hasPending)
        XCTAssertEqual(decoder.flush(), [])
        XCTAssertEqual(decoder.feed(bytes("a")), [char("a")])
    }

    // MARK: Malformed input

    func testParametersAreBounded() {
        XCTAssertEqual(decode("\(esc)[99999999999999999999A"), [key(.up)])
        XCTAssertEqual(decode("\(esc)[99999999999999999999;99999999999999999999~x"), [char("x")])
        XCTAssertEqual(decode("\(esc)[<0;99999999999999999999;3M"),
                       [mouse(.press, InputDecoder.parameterCap, 3)])
        XCTAssertEqual(decode("\(esc)[<99999999999999999999;1;1Mx"), [char("x")])
        XCTAssertEqual(decode("\(esc)[99999999999999999999ux"), [char("x")])
    }

    func testOverlongSequenceDropped() {
        let limit = InputDecoder.maxSequenceLength
        // Exactly at the limit is still decoded.
        let fits = esc + "[" + String(repeating: "1", count: limit - 3) + "A"
        XCTAssertEqual(fits.utf8.count, limit)
        XCTAssertEqual(decode(fits), [key(.up)])
        // One more byte and the whole sequence is dropped, final byte included.
        let tooLong = esc + "[" + String(repeating: "1", count: limit - 2) + "A"
        XCTAssertEqual(decode(tooLong + "x"), [char("x")])
        let huge = esc + "[" + String(repeating: "1;", count: 10_000) + "Ax"
        var decoder = MappedDecoder()
        var events: [Decoded] = []
        var maxPending = 0
        for b in bytes(huge) {
            events += decoder.feed([b])
            maxPending = max(maxPending, decoder.pendingByteCount)
        }
        XCTAssertLessThanOrEqual(maxPending, limit)
        XCTAssertEqual(events, [char("x")])
        XCTAssertFalse(decoder.hasPending)
        // SS3 too.
        XCTAssertEqual(decode(esc + "O" + String(repeating: "5", count: 200) + "Ax"), [char("x")])
    }

    func testMalformedSequencesThenValidKeys() {
        assertFixtures([
            ("\(esc)[1;2;3Xa", [char("a")]),                    // unknown final
            ("\(esc)[\u{03}", [key(.ctrl("c"))]),               // control aborts the sequence
            ("\(esc)[1;\(esc)[A", [key(.up)]),                  // ESC restarts
            ("\(esc)O\(esc)[B", [key(.down)]),
            ("\(esc)[1;5\rx", [key(.enter), char("x")]),
            ("\(esc)[12あ", [char("あ")]),                      // non-ASCII aborts
            ("\(esc)[1\u{7F}", [key(.backspace)]),
            ("\(esc)[ 5Ab", [char("b")]),                       // intermediate byte
            ("\(esc)[5;?Ac", [char("c")]),                      // misplaced marker
            ("\(esc)[?5Ad", [char("d")]),                       // private marker
            ("\(esc)[<0;1Me", [char("e")]),                     // two mouse parameters
            ("\(esc)[<0;1;2;3Mf", [char("f")]),                 // four
            ("\(esc)[<0;;2Mg", [char("g")]),                    // an omitted one
            ("\(esc)[<0;0;5Mh", [char("h")]),                   // column 0
            ("\(esc)[<0;5;0Mi", [char("i")]),                   // row 0
            ("\(esc)[<0;5;5Xj", [char("j")]),                   // wrong final
            ("\(esc)Ozk", [char("k")]),                         // unknown SS3
            ("\(esc)O l", [key(.space), char("l")]),
            ("\(esc)[[1m", [char("m")]),                        // broken console F-key
            ("\u{9B}An", [char("A"), char("n")]),               // U+009B (C1 CSI) is not a sequence
        ])
    }

    func testIncompleteSequenceDroppedByFlush() {
        var decoder = MappedDecoder()
        XCTAssertEqual(decoder.feed(bytes("\(esc)[1;5")), [])
        XCTAssertTrue(decoder.hasPending)
        XCTAssertEqual(decoder.flush(), [])
        XCTAssertFalse(decoder.hasPending)
        XCTAssertEqual(decoder.feed(bytes("A")), [char("A")])
        XCTAssertEqual(decoder.feed(bytes("\(esc)[M!")), [])
        XCTAssertEqual(decoder.flush(), [])
        XCTAssertEqual(decoder.feed(bytes("B")), [char("B")])
    }

    // MARK: Mouse

    func testSGRMouse() {
        assertFixtures([
            ("\(esc)[<0;10;5M", [mouse(.press, 10, 5)]),
            ("\(esc)[<32;11;5M", [mouse(.drag, 11, 5)]),
            ("\(esc)[<0;12;6m", [mouse(.release, 12, 6)]),
            ("\(esc)[<64;3;4M", [mouse(.scroll(-1), 3, 4)]),
            ("\(esc)[<65;3;4M", [mouse(.scroll(1), 3, 4)]),
            // Modifier bits are ignored.
            ("\(esc)[<4;1;1M\(esc)[<8;1;1M\(esc)[<16;1;1M\(esc)[<28;1;1m",
             [mouse(.press, 1, 1), mouse(.press, 1, 1), mouse(.press, 1, 1), mouse(.release, 1, 1)]),
            ("\(esc)[<48;2;2M", [mouse(.drag, 2, 2)]),
            ("\(esc)[<80;2;2M\(esc)[<69;2;2M", [mouse(.scroll(-1), 2, 2), mouse(.scroll(1), 2, 2)]),
            // Other buttons, horizontal wheel, buttonless motion: dropped.
            ("\(esc)[<1;1;1M\(esc)[<2;1;1M\(esc)[<2;1;1m\(esc)[<34;1;1M\(esc)[<35;1;1M", []),
            ("\(esc)[<66;1;1M\(esc)[<67;1;1M\(esc)[<128;1;1M\(esc)[<64;1;1m", []),
            ("\(esc)[<0;200;100Mx", [mouse(.press, 200, 100), char("x")]),
        ])
    }

    func testX10Mouse() {
        func x10(_ b: Int, _ x: Int, _ y: Int) -> [UInt8] {
            [0x1B, 0x5B, 0x4D, UInt8(b + 32), UInt8(x + 32), UInt8(y + 32)]
        }
        XCTAssertEqual(decode(x10(0, 1, 1)), [mouse(.press, 1, 1)])
        XCTAssertEqual(decode(x10(0, 10, 5) + x10(32, 11, 5) + x10(3, 12, 5)),
                       [mouse(.press, 10, 5), mouse(.drag, 11, 5), mouse(.release, 12, 5)])
        XCTAssertEqual(decode(x10(64, 3, 4) + x10(65, 3, 4)),
                       [mouse(.scroll(-1), 3, 4), mouse(.scroll(1), 3, 4)])
        XCTAssertEqual(decode(x10(16, 2, 2)), [mouse(.press, 2, 2)])    // ctrl ignored
        XCTAssertEqual(decode(x10(0, 223, 200)), [mouse(.press, 223, 200)])  // high raw bytes
        // The release of another button is not reported; buttonless motion neither.
        XCTAssertEqual(decode(x10(2, 1, 1) + x10(3, 1, 1) + x10(35, 4, 4) + bytes("x")), [char("x")])
        // Coordinate bytes below 33 mean 0 or less: dropped.
        XCTAssertEqual(decode([0x1B, 0x5B, 0x4D, 0x20, 0x20, 0x21, 0x79]), [char("y")])
        XCTAssertEqual(decode([0x1B, 0x5B, 0x4D, 0x20, 0x00, 0x00, 0x7A]), [char("z")])
        // Split at every point.
        let seq = x10(0, 7, 8)
        for cut in 1..<seq.count {
            var decoder = MappedDecoder()
            var events = decoder.feed(seq[..<cut])
            XCTAssertTrue(decoder.hasPending)
            events += decoder.feed(seq[cut...])
            XCTAssertEqual(events, [mouse(.press, 7, 8)])
        }
    }

    func testUrxvtMouse() {
        assertFixtures([
            ("\(esc)[32;10;5M", [mouse(.press, 10, 5)]),
            ("\(esc)[64;11;5M", [mouse(.drag, 11, 5)]),
            ("\(esc)[35;12;5M", [mouse(.release, 12, 5)]),
            ("\(esc)[96;1;2M\(esc)[97;1;2M", [mouse(.scroll(-1), 1, 2), mouse(.scroll(1), 1, 2)]),
            ("\(esc)[34;1;1M\(esc)[35;1;1Mx", [char("x")]),
            ("\(esc)[1;1;1Mx", [char("x")]),
        ])
    }

    // MARK: Paste

    func testBracketedPaste() {
        assertFixtures([
            ("\(esc)[200~hello world\(esc)[201~", [.paste("hello world")]),
            ("a\(esc)[200~x\(esc)[201~b", [char("a"), .paste("x"), char("b")]),
            ("\(esc)[200~l1\r\nl2\rl3\nl4\tend\(esc)[201~", [.paste("l1\nl2\nl3\nl4\tend")]),
            ("\(esc)[200~a\u{03}\u{7F}\u{00}b\(esc)[A\(esc)c\(esc)[201~", [.paste("ab[Ac")]),
            ("\(esc)[200~あ😀e\u{301}\(esc)[201~", [.paste("あ😀e\u{301}")]),
            ("\(esc)[200~\(esc)[200~\(esc)[20\(esc)[201\(esc)[201~",
             [.paste("[200~[20[201")]),
            ("\(esc)[200~\(esc)[201~x", [char("x")]),   // empty paste
        ])
        XCTAssertEqual(decode(bytes("\(esc)[200~a") + [0xFF, 0xC3] + bytes("b\(esc)[201~")),
                       [.paste("a\u{FFFD}\u{FFFD}b")])
        XCTAssertEqual(decode(bytes("\(esc)[200~") + [0xC2, 0x85] + bytes("\(esc)[201~")), [])
    }

    func testPasteSurvivesFlushUntilIdleLimit() {
        var decoder = MappedDecoder()
        XCTAssertEqual(decoder.feed(bytes("\(esc)[200~abc")), [])
        XCTAssertTrue(decoder.hasPending)
        for _ in 0..<(InputDecoder.pasteIdleFlushLimit - 1) { XCTAssertEqual(decoder.flush(), []) }
        XCTAssertEqual(decoder.feed(bytes("def\(esc)[20")), [])  // bytes reset the count
        for _ in 0..<(InputDecoder.pasteIdleFlushLimit - 1) { XCTAssertEqual(decoder.flush(), []) }
        XCTAssertEqual(decoder.feed(bytes("1~x")), [.paste("abcdef"), char("x")])

        XCTAssertEqual(decoder.feed(bytes("\(esc)[200~ab\(esc)[2")), [])
        var events: [Decoded] = []
        for _ in 0..<InputDecoder.pasteIdleFlushLimit { events += decoder.flush() }
        XCTAssertEqual(events, [.paste("ab[2")])
        XCTAssertFalse(decoder.hasPending)
    }

    func testPasteCap() {
        let cap = InputDecoder.maxPasteBytes
        var decoder = MappedDecoder()
        XCTAssertEqual(decoder.feed(bytes("\(esc)[200~")), [])
        let chunk = [UInt8](repeating: 0x61, count: 4096)
        for _ in 0..<(cap / chunk.count + 8) {
            XCTAssertEqual(decoder.feed(chunk), [])
        }
        XCTAssertLessThanOrEqual(decoder.pendingByteCount, cap + 6)
        // A multi-byte character cut at the cap is dropped whole.
        let events = decoder.feed(bytes("あ\(esc)[201~z"))
        XCTAssertEqual(events.count, 2)
        guard case .paste(let text)? = events.first else { return XCTFail("no paste") }
        XCTAssertEqual(text.utf8.count, cap)
        XCTAssertTrue(text.utf8.allSatisfy { $0 == 0x61 })
        XCTAssertEqual(events.last, char("z"))

        var cut = MappedDecoder()
        _ = cut.feed(bytes("\(esc)[200~"))
        _ = cut.feed([UInt8](repeating: 0x61, count: cap - 1))
        let tail = cut.feed(bytes("あ\(esc)[201~"))
        XCTAssertEqual(tail.count, 1)
        if case .paste(let text)? = tail.first {
            XCTAssertEqual(text.utf8.count, cap - 1)
        } else {
            XCTFail("no paste")
        }
    }

    // MARK: Split feeds

    func testSplitFeedsGiveTheSameEvents() {
        let samples: [[UInt8]] = [
            bytes("\(esc)[A"),
            bytes("\(esc)[1;5C"),
            bytes("\(esc)OP"),
            bytes("\(esc)[24~"),
            bytes("\(esc)[[E"),
            bytes("\(esc)[3$"),
            bytes("\(esc)[<0;12;34M\(esc)[<0;12;34m"),
            bytes("\(esc)[200~pa\r\nste\(esc)[201~"),
            bytes("\(esc)]0;t\(esc)\\q"),
            bytes("あ\(esc)x\(esc)\(esc)[B\u{03}z"),
            bytes("\(esc)[M !\"w"),
            bytes("\(esc)[9;2u\(esc)[99999999999999A"),
            bytes("\(esc)[13;2u\(esc)[105;5u"),
            bytes("\(esc)[?1u"),
            bytes("\(esc)O5A\(esc)[3;5~\(esc)[1;2P"),
            bytes("\(esc)あ\(esc)\u{03}\(esc)b"),
            bytes("\(esc)[57417;5u\(esc)[2$"),
        ]
        for sample in samples {
            let whole = decode(sample)
            XCTAssertFalse(whole.isEmpty)
            // One cut at every position.
            for cut in 0...sample.count {
                var decoder = MappedDecoder()
                var events = decoder.feed(sample[..<cut])
                events += decoder.feed(sample[cut...])
                events += decoder.flush()
                XCTAssertEqual(events, whole, "sample \(sample) cut at \(cut)")
            }
            // Byte by byte.
            var decoder = MappedDecoder()
            var events: [Decoded] = []
            for b in sample { events += decoder.feed(CollectionOfOne(b)) }
            events += decoder.flush()
            XCTAssertEqual(events, whole, "sample \(sample) byte by byte")
        }
    }

    // MARK: Fuzz

    /// Checks an event is one the key names can express.
    private func assertWellFormed(_ events: [Decoded], file: StaticString = #filePath, line: UInt = #line) {
        for event in events {
            switch event {
            case .key(.character(let c)):
                let ok = c != " " && c.unicodeScalars.allSatisfy {
                    $0.value >= 0x20 && $0.value != 0x7F && !(0x80...0x9F).contains($0.value)
                }
                if !ok { XCTFail("bad character \(c.debugDescription)", file: file, line: line) }
            case .key(.ctrl(let c)):
                if !(c.isASCII && c >= "a" && c <= "z") { XCTFail("bad ctrl \(c)", file: file, line: line) }
            case .key(.function(let n)):
                if !(1...12).contains(n) { XCTFail("bad function \(n)", file: file, line: line) }
            case .key(let k):
                // One spelling: every key the decoder makes reads back from its name.
                if Key(name: k.name) != k { XCTFail("\(k) named \(k.name)", file: file, line: line) }
            case .keyboardProtocol(let flags):
                if flags < 0 { XCTFail("bad flags \(flags)", file: file, line: line) }
            case .mouse(let m):
                if m.column < 1 || m.row < 1 { XCTFail("bad mouse \(m)", file: file, line: line) }
            case .paste(let s):
                if s.isEmpty || s.unicodeScalars.contains(where: {
                    ($0.value < 0x20 && $0 != "\n" && $0 != "\t") || (0x7F...0x9F).contains($0.value)
                }) {
                    XCTFail("bad paste \(s.debugDescription)", file: file, line: line)
                }
            }
        }
    }

    func testFuzzRandomBytes() {
        var rng = SplitMix64(seed: 0x5EED_1234_ABCD_0001)
        var decoder = MappedDecoder()
        let total = 1_000_000
        let bound = InputDecoder.maxSequenceLength
        // Bytes that build sequences, to reach deep states (long parameter
        // lists, mouse reports, pastes) more often than uniform bytes do.
        let tokens: [[UInt8]] = [
            "\(esc)", "[", "O", "<", ";", "0", "1", "2", "5", "9", "99999", "~", "$", "^", "@",
            "M", "m", "A", "Z", "u", "?", ">", "13", "57417", "]", "\u{07}", "\\", "\(esc)[200~", "\(esc)[201~", "x", "あ",
        ].map(bytes)
        var fed = 0
        var chunk: [UInt8] = []
        var eventCount = 0
        var pasteCount = 0
        while fed < total {
            let size = min(1 + rng.below(64), total - fed)
            let narrow = rng.below(2) == 0
            chunk.removeAll(keepingCapacity: true)
            for _ in 0..<size {
                if narrow {
                    chunk += tokens[rng.below(tokens.count)]
                } else {
                    switch rng.below(8) {
                    case 0: chunk.append(0x1B)
                    case 1: chunk.append(0x5B)
                    case 2: chunk.append(UInt8(0x30 + rng.below(16)))
                    default: chunk.append(rng.byte())
                    }
                }
            }
            fed += chunk.count
            let events = decoder.feed(chunk)
            eventCount += events.count
            pasteCount += events.lazy.filter { if case .paste = $0 { true } else { false } }.count
            assertWellFormed(events)
            let limit = decoder.isInPaste ? InputDecoder.maxPasteBytes + 6 : bound
            if decoder.pendingByteCount > limit {
                XCTFail("decoder holds \(decoder.pendingByteCount) bytes")
                return
            }
            if rng.below(16) == 0 { assertWellFormed(decoder.flush()) }
        }
        XCTAssertGreaterThan(eventCount, 100_000)
        XCTAssertGreaterThan(pasteCount, 0)
    }

    func testFuzzMutatedSequences() {
        let seeds: [[UInt8]] = [
            bytes("\(esc)[A"), bytes("\(esc)OB"), bytes("\(esc)[1;5C"), bytes("\(esc)[3~"),
            bytes("\(esc)[24;2~"), bytes("\(esc)[[C"), bytes("\(esc)[7$"), bytes("\(esc)Oa"),
            bytes("\(esc)[Z"), bytes("\(esc)[<0;10;20M"), bytes("\(esc)[<65;1;1M"),
            bytes("\(esc)[<32;3;4m"), [0x1B, 0x5B, 0x4D, 0x20, 0x21, 0x22],
            bytes("\(esc)[200~paste\(esc)[201~"), bytes("\(esc)]11;rgb:0/0/0\u{07}"),
            bytes("\(esc)P1$r0m\(esc)\\"), bytes("あé😀"), bytes("\(esc)\(esc)x"),
            bytes("\(esc)[97;5u"), bytes("\(esc)[27;2;9~"), bytes("\(esc)[32;5;5M"),
            bytes("\(esc)[13;2u"), bytes("\(esc)[?1u"), bytes("\(esc)[1;6D"), bytes("\(esc)b"),
            bytes("\(esc)O5A"), bytes("\(esc)[57414;5u"), bytes("\(esc)[3@"),
        ]
        var rng = SplitMix64(seed: 0xC0FF_EE00_0000_0042)
        var decoder = MappedDecoder()
        let bound = InputDecoder.maxSequenceLength + InputDecoder.maxPasteBytes
        var input: [UInt8] = []
        for iteration in 0..<100_000 {
            input.removeAll(keepingCapacity: true)
            input += seeds[rng.below(seeds.count)]
            if rng.below(4) == 0 { input += seeds[rng.below(seeds.count)] }
            for _ in 0..<(1 + rng.below(3)) {
                switch rng.below(4) {
                case 0 where !input.isEmpty:  // flip a bit
                    let i = rng.below(input.count)
                    input[i] ^= UInt8(1) << UInt8(rng.below(8))
                case 1:  // insert a byte
                    input.insert(rng.below(2) == 0 ? rng.byte() : 0x1B, at: rng.below(input.count + 1))
                case 2 where !input.isEmpty:  // delete a byte
                    input.remove(at: rng.below(input.count))
                case 3 where !input.isEmpty:  // truncate
                    input.removeLast(rng.below(input.count))
                default:
                    break
                }
            }
            // Feed in random pieces.
            var start = 0
            while start < input.count {
                let end = min(input.count, start + 1 + rng.below(8))
                assertWellFormed(decoder.feed(input[start..<end]))
                start = end
                let limit = decoder.isInPaste ? bound : InputDecoder.maxSequenceLength
                if decoder.pendingByteCount > limit {
                    XCTFail("decoder holds \(decoder.pendingByteCount) bytes")
                    return
                }
            }
            if rng.below(2) == 0 { assertWellFormed(decoder.flush()) }
            // Every so often, check the decoder recovers: after the timeout
            // and a paste end, a plain key comes out as itself.
            if iteration % 16 == 0 {
                _ = decoder.flush()
                _ = decoder.feed(InputDecoderTests.pasteEnd)
                _ = decoder.flush()
                let events = decoder.feed(CollectionOfOne(0x71))
                if events != [char("q")] || decoder.hasPending {
                    XCTFail("no recovery after \(input): \(events)")
                    return
                }
            }
        }
    }

    // MARK: What the decoder reports, and what the app names

    /// The decoder reports the key and the modifiers the terminal sent,
    /// whether or not a key name spells them: naming is the app's.
    func testTheDecoderReportsKeysAsTheTerminalSentThem() {
        var decoder = InputDecoder()
        XCTAssertEqual(decoder.feed([0x03]), [.key(TerminalKey(.character("c"), .ctrl))])
        XCTAssertEqual(decoder.feed(bytes("\(esc)[Z")), [.key(TerminalKey(.tab, .shift))])
        XCTAssertEqual(decoder.feed(bytes("\(esc)[49;5u")), [.key(TerminalKey(.character("1"), .ctrl))])
        XCTAssertEqual(decoder.feed(bytes("\(esc)[97;4u")), [.key(TerminalKey(.character("a"), [.alt, .shift]))])
        XCTAssertEqual(decoder.feed(bytes("\(esc)[<64;3;4M")), [.mouse(TerminalMouse(.scroll(-1), column: 3, row: 4))])
    }

    func testTheAppNamesKeysAndDropsWhatNoNameSpells() {
        XCTAssertEqual(Key(TerminalKey(.character("c"), .ctrl)), .ctrl("c"))
        XCTAssertEqual(Key(TerminalKey(.tab, .shift)), .shiftTab)
        XCTAssertEqual(Key(TerminalKey(.character("a"), [.alt, .shift])), Key(name: "alt-A"))
        XCTAssertEqual(Key(TerminalKey(.function(5), [.ctrl, .shift])), Key(name: "ctrl-shift-f5"))
        XCTAssertNil(Key(TerminalKey(.character("1"), .ctrl)), "ctrl with a non-letter")
        XCTAssertNil(Key(TerminalKey(.character("é"), .shift)), "shift with a character that has no capital")
        XCTAssertEqual(Event(.mouse(TerminalMouse(.drag, column: 2, row: 5))), .mouse(MouseEvent(.drag, column: 2, row: 5)))
        XCTAssertEqual(Event(.paste("text")), .paste("text"))
        XCTAssertNil(Event(.keyboardProtocol(flags: 1)), "the terminal's answer is not input")
    }

    private static let pasteEnd = bytes("\(esc)[201~")
}
