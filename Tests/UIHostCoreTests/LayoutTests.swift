import LuaBridge
import XCTest
@testable import UIHostCore

private typealias Host = UIHostCore.Host

/// Layout and overlays, checked against whole frames written inline.
final class LayoutTests: XCTestCase {
    private func host(_ source: String, cols: Int, rows: Int) throws -> Host {
        let path = try ScratchDirectory(prefix: "uihlayout").write("s.lua", source)
        return try Host(script: path, options: HostOptions(size: Size(cols: cols, rows: rows)))
    }

    private func assertFrame(_ host: Host, _ lines: [String], file: StaticString = #filePath, line: UInt = #line) {
        let frame = host.render()
        let expected = FrameBuffer(lines: lines)
        XCTAssertEqual(frame.text, expected.text, "\n" + frame.text, file: file, line: line)
    }

    func testSpacerPushesTheRestToTheBottom() throws {
        let host = try host("""
        return ui.screen { title = "T", ui.text "top", ui.spacer(), ui.button { title = "OK" } }
        """, cols: 16, rows: 6)
        assertFrame(host, [
            "       T",
            "────────────────",
            " top",
            "",
            "",
            " › [ OK ]",
        ])
    }

    func testHorizontalStackPlacesChildrenWithSpacing() throws {
        let host = try host("""
        return ui.screen { title = "H", ui.hstack { spacing = 2, ui.text "a", ui.text "bb", ui.text "c" } }
        """, cols: 12, rows: 3)
        assertFrame(host, [
            "     H",
            "────────────",
            " a  bb  c",
        ])
    }

    func testListTakesTheRowsLeftAndScrollsToKeepTheSelectionInView() throws {
        let host = try host("""
        local items = {}
        for i = 1, 50 do items[i] = "Item " .. i end
        return ui.screen { title = "L", ui.list { items = items }, ui.text "footer" }
        """, cols: 14, rows: 6)
        for _ in 0..<5 { host.send(.key(.down)) }
        assertFrame(host, [
            "      L",
            "──────────────",
            "   Item 4",
            "   Item 5",
            " › Item 6",
            " footer",
        ])
    }

    func testDropdownOpensUpwardWhenThereIsNoRoomBelow() throws {
        let host = try host("""
        return ui.screen { title = "D", ui.spacer(),
          ui.dropdown { items = { { id = 1, title = "One" }, { id = 2, title = "Two" } } } }
        """, cols: 20, rows: 8)
        host.send(.key(.enter))
        assertFrame(host, [
            "         D",
            "────────────────────",
            "   ╭────────╮",
            "   │› ✓ One │",
            "   │────────│",
            "   │    Two │",
            "   ╰────────╯",
            "   One     ▲",
        ])
    }

    func testPopupIsClippedToATinyFrame() throws {
        let host = try host("""
        return ui.screen { title = "D", ui.dropdown { items = { "a", "b", "c", "d", "e", "f" } } }
        """, cols: 9, rows: 5)
        host.send(.key(.enter))
        let frame = host.render()
        XCTAssertEqual(frame.height, 5)
        XCTAssertEqual(frame.line(3), "   ╭────╮")
        XCTAssertNotNil(host.popup)
        host.send(.key(.end))
        host.send(.key(.enter))
        XCTAssertNotNil(host.render().find("f"), host.render().text)
    }

    func testSheetHeightsFractionRowsFitAndClamp() throws {
        for (height, rows) in [("0.5", 5), ("3", 3), ("\"fit\"", 3), ("99", 10)] {
            let host = try host("""
            local sheet = ui.sheet { height = \(height), ui.text "one", ui.text "two" }
            return ui.screen { title = "S", onAppear = function() ui.present(sheet) end }
            """, cols: 12, rows: 10)
            let frame = host.render()
            let top = (0..<frame.height).first { frame.line($0).hasPrefix("╭") }
            XCTAssertEqual(top.map { frame.height - $0 }, rows, "height \(height):\n\(frame.text)")
        }
    }

    func testClosingASheetGivesFocusBackWhereItWas() throws {
        let host = try host("""
        local sheet = ui.sheet { height = 4, ui.button { title = "In" } }
        return ui.screen { title = "S", ui.button { title = "A" },
          ui.button { title = "Open", onSelect = function() ui.present(sheet) end } }
        """, cols: 20, rows: 10)
        host.send(.key(.tab))
        host.send(.key(.enter))
        XCTAssertNotNil(host.render().find("› [ In ]"))
        XCTAssertNil(host.render().find("› [ Open ]"), "only the top layer shows focus")
        host.send(.key(.esc))
        XCTAssertNotNil(host.render().find("› [ Open ]"), host.render().text)
    }

    func testDrawerIsFrameWidthLessTenAtMostFortyAndKeepsFocusInside() throws {
        for (cols, width) in [(30, 20), (80, 40), (8, 1)] {
            let host = try host("""
            return ui.screen { title = "D", drawer = ui.drawer { ui.button { title = "X" } }, ui.button { title = "Y" } }
            """, cols: cols, rows: 6)
            host.send(.key(.function(2)))
            _ = host.render()
            XCTAssertEqual(host.layers.last?.root.rect.width, width)
            host.send(.key(.tab))
            XCTAssertTrue(host.layers.last.map { if case .drawer = $0.kind { true } else { false } } ?? false)
            XCTAssertFalse(host.render().text.contains("› [ Y ]"))
            host.send(.key(.esc))
            _ = host.render()
            XCTAssertEqual(host.layers.count, 1)
        }
    }

