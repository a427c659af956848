import XCTest
@testable import UIHostCore

final class KeyTests: XCTestCase {
    /// Every name docs/API.md §6 lists reads back as itself.
    static let names: [String] = {
        var names = ["up", "down", "left", "right", "enter", "space", "tab", "shift-tab", "esc",
                     "backspace", "delete", "insert", "home", "end", "pageup", "pagedown",
                     "a", "Z", "1", "~", "-", "é", "あ", "😀",
                     "ctrl-a", "ctrl-z", "alt-x", "alt-X", "alt-!", "alt-é", "alt--", "ctrl-alt-x",
                     "ctrl-shift-a", "ctrl-alt-shift-a", "alt-enter", "shift-enter", "ctrl-enter",
                     "ctrl-i", "ctrl-m", "alt-backspace", "ctrl-backspace", "ctrl-space", "ctrl-tab",
                     "ctrl-shift-tab", "alt-esc", "shift-delete"]
        for n in 1...12 { names += ["f\(n)", "shift-f\(n)", "ctrl-f\(n)", "ctrl-alt-shift-f\(n)"] }
        for base in ["up", "down", "left", "right", "home", "end", "pageup", "pagedown", "insert", "delete"] {
            for prefix in ["", "shift-", "alt-", "alt-shift-", "ctrl-", "ctrl-shift-", "ctrl-alt-", "ctrl-alt-shift-"] {
                names.append(prefix + base)
            }
        }
        return names
    }()

    func testEveryNameReadsBackAsItself() {
        for name in Self.names {
            guard let key = Key(name: name) else { XCTFail("\(name) not read"); continue }
            XCTAssertEqual(key.name, name)
        }
        XCTAssertEqual(Set(Self.names.map { Key(name: $0) }).count, Set(Self.names).count)
    }

    func testOlderCasesKeepTheirCombinations() {
        XCTAssertEqual(Key(name: "ctrl-c"), .ctrl("c"))
        XCTAssertEqual(Key(name: "shift-tab"), .shiftTab)
        XCTAssertEqual(Key(name: " "), .space)
        XCTAssertEqual(Key.character("x").adding(.ctrl), .ctrl("x"))
        XCTAssertEqual(Key.tab.adding(.shift), .shiftTab)
        XCTAssertEqual(Key.ctrl("x").adding(.alt), Key(name: "ctrl-alt-x"))
        XCTAssertEqual(Key.character("a").adding(.shift), .character("A"))
        XCTAssertEqual(Key.character("a").adding([.alt, .shift]), Key(name: "alt-A"))
        XCTAssertEqual(Key.left.adding(.ctrl), .modified(.ctrl, .left))
        XCTAssertEqual(Key.shiftTab.adding(.ctrl)?.name, "ctrl-shift-tab")
        XCTAssertEqual(Key.up.adding([]), .up)
    }

    func testCombinationsWithoutANameAreRefused() {
        XCTAssertNil(Key.character("1").adding(.ctrl))
        XCTAssertNil(Key.character("A").adding(.ctrl))
        XCTAssertNil(Key.character("!").adding(.shift))
        XCTAssertNil(Key.character("é").adding([.alt, .shift]))
    }

    /// Bubble Tea's and Textual's spelling of a capital is another name of it:
    /// the key is the same, its name (and the footer) the capital.
    func testShiftWithALetterIsItsCapital() {
        XCTAssertEqual(Key(name: "shift-x"), .character("X"))
        XCTAssertEqual(Key(name: "shift-x")?.name, "X")
        XCTAssertEqual(Key(name: "alt-shift-x"), Key(name: "alt-X"))
        XCTAssertEqual(Key(name: "ctrl-shift-x")?.name, "ctrl-shift-x")
    }

    func testOtherSpellingsAreNotNames() {
        for name in ["alt-ctrl-x", "shift-ctrl-a", "shift-A", "alt-shift-A", "ctrl-A", "ctrl-1", "shift-1",
                     "Ctrl-x", "ctrl+x", "ctrl-", "ctrl-ctrl-a", "shift-shift-tab", "alt-shift-tab-x",
                     "f0", "f13", "f01", "F1", "Enter", "ctrl-é", "alt- ", "alt-", "", "ab", "\u{7}",
                     "shift-space-", "ctrl-alt-ctrl-x", "meta-x"] {
            XCTAssertNil(Key(name: name), name)
        }
    }

    func testNearMissesSuggestTheName() {
        let cases: [(String, String?)] = [
            ("alt-ctrl-x", "ctrl-alt-x"), ("Ctrl+X", "ctrl-x"), ("shift-A", "A"), ("Shift+a", "A"),
            ("alt-shift-A", "alt-A"), ("shift-a", nil), ("Return", "enter"), ("ESC", "esc"), ("PgUp", "pageup"),
            ("F5", "f5"), ("shift-ctrl-up", "ctrl-shift-up"), ("C-x", "ctrl-x"),
            ("ctrl-1", nil), ("banana", nil), ("ctrl-x", nil),
            ("enterr", "enter"), ("pgaeup", "pageup"), ("ctrl-hoem", "ctrl-home"), ("escc", "esc"),
            ("shift-tabb", "shift-tab"), ("f13", nil), ("xyz", nil),
        ]
        for (name, expected) in cases {
            XCTAssertEqual(Key.suggestion(for: name), expected, name)
        }
        XCTAssertEqual(Key.didYouMean("Enter"), " (did you mean 'enter'?)")
    }
}

extension KeyTests {
    func testAMarkThatWouldJoinTheNameHasNoName() {
        XCTAssertNil(Key.character("\u{301}").adding(.alt))
        XCTAssertNil(Key(name: "alt-\u{301}"))
        XCTAssertEqual(Key.character("e\u{301}").adding(.alt)?.name, "alt-e\u{301}")
    }
}
