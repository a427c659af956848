import XCTest
@testable import Drawing

final class TextTests: XCTestCase {
    // MARK: - DisplayWidth: characters

    func testPrintableASCIITakesOneColumn() {
        XCTAssertEqual(DisplayWidth.of(Character("a")), 1)
        XCTAssertEqual(DisplayWidth.of(Character(" ")), 1)
        XCTAssertEqual(DisplayWidth.of(Character("~")), 1)
    }

    func testControlCharactersTakeNoColumns() {
        XCTAssertEqual(DisplayWidth.of(Character("\t")), 0)
        XCTAssertEqual(DisplayWidth.of(Character("\u{1B}")), 0)
        XCTAssertEqual(DisplayWidth.of(Character("\u{7F}")), 0)
        XCTAssertEqual(DisplayWidth.of(Character("\u{85}")), 0, "C1 control")
        XCTAssertEqual(DisplayWidth.of(Character("\r\n")), 0)
    }

    func testZeroWidthFormatCharactersTakeNoColumns() {
        XCTAssertEqual(DisplayWidth.of(Character("\u{200B}")), 0, "ZWSP")
        XCTAssertEqual(DisplayWidth.of(Character("\u{FEFF}")), 0, "BOM")
        XCTAssertEqual(DisplayWidth.of(Character("\u{2060}")), 0, "word joiner")
        XCTAssertEqual(DisplayWidth.of("a\u{200B}b"), 2)
    }

    func testJapaneseTakesTwoColumns() {
        XCTAssertEqual(DisplayWidth.of(Character("あ")), 2)
        XCTAssertEqual(DisplayWidth.of(Character("猫")), 2)
        XCTAssertEqual(DisplayWidth.of("あ猫"), 4)
        XCTAssertEqual(DisplayWidth.of("カタカナ"), 8)
    }

    func testFullwidthFormsTakeTwoColumns() {
        XCTAssertEqual(DisplayWidth.of(Character("Ａ")), 2)
        XCTAssertEqual(DisplayWidth.of(Character("！")), 2)
        XCTAssertEqual(DisplayWidth.of(Character("\u{3000}")), 2, "ideographic space")
        XCTAssertEqual(DisplayWidth.of(Character("ｱ")), 1, "halfwidth katakana")
    }

    func testHangulSyllablesTakeTwoColumnsComposedOrNot() {
        XCTAssertEqual(DisplayWidth.of(Character("한")), 2)
        XCTAssertEqual(DisplayWidth.of(Character("\u{1112}\u{1161}\u{11AB}")), 2)
    }

    func testAmbiguousWidthCharactersTakeOneColumn() {
        XCTAssertEqual(DisplayWidth.of(Character("…")), 1)
        XCTAssertEqual(DisplayWidth.of(Character("─")), 1)
        XCTAssertEqual(DisplayWidth.of(Character("╭")), 1)
        XCTAssertEqual(DisplayWidth.of(Character("›")), 1)
        XCTAssertEqual(DisplayWidth.of(Character("✓")), 1)
        XCTAssertEqual(DisplayWidth.of(Character("▼")), 1)
    }

    func testEmojiWithPresentationSelectorTakesTwoColumns() {
        XCTAssertEqual(DisplayWidth.of(Character("\u{2709}\u{FE0F}")), 2, "✉️")
        XCTAssertEqual(DisplayWidth.of(Character("\u{1F5D1}\u{FE0F}")), 2, "🗑️")
        XCTAssertEqual(DisplayWidth.of(Character("1\u{FE0F}\u{20E3}")), 2, "keycap 1️⃣")
    }

    func testEmojiWithoutPresentationSelectorTakesOneColumn() {
        XCTAssertEqual(DisplayWidth.of(Character("\u{2709}")), 1, "✉")
        XCTAssertEqual(DisplayWidth.of(Character("\u{1F5D1}")), 1, "🗑 is East Asian Width N")
    }

    func testEmojiPresentationCharactersTakeTwoColumns() {
        XCTAssertEqual(DisplayWidth.of(Character("😀")), 2)
        XCTAssertEqual(DisplayWidth.of(Character("⌚")), 2)
        XCTAssertEqual(DisplayWidth.of(Character("👍🏽")), 2, "skin-tone modifier")
    }