    func testTabsThatDoNotFitScrollToTheSelectedOne() throws {
        let host = try host("""
        return ui.screen { title = "T", ui.tabs { selected = 3,
          ui.tab { title = "First" }, ui.tab { title = "Second" }, ui.tab { title = "Third" },
          ui.tab { title = "Fourth" }, ui.tab { title = "Fifth" } } }
        """, cols: 22, rows: 4)
        let bar = host.render().line(2)
        XCTAssertTrue(bar.contains("[Third]"), bar)
        XCTAssertTrue(bar.contains("«"), bar)
        XCTAssertTrue(bar.hasSuffix("»"), "not the focus mark's glyph: " + bar)
    }

    func testWheelCentresTheSelectionBetweenRulesWithTwoNeighboursEachSide() throws {
        let host = try host("""
        return ui.screen { title = "W", ui.picker { style = "wheel", items = { "a", "b", "c", "d", "e" }, selected = 2 } }
        """, cols: 12, rows: 9)
        assertFrame(host, [
            "     W",
            "────────────",
            "",
            "      a",
            "   ────────",
            " ›    b",
            "   ────────",
            "      c",
            "      d",
        ])
        // A click on the second neighbour below spins two items.
        host.send(.mouse(MouseEvent(.press, column: 7, row: 9)))
        host.send(.mouse(MouseEvent(.release, column: 7, row: 9)))
        XCTAssertTrue(host.render().line(5).contains("d"), host.render().text)
    }

    func testAShortFrameScrollsToTheWheelsChoice() throws {
        let host = try host("""
        return ui.screen { title = "W", ui.picker { style = "wheel", items = { "a", "b", "c" }, selected = 2 } }
        """, cols: 12, rows: 7)
        let frame = host.render()
        XCTAssertEqual(frame.line(5), " ›    b", frame.text)
    }

    func testAWheelInAnHStackIsAtLeastTwelveWide() throws {
        let host = try host("""
        return ui.screen { title = "W", ui.hstack { spacing = 0,
          ui.picker { style = "wheel", label = "L", items = { "a" } }, ui.text "|" } }
        """, cols: 30, rows: 12)
        // Margin 1, gutter 2, the wheel's 12 columns: the text starts at column 15.
        XCTAssertEqual(host.render().line(2), " L" + String(repeating: " ", count: 13) + "|")
    }

    func testADropdownLabelGoesBeforeTheFieldAndTheListUnderTheField() throws {
        let source = """
        return ui.screen { title = "D", ui.dropdown { label = "Folder", items = { "Inbox", "Sent" } } }
        """
        let host = try host(source, cols: 30, rows: 8)
        XCTAssertEqual(host.render().line(2), " › Folder: Inbox     ▼")
        press(host, .enter)
        let frame = host.render()
        XCTAssertEqual(frame.line(3), "           ╭──────────╮", frame.text)
        XCTAssertEqual(frame.line(4), "           │› ✓ Inbox │", frame.text)
        // Narrow: the label gives way to the field, which keeps its width.
        let narrow = try self.host(source, cols: 16, rows: 4)
        XCTAssertEqual(narrow.render().line(2), " › …Inbox     ▼")
        for (cols, rows) in [(0, 0), (1, 1), (3, 3)] {
            let tiny = try self.host(source, cols: cols, rows: rows)
            press(tiny, .enter)
            XCTAssertEqual(tiny.render().width, cols)
        }
    }

    func testZeroAndOneCellFramesDrawEveryComponent() throws {
        let source = """
        local sheet = ui.sheet { ui.text "s" }
        return ui.screen { title = "All", drawer = ui.drawer { ui.text "d" },
          ui.tabs { ui.tab { title = "t", ui.picker { items = { "p" } }, ui.picker { style = "wheel", items = { "w" } },
            ui.dropdown { items = { "x" }, expanded = true }, ui.image { asset = "none" }, ui.progress {},
            ui.progress { value = 0.5 }, ui.list { items = { "l" } }, ui.divider(), ui.hstack { ui.button { title = "b" } } } },
          onAppear = function() ui.present(sheet) end }
        """
        for (cols, rows) in [(0, 0), (1, 1), (0, 5), (5, 0), (2, 1)] {
            let host = try host(source, cols: cols, rows: rows)
            host.send(.key(.function(2)))
            let frame = host.render()
            XCTAssertEqual(frame.width, cols)
            XCTAssertEqual(frame.height, rows)
        }
    }
}

final class SizeParsingTests: XCTestCase {
    func testOneSpellingForEverySize() {
        XCTAssertEqual(Size(parsing: "80x24"), Size(cols: 80, rows: 24))
        XCTAssertEqual(Size(parsing: "0x0"), Size(cols: 0, rows: 0))
        XCTAssertEqual(Size(parsing: "2000x1")?.isWithin(1...1000), false)
        for bad in ["80", "80x", "x24", "80x24x1", "-1x5", "+1x5", "８0x24", " 80x24", ""] {
            XCTAssertNil(Size(parsing: bad), bad)
        }
    }
}
