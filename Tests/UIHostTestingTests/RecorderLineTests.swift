import XCTest
@testable import UIHostTesting

/// The `app:expect` a recording ends with: a whole piece of text of the final
/// frame, never cut, without the borders and padding layout put around it.
final class RecorderLineTests: XCTestCase {
    /// The case of issue 29: a table row in a box, wider than the old 60-column cut.
    private let sheet = [
        "                                 Orders",
        "────────────────────────────────────────────────────────────────────────────────",
        "╭──────────────────────────────────────────────────────────────────────────────╮",
        "│   Name                 Email                                                 │",
        "│   Margaret Ritchie 119          margaret.ritchie119@example.org              │",
        "╰──────────────────────────────────────────────────────────────────────────────╯",
        " enter Open  esc Back",
    ]

    func testATableRowGivesAWholeCellNotACutRow() throws {
        // The session opened the sheet: the title and the header were there before.
        let opened = Array(sheet[0..<2]) + [sheet[6]]
        let line = try XCTUnwrap(Recorder.distinctiveLine(sheet, before: [opened, opened]))
        XCTAssertEqual(line, "margaret.ritchie119@example.org")
        XCTAssertFalse(line.contains("│"))
        XCTAssertFalse(line.contains("  "))
    }

    func testAPieceIsNeverCutAndIsWhole() throws {
        let long = "The quick brown fox jumps over the lazy dog, then naps in the sun for a whole hour"
        let line = try XCTUnwrap(Recorder.distinctiveLine(["Title", "─────", long, "footer"], before: [[]]))
        XCTAssertEqual(line, long, "a row of one text is expected whole, however wide")
    }

    func testPreferWhatTheSessionBroughtThenAWholeRow() throws {
        let first = ["Form", "────", " Name", "   [Ada                ]", " footer"]
        let last = ["Form", "────", " Name", "   [Ada                ]", " ! 8 characters or more", " footer"]
        XCTAssertEqual(Recorder.distinctiveLine(last, before: [first, first]), "! 8 characters or more")
    }

    func testPiecesDropBordersPaddingAndTheFocusMark() {
        XCTAssertEqual(Recorder.pieces(of: "│ › [ Close ]        ↑│"), ["[ Close ]", "↑"])
        XCTAssertEqual(Recorder.pieces(of: "   (•) Free   [ ] Send me the newsletter"), ["(•) Free", "[ ] Send me the newsletter"])
        XCTAssertEqual(Recorder.pieces(of: "────"), [])
        XCTAssertEqual(Recorder.pieces(of: ""), [])
    }

    func testAPieceAComponentMayHaveCutComesLast() throws {
        let frame = ["T", "─", "  A very long name that the table cut…   short one", "footer"]
        XCTAssertEqual(Recorder.distinctiveLine(frame, before: [[]]), "short one")
    }
}