    func testEmojiNewerThanTheGeneratedTableTakesTwoColumns() {
        // U+1FAE8 SHAKING FACE is Unicode 15; the table may be older.
        XCTAssertEqual(DisplayWidth.of(Character("\u{1FAE8}")), 2)
    }

    func testTextPresentationSelectorMakesEmojiOneColumn() {
        XCTAssertEqual(DisplayWidth.of(Character("\u{231A}\u{FE0E}")), 1, "⌚︎")
    }

    func testPresentationSelectorAfterPlainLetterAddsNothing() {
        XCTAssertEqual(DisplayWidth.of(Character("a\u{FE0F}")), 1)
    }

    func testZWJFamilySequenceTakesTwoColumns() {
        let family: Character = "\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}\u{200D}\u{1F466}"
        XCTAssertEqual(DisplayWidth.of(family), 2)
        XCTAssertEqual(DisplayWidth.of(String(family)), 2)
        XCTAssertEqual(DisplayWidth.of(Character("\u{1F3F3}\u{FE0F}\u{200D}\u{1F308}")), 2, "🏳️‍🌈")
        XCTAssertEqual(DisplayWidth.of(Character("\u{2764}\u{FE0F}\u{200D}\u{1F525}")), 2, "❤️‍🔥")
    }

    func testFlagTakesTwoColumns() {
        XCTAssertEqual(DisplayWidth.of(Character("🇯🇵")), 2)
        XCTAssertEqual(DisplayWidth.of("🇯🇵🇺🇸"), 4)
    }

    func testLoneRegionalIndicatorTakesOneColumn() {
        XCTAssertEqual(DisplayWidth.of(Character("\u{1F1EF}")), 1)
    }

    func testDecomposedAccentTakesOneColumn() {
        let decomposed = "e\u{301}"
        XCTAssertEqual(decomposed.count, 1)
        XCTAssertEqual(DisplayWidth.of(decomposed), 1)
        XCTAssertEqual(DisplayWidth.of(Character("é")), 1, "precomposed")
        XCTAssertEqual(DisplayWidth.of("cafe\u{301}"), 4)
        XCTAssertEqual(DisplayWidth.of("a\u{300}\u{301}\u{302}"), 1, "stacked marks")
    }

    func testLoneCombiningMarkTakesNoColumns() {
        XCTAssertEqual(DisplayWidth.of(Character("\u{301}")), 0)
        XCTAssertEqual(DisplayWidth.of(Character("\u{3099}")), 0, "wide-class mark is still a mark")
    }

    func testDakutenCombinedWithKanaTakesTwoColumns() {
        XCTAssertEqual(DisplayWidth.of(Character("\u{304B}\u{3099}")), 2, "か + ゙")
    }

    // MARK: - DisplayWidth: strings

    func testASCIIStringWidthIsItsPrintableLength() {
        XCTAssertEqual(DisplayWidth.of(""), 0)
        XCTAssertEqual(DisplayWidth.of("hello, world"), 12)
        XCTAssertEqual(DisplayWidth.of("tab\there"), 12, "a tab reaches the next multiple of 8")
        XCTAssertEqual(DisplayWidth.of("line\r\nnext"), 8)
    }

    func testMixedStringWidthSumsItsCharacters() {
        XCTAssertEqual(DisplayWidth.of("Tab1 │ 猫"), 9)
        XCTAssertEqual(DisplayWidth.of("\u{2709}\u{FE0F} Mail"), 7)
        XCTAssertEqual(DisplayWidth.of("あ\r\nい\te\u{301}"), 9)
    }

    func testSubstringWidthMatchesString() {
        let s = "abc あい def"
        let sub = s.dropFirst(4)
        XCTAssertEqual(DisplayWidth.of(sub), DisplayWidth.of(String(sub)))
        XCTAssertEqual(DisplayWidth.of(sub), 8)
        XCTAssertEqual(DisplayWidth.of("hello world".dropFirst(6)), 5)
    }

    func testGeneratedTableIsSortedAndDisjoint() {
        let table = DisplayWidth.wideRanges
        XCTAssertFalse(table.isEmpty)
        XCTAssertFalse(DisplayWidth.tableUnicodeVersion.isEmpty)
        for (i, range) in table.enumerated() {
            XCTAssertLessThanOrEqual(range.0, range.1)
            if i > 0 { XCTAssertLessThan(table[i - 1].1 + 1, range.0, "ranges \(i - 1) and \(i) should be merged") }
        }
    }

