import XCTest
@testable import TerminalIO

/// What `uihost doctor` asks a terminal and how it reads the answers, on byte fixtures.
final class TerminalQueryTests: XCTestCase {
    private let query = TerminalQuery(samples: ["漢", "e\u{301}"], modes: [1006, 2004])

    private func bytes(_ s: String) -> [UInt8] { Array(s.utf8) }

    func testTheQueryAsksEachThingOnceAndEndsWithDeviceAttributes() {
        XCTAssertEqual(query.bytes,
                       "\u{1B}[?u\u{1B}[?1006$p\u{1B}[?2004$p"
                       + "\r漢\u{1B}[6n\r\u{1B}[K\re\u{301}\u{1B}[6n\r\u{1B}[K\u{1B}[c")
    }

    func testAnswersOfATerminalThatSpeaksEverything() {
        let answers = query.answers(in: bytes("\u{1B}[?1u\u{1B}[?1006;2$y\u{1B}[?2004;0$y\u{1B}[1;3R\u{1B}[5;2R\u{1B}[?62;22c"))
        XCTAssertTrue(answers.answered)
        XCTAssertEqual(answers.deviceAttributes, "62;22")
        XCTAssertEqual(answers.keyboardFlags, 1)
        XCTAssertEqual(answers.modes, [1006: .reset, 2004: .notRecognized])
        XCTAssertEqual(answers.widths, [2, 1])
    }

    func testAnswersOfAnOldTerminalAndKeysInBetween() {
        // No kitty answer, no DECRQM, one width; a typed "x" and an arrow among them.
        let answers = query.answers(in: bytes("x\u{1B}[A\u{1B}[1;3R\u{1B}[?1;2c"))
        XCTAssertTrue(answers.answered)
        XCTAssertNil(answers.keyboardFlags)
        XCTAssertEqual(answers.modes, [:])
        XCTAssertEqual(answers.widths, [2, nil])
    }

    func testNoAnswerAtAll() {
        let answers = query.answers(in: [])
        XCTAssertFalse(answers.answered)
        XCTAssertEqual(answers.widths, [nil, nil])
        XCTAssertFalse(TerminalQuery.isComplete([]))
    }

    func testCompleteOnlyOnceTheDeviceAttributesCame() {
        XCTAssertFalse(TerminalQuery.isComplete(bytes("\u{1B}[?1u\u{1B}[1;3R")))
        XCTAssertFalse(TerminalQuery.isComplete(bytes("\u{1B}[?62;2")), "cut in the middle")
        XCTAssertFalse(TerminalQuery.isComplete(bytes("abc")), "a typed c is not the answer")
        XCTAssertTrue(TerminalQuery.isComplete(bytes("\u{1B}[1;3R\u{1B}[?62;22c")))
        XCTAssertTrue(TerminalQuery.isComplete(bytes("\u{1B}[?6c")))
    }

    func testACutAnswerIsNotMisread() {
        let answers = query.answers(in: bytes("\u{1B}[1;3R\u{1B}[1;"))
        XCTAssertEqual(answers.widths, [2, nil])
        XCTAssertFalse(answers.answered)
    }
}
