import XCTest
@testable import Drawing

final class LineEditorTests: XCTestCase {
    func testInsertAndDeleteWorkOnWholeCharacters() {
        var e = LineEditor("cafe\u{301}")          // é as e + combining acute: one character
        XCTAssertEqual(e.characters.count, 4)
        e.deleteBackward()
        XCTAssertEqual(e.text, "caf")
        e.insert("日本")
        e.moveLeft()
        e.deleteForward()
        XCTAssertEqual(e.text, "caf日")
        e.insert("👩‍👩‍👧")                            // one family emoji, several scalars
        XCTAssertEqual(e.characters.count, 5)
        e.deleteBackward()
        XCTAssertEqual(e.text, "caf日")
    }

    func testPasteDropsLineBreaksAndControls() {
        var e = LineEditor()
        e.insert("one\ntwo\r\n\u{1B}[31mthree\t")
        XCTAssertEqual(e.text, "onetwo[31mthree")
    }

    func testMaxLengthCountsCharacters() {
        var e = LineEditor("ab", maxLength: 4)
        XCTAssertTrue(e.insert("日本語"))
        XCTAssertEqual(e.text, "ab日本")
        XCTAssertFalse(e.insert("x"))
        XCTAssertEqual(LineEditor("abcdef", maxLength: 3).text, "abc")
    }

    func testWordMovesAndKillsFollowReadline() {
        var e = LineEditor("hello big  world")
        e.moveWordLeft()
        XCTAssertEqual(e.caret, 11)
        e.moveWordLeft()
        XCTAssertEqual(e.caret, 6)
        e.moveWordRight()
        XCTAssertEqual(e.caret, 9)
        e.deleteWordBackward()
        XCTAssertEqual(e.text, "hello   world")
        XCTAssertEqual(e.caret, 6)
        e.deleteToEnd()
        XCTAssertEqual(e.text, "hello ")
        e.moveLeft()
        e.deleteToStart()
        XCTAssertEqual(e.text, " ")
        XCTAssertEqual(e.caret, 0)
    }

    func testAValueWiderThanTheFieldScrollsToKeepTheCaretInView() {
        let e = LineEditor("abcdefghij")
        let v = e.view(width: 5, firstShown: 0)
        XCTAssertEqual(v.text, "ghij")
        XCTAssertEqual(v.caretColumn, 4)
        var left = e
        left.moveToStart()
        XCTAssertEqual(left.view(width: 5, firstShown: v.first).text, "abcde")
    }

    func testAWideCharacterIsNeverSplitByTheView() {
        var e = LineEditor("日本語です")
        e.moveToStart()
        XCTAssertEqual(e.view(width: 5, firstShown: 0).text, "日本")   // 語 would need columns 5 and 6
        e.moveRight()
        e.moveRight()
        // The caret sits on 語: the whole of it shows, so the view scrolls by one.
        let v = e.view(width: 5, firstShown: 0)
        XCTAssertEqual(v.text, "本語")
        XCTAssertEqual(v.caretColumn, 2)
        for width in 1...8 {
            for caret in 0...5 {
                var f = LineEditor("日本語です")
                f.moveToStart()
                for _ in 0..<caret { f.moveRight() }
                let view = f.view(width: width, firstShown: 0)
                XCTAssertLessThanOrEqual(DisplayWidth.of(view.text), width)
                XCTAssertLessThanOrEqual(view.caretColumn, width)
            }
        }
    }

    func testAPasswordShowsOneMarkPerCharacter() {
        let v = LineEditor("日本x").view(width: 10, firstShown: 0, mask: "•")
        XCTAssertEqual(v.text, "•••")
        XCTAssertEqual(v.caretColumn, 3)
    }

    func testNothingFitsInNoWidth() {
        XCTAssertEqual(LineEditor("abc").view(width: 0, firstShown: 0).text, "")
    }

    /// Random edits against a plain array of characters: the editor keeps
    /// offsets into its text, which must always say what the array says.
    func testRandomEditsAgreeWithAnArrayOfCharacters() {
        var rng = SystemRandomNumberGenerator()
        let pieces = ["a", "Z", " ", "日本", "é", "e\u{301}", "👩‍👩‍👧", "x y", "語", "-"]
        for _ in 0..<200 {
            var editor = LineEditor(pieces.randomElement(using: &rng)!)
            var model = Array(editor.text)
            var caret = model.count
            for _ in 0..<60 {
                switch Int.random(in: 0..<7, using: &rng) {
                case 0, 1:
                    let piece = pieces.randomElement(using: &rng)!
                    editor.insert(piece)
                    model.insert(contentsOf: Array(piece), at: caret)
                    caret += piece.count
                case 2:
                    editor.deleteBackward()
                    if caret > 0 { caret -= 1; model.remove(at: caret) }
                case 3:
                    editor.deleteForward()
                    if caret < model.count { model.remove(at: caret) }
                case 4:
                    editor.moveLeft(); caret = max(0, caret - 1)
                case 5:
                    editor.moveRight(); caret = min(model.count, caret + 1)
                default:
                    editor.moveToStart(); caret = 0
                }
                XCTAssertEqual(editor.count, model.count)
                XCTAssertEqual(editor.caret, caret)
                XCTAssertEqual(editor.characters.map(String.init).joined(), model.map(String.init).joined())
                XCTAssertEqual(editor.text, String(model))
            }
        }
    }

    func testAnEditInTheMiddleOfALongLineLeavesItsCopyAlone() {
        // The host keeps a copy of every field's editor; a node edits another.
        var editor = LineEditor(String(repeating: "ab", count: 5_000))
        for _ in 0..<5_000 { editor.moveLeft() }
        let shared = editor
        editor.insert("日")
        XCTAssertEqual(editor.count, 10_001)
        XCTAssertEqual(editor.character(at: 5_000), "日")
        XCTAssertEqual(shared.count, 10_000, "the other copy is untouched")
    }
}