    func testWideTableBoundariesAreInclusive() {
        XCTAssertFalse(DisplayWidth.isWide(0x10FF))
        XCTAssertTrue(DisplayWidth.isWide(0x1100))
        XCTAssertTrue(DisplayWidth.isWide(0x115F))
        XCTAssertTrue(DisplayWidth.isWide(0x4E00))
        XCTAssertTrue(DisplayWidth.isWide(0x9FFF))
        XCTAssertTrue(DisplayWidth.isWide(0x3FFFD))
        XCTAssertFalse(DisplayWidth.isWide(0x3FFFE))
        XCTAssertFalse(DisplayWidth.isWide(0x10FFFF))
    }

    // MARK: - truncate

    func testTruncateLeavesFittingStringUnchanged() {
        XCTAssertEqual(TextLayout.truncate("hello", to: 5), "hello")
        XCTAssertEqual(TextLayout.truncate("hello", to: 80), "hello")
        XCTAssertEqual(TextLayout.truncate("あい", to: 4), "あい")
        XCTAssertEqual(TextLayout.truncate("", to: 3), "")
    }

    func testTruncateEndsCutTextWithEllipsis() {
        XCTAssertEqual(TextLayout.truncate("hello world", to: 8), "hello w…")
        XCTAssertEqual(TextLayout.truncate("hello", to: 4), "hel…")
        XCTAssertEqual(DisplayWidth.of(TextLayout.truncate("hello world", to: 8)), 8)
    }

    func testTruncateNeverSplitsWideCharacterAtCut() {
        XCTAssertEqual(TextLayout.truncate("あいう", to: 4), "あ…")
        XCTAssertEqual(TextLayout.truncate("あいう", to: 5), "あい…")
        XCTAssertEqual(TextLayout.truncate("aあいう", to: 4), "aあ…")
    }

    func testTruncateToOneColumnIsJustEllipsis() {
        XCTAssertEqual(TextLayout.truncate("hello", to: 1), "…")
        XCTAssertEqual(TextLayout.truncate("あ", to: 1), "…")
        XCTAssertEqual(TextLayout.truncate("a", to: 1), "a")
    }

    func testTruncateToZeroOrNegativeWidthIsEmpty() {
        XCTAssertEqual(TextLayout.truncate("hello", to: 0), "")
        XCTAssertEqual(TextLayout.truncate("hello", to: -3), "")
    }

    func testTruncateKeepsGraphemeClustersWhole() {
        XCTAssertEqual(TextLayout.truncate("cafe\u{301}s", to: 4), "caf…")
        XCTAssertEqual(TextLayout.truncate("cafe\u{301}s!", to: 5), "cafe\u{301}…")
        XCTAssertEqual(TextLayout.truncate("🇯🇵🇺🇸", to: 3), "🇯🇵…")
    }

    // MARK: - wrap

    func testWrapBreaksAtSpacesByDisplayWidth() {
        XCTAssertEqual(TextLayout.wrap("the quick brown fox", width: 10), ["the quick", "brown fox"])
        XCTAssertEqual(TextLayout.wrap("the quick brown fox", width: 9), ["the quick", "brown fox"])
        XCTAssertEqual(TextLayout.wrap("the quick brown fox", width: 8), ["the", "quick", "brown", "fox"])
    }

    func testWrapCountsWideCharactersAsTwoColumns() {
        XCTAssertEqual(TextLayout.wrap("猫 dog 犬", width: 6), ["猫 dog", "犬"])
        XCTAssertEqual(TextLayout.wrap("\u{2709}\u{FE0F} Mail inbox", width: 7), ["\u{2709}\u{FE0F} Mail", "inbox"])
    }

    func testWrapLeavesShortTextOnOneLine() {
        XCTAssertEqual(TextLayout.wrap("hello", width: 20), ["hello"])
        XCTAssertEqual(TextLayout.wrap("hello", width: 5), ["hello"])
    }

    func testWrapBreaksLongWordsByCharacter() {
        XCTAssertEqual(TextLayout.wrap("abcdefghij", width: 4), ["abcd", "efgh", "ij"])
        XCTAssertEqual(TextLayout.wrap("go supercalifragilistic now", width: 8),
                       ["go", "supercal", "ifragili", "stic now"])
    }

    func testWrapNeverSplitsGraphemeClusterInLongWord() {
        XCTAssertEqual(TextLayout.wrap("e\u{301}e\u{301}e\u{301}", width: 2), ["e\u{301}e\u{301}", "e\u{301}"])
        XCTAssertEqual(TextLayout.wrap("🇯🇵🇺🇸🇫🇷", width: 5), ["🇯🇵🇺🇸", "🇫🇷"])
    }

    func testWrapNeverLetsWideCharacterExceedWidth() {
        XCTAssertEqual(TextLayout.wrap("aあいう", width: 3), ["aあ", "い", "う"])
        XCTAssertEqual(TextLayout.wrap("abあ", width: 3), ["ab", "あ"])
    }

    func testWrapBreaksJapaneseBetweenWideCharacters() {
        XCTAssertEqual(TextLayout.wrap("あいうえおかきくけこ", width: 6), ["あいう", "えおか", "きくけ", "こ"])
        XCTAssertEqual(TextLayout.wrap("あいうえおかきくけこ", width: 7), ["あいう", "えおか", "きくけ", "こ"])
    }

    func testWrapKeepsJapaneseClosingPunctuationOffLineStart() {
        XCTAssertEqual(TextLayout.wrap("こんにちは。", width: 10), ["こんにち", "は。"])
        // 「 stays with に, small ゃ with に, 」 with あ.
        XCTAssertEqual(TextLayout.wrap("猫が「にゃあ」と鳴いた", width: 8), ["猫が", "「にゃ", "あ」と鳴", "いた"])
        XCTAssertEqual(TextLayout.wrap("「猫」です", width: 6), ["「猫」", "です"])
    }

    func testWrapMixesLatinAndJapanese() {
        XCTAssertEqual(TextLayout.wrap("Swiftで書いたUI", width: 8), ["Swiftで", "書いたUI"])
    }

    func testWrapHonoursHardNewlines() {
        XCTAssertEqual(TextLayout.wrap("one\ntwo", width: 10), ["one", "two"])
        XCTAssertEqual(TextLayout.wrap("one\n\nthree", width: 10), ["one", "", "three"])
        XCTAssertEqual(TextLayout.wrap("one\r\ntwo", width: 10), ["one", "two"])
        XCTAssertEqual(TextLayout.wrap("one\n", width: 10), ["one", ""])
        XCTAssertEqual(TextLayout.wrap("\n", width: 10), ["", ""])
        XCTAssertEqual(TextLayout.wrap("alpha beta\ngamma delta", width: 6), ["alpha", "beta", "gamma", "delta"])
    }

    func testWrapDropsLeadingSpacesOfContinuationLines() {
        XCTAssertEqual(TextLayout.wrap("aaa    bbb", width: 5), ["aaa", "bbb"])
        XCTAssertEqual(TextLayout.wrap("aaaaa     bbb", width: 5), ["aaaaa", "bbb"])
    }

    func testWrapKeepsIndentOfFirstLine() {
        XCTAssertEqual(TextLayout.wrap("  indented text", width: 11), ["  indented", "text"])
        XCTAssertEqual(TextLayout.wrap("  a\n  b", width: 5), ["  a", "  b"])
    }

    func testWrapDropsTrailingSpaces() {
        XCTAssertEqual(TextLayout.wrap("abc   ", width: 10), ["abc"])
        XCTAssertEqual(TextLayout.wrap("abc   \ndef ", width: 10), ["abc", "def"])
        XCTAssertEqual(TextLayout.wrap("     ", width: 3), [""])
    }

    func testWrapCollapsesNothingInsideALine() {
        XCTAssertEqual(TextLayout.wrap("a  b", width: 10), ["a  b"])
    }

    func testWrapOfEmptyStringIsOneEmptyLine() {
        XCTAssertEqual(TextLayout.wrap("", width: 10), [""])
        XCTAssertEqual(TextLayout.wrap("", width: 1), [""])
    }

    func testWrapToZeroOrNegativeWidthIsNoLines() {
        XCTAssertEqual(TextLayout.wrap("hello", width: 0), [])
        XCTAssertEqual(TextLayout.wrap("", width: 0), [])
        XCTAssertEqual(TextLayout.wrap("hello", width: -1), [])
    }

    func testWrapToWidthOneGivesOneCharacterPerLine() {
        XCTAssertEqual(TextLayout.wrap("ab c", width: 1), ["a", "b", "c"])
    }

    func testWrapShowsCharacterWiderThanWidthAsEllipsis() {
        XCTAssertEqual(TextLayout.wrap("aあb", width: 1), ["a", "…", "b"])
        XCTAssertEqual(TextLayout.wrap("猫", width: 1), ["…"])
    }

    func testWrappedLinesNeverExceedWidth() {
        let samples = [
            "The quick brown fox jumps over the lazy dog.",
            "吾輩は猫である。名前はまだ無い。どこで生れたかとんと見当がつかぬ。",
            "Mail \u{2709}\u{FE0F} from 🇯🇵 — 👨‍👩‍👧‍👦 family, café and cafe\u{301}",
            "    indented\n\nand   spaced   out   words   here",
            "supercalifragilisticexpialidocious あいうえお x",
        ]
        for text in samples {
            for width in 1...24 {
                let lines = TextLayout.wrap(text, width: width)
                for line in lines {
                    XCTAssertLessThanOrEqual(DisplayWidth.of(line), width, "\(text.debugDescription) at \(width): \(line.debugDescription)")
                    XCTAssertFalse(line.hasSuffix(" "), "trailing space at \(width): \(line.debugDescription)")
                }
                if width >= 2 {
                    let kept = lines.joined().filter { $0 != " " && $0 != "\n" }
                    let original = text.filter { $0 != " " && $0 != "\n" }
                    XCTAssertEqual(kept, original, "\(text.debugDescription) at \(width) lost text")
                }
            }
        }
    }

    // MARK: - fit

    func testFitPadsLeftAlignedTextOnTheRight() {
        XCTAssertEqual(TextLayout.fit("ab", width: 5, align: .left), "ab   ")
    }

    func testFitPadsRightAlignedTextOnTheLeft() {
        XCTAssertEqual(TextLayout.fit("ab", width: 5, align: .right), "   ab")
        XCTAssertEqual(TextLayout.fit("猫", width: 5, align: .right), "   猫")
    }

    func testFitCentresTextWithOddPaddingOnTheRight() {
        XCTAssertEqual(TextLayout.fit("ab", width: 6, align: .center), "  ab  ")
        XCTAssertEqual(TextLayout.fit("ab", width: 5, align: .center), " ab  ")
        XCTAssertEqual(TextLayout.fit("あ", width: 5, align: .center), " あ  ")
    }

    func testFitTruncatesTextThatIsTooWide() {
        XCTAssertEqual(TextLayout.fit("hello world", width: 8, align: .left), "hello w…")
        XCTAssertEqual(TextLayout.fit("hello world", width: 8, align: .center), "hello w…")
    }

    func testFitFillsColumnLeftByWideCharacterAtCut() {
        XCTAssertEqual(TextLayout.fit("あいう", width: 4, align: .left), "あ… ")
        XCTAssertEqual(TextLayout.fit("あいう", width: 4, align: .right), " あ…")
    }

    func testFitAlwaysGivesExactlyTheWidth() {
        for text in ["", "a", "あいう", "✉️ Mail", "hello world", "🇯🇵🇺🇸"] {
            for width in 1...12 {
                for align in [TextAlign.left, .center, .right] {
                    XCTAssertEqual(DisplayWidth.of(TextLayout.fit(text, width: width, align: align)), width,
                                   "\(text.debugDescription) \(align) \(width)")
                }
            }
        }
    }

    func testFitToZeroWidthIsEmpty() {
        XCTAssertEqual(TextLayout.fit("abc", width: 0, align: .center), "")
    }

    func testTextAlignRawValuesMatchLuaSpelling() {
        XCTAssertEqual(TextAlign(rawValue: "left"), .left)
        XCTAssertEqual(TextAlign(rawValue: "center"), .center)
        XCTAssertEqual(TextAlign(rawValue: "right"), .right)
        XCTAssertNil(TextAlign(rawValue: "middle"))
    }
}
