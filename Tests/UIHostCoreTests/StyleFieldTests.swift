import LuaBridge
import XCTest
@testable import UIHostCore

private typealias Host = UIHostCore.Host

/// `style` tables, rich-text `spans` and `ui.theme`: what reaches the cells,
/// and what a script is told when it writes one wrong.
final class StyleFieldTests: XCTestCase {
    private var scratch = ScratchDirectory(prefix: "uihstyle")

    override func tearDownWithError() throws { scratch.remove() }

    private func host(_ source: String, cols: Int = 30, rows: Int = 6) throws -> Host {
        try Host(script: try scratch.write("s.lua", source), options: HostOptions(size: Size(cols: cols, rows: rows)))
    }

    private func loadError(_ source: String) throws -> String? {
        do {
            _ = try host(source)
            return nil
        } catch let error as LuaError {
            return error.message.replacingOccurrences(of: scratch.path + "/", with: "")
        }
    }

    func testTextStyleColoursEveryCell() throws {
        let host = try host(##"return ui.screen { ui.text { text = "Hi", style = { fg = "red", bg = 17, bold = true } } }"##)
        let frame = host.render()
        guard let at = frame.find("Hi") else { return XCTFail(frame.text) }
        XCTAssertEqual(frame[at.x, at.y].style, Style(fg: .ansi(1), bg: .palette(17), attributes: .bold))
        XCTAssertEqual(frame[at.x + 1, at.y].style, frame[at.x, at.y].style)
    }

    func testSpansKeepTheirOwnStyleAndTheTextIsTheirs() throws {
        let host = try host(##"""
        return ui.screen { ui.text { spans = { { "Total: ", bold = true }, { text = "42", fg = "#00ff00" }, "!" } } }
        """##)
        let frame = host.render()
        guard let at = frame.find("Total: 42!") else { return XCTFail(frame.text) }
        XCTAssertEqual(frame[at.x, at.y].style, .bold)
        XCTAssertEqual(frame[at.x + 7, at.y].style, Style(fg: .rgb(0, 255, 0)))
        XCTAssertEqual(frame[at.x + 9, at.y].style, .plain)
    }

    func testWrappedSpansKeepTheirStylesOnLaterLines() throws {
        let host = try host(##"return ui.screen { ui.text { spans = { "one two ", { "three four", fg = "accent" } } } }"##, cols: 12)
        let frame = host.render()
        guard let at = frame.find("four") else { return XCTFail(frame.text) }
        XCTAssertEqual(frame[at.x, at.y].style.fg, .token(.accent), frame.text)
    }

    func testBadColoursAreReportedWithTheField() throws {
        XCTAssertEqual(try loadError(##"return ui.screen { ui.text { text = "x", style = { fg = "blu" } } }"##),
                       ##"s.lua:1: ui.text: style.fg must be a colour name, 0…255 or "#rrggbb" (got "blu") (did you mean "blue"?)"##)
        XCTAssertEqual(try loadError(##"return ui.screen { ui.button { style = { bg = 256 } } }"##),
                       ##"s.lua:1: ui.button: style.bg must be a colour name, 0…255 or "#rrggbb" (got 256)"##)
        XCTAssertEqual(try loadError(##"return ui.screen { ui.text { style = { fg = "#12345" } } }"##),
                       ##"s.lua:1: ui.text: style.fg must be a colour name, 0…255 or "#rrggbb" (got "#12345")"##)
        XCTAssertEqual(try loadError(##"return ui.screen { ui.text { style = { fg = "#abc" } } }"##),
                       ##"s.lua:1: ui.text: style.fg must be a colour name, 0…255 or "#rrggbb" (got "#abc")"##)
        XCTAssertEqual(try loadError(##"return ui.screen { ui.text { style = { bg = "#gg0000" } } }"##),
                       ##"s.lua:1: ui.text: style.bg must be a colour name, 0…255 or "#rrggbb" (got "#gg0000")"##)
        XCTAssertEqual(try loadError(##"return ui.screen { ui.link { style = { fg = "bright-blue" } } }"##),
                       ##"s.lua:1: ui.link: style.fg must be a colour name, 0…255 or "#rrggbb" (got "bright-blue") (did you mean "brightblue"?)"##)
        XCTAssertEqual(try loadError(##"return ui.screen { ui.text { style = { bodl = true } } }"##),
                       "s.lua:1: ui.text: style: unknown field 'bodl' (did you mean 'bold'?)")
        XCTAssertEqual(try loadError(##"return ui.screen { ui.text { style = { italic = 1 } } }"##),
                       "s.lua:1: ui.text: style.italic must be a boolean (got number)")
        XCTAssertEqual(try loadError(##"return ui.screen { ui.text { spans = { { bold = true } } } }"##),
                       ##"s.lua:1: ui.text: spans[1] has no text (write { "Total: ", bold = true } or text = "…")"##)
        XCTAssertEqual(try loadError(##"return ui.screen { ui.list { items = { { title = "a", style = { fg = "gren" } } } } }"##),
                       ##"s.lua:1: ui.list: items[1].style.fg must be a colour name, 0…255 or "#rrggbb" (got "gren") (did you mean "green"?)"##)
    }

    func testTabsTakeAStyleTableOrWhereTheBarGoes() throws {
        let host = try host(##"""
        return ui.screen { ui.tabs { style = { fg = "cyan" }, ui.tab { title = "A", style = { italic = true } }, ui.tab { title = "B" } } }
        """##)
        let frame = host.render()
        guard let b = frame.find("   B") else { return XCTFail(frame.text) }
        XCTAssertEqual(frame[b.x + 3, b.y].style, Style(fg: .ansi(6)))
        guard let a = frame.find("[A]") else { return XCTFail(frame.text) }
        XCTAssertTrue(frame[a.x + 1, a.y].style.contains(.italic))
        XCTAssertEqual(try loadError(##"return ui.screen { ui.tabs { style = "botom" } }"##),
                       "s.lua:1: ui.tabs: style must be one of 'top', 'bottom' (got 'botom'; did you mean 'bottom'?)")
    }

    func testThemeOverridesTokensAndRejectsUnknownOnes() throws {
        let host = try host(##"ui.theme { accent = "#ff8800", focus = 4 } return ui.screen { ui.text "x" }"##)
        XCTAssertEqual(host.theme[.accent], .rgb(255, 136, 0))
        XCTAssertEqual(host.theme[.focus], .palette(4))
        XCTAssertEqual(host.theme[.muted], Theme.dark[.muted], "other tokens stay")
        XCTAssertEqual(try loadError(##"ui.theme { acent = "red" } return ui.screen {}"##),
                       "s.lua:1: ui.theme: unknown token 'acent' (did you mean 'accent'?)")
        XCTAssertEqual(try loadError(##"ui.theme { accent = "muted" } return ui.screen {}"##),
                       ##"s.lua:1: ui.theme: accent must be a colour name, 0…255 or "#rrggbb" (got "muted", a token: a theme holds colours)"##)
        XCTAssertEqual(try loadError(##"ui.theme "drak" return ui.screen {}"##),
                       "s.lua:1: ui.theme: unknown theme 'drak' (expected dark, light, mono) (did you mean 'dark'?)")
        let mono = try self.host(##"ui.theme "mono" return ui.screen {}"##)
        XCTAssertEqual(mono.theme, Theme.mono)
    }

    func testFocusedListRowIsHighlightedAcrossItsWidth() throws {
        let host = try host(##"return ui.screen { ui.list { items = { "a", "b" } } }"##)
        let frame = host.render()
        guard let at = frame.find("› a") else { return XCTFail(frame.text) }
        for x in at.x..<frame.width - 1 { XCTAssertTrue(frame[x, at.y].style.contains(.focused), "column \(x)") }
        XCTAssertFalse(frame[at.x + 2, at.y + 1].style.contains(.focused))
    }
}

/// What lies behind a sheet or drawer is dimmed; the sheet itself is not.
final class BackdropTests: XCTestCase {
    func testASheetDimsTheScreenBehindItButNotItself() throws {
        let scratch = ScratchDirectory(prefix: "uihbackdrop")
        defer { scratch.remove() }
        let path = try scratch.write("s.lua", ##"""
        local sheet = ui.sheet { height = 3, ui.text "On top" }
        ui.after(0, function() ui.present(sheet) end)
        return ui.screen { title = "T", ui.text "Below" }
        """##)
        let host = try UIHostCore.Host(script: path, options: HostOptions(size: Size(cols: 20, rows: 8)))
        host.advance(1)
        let frame = host.render()
        guard let below = frame.find("Below"), let top = frame.find("On top") else { return XCTFail(frame.text) }
        XCTAssertTrue(frame[below.x, below.y].style.contains(.backdrop), frame.text)
        XCTAssertFalse(frame[top.x, top.y].style.contains(.backdrop))
    }
}

/// Drawing styled text never fails, whatever the room; subtitles that do not
/// fit are left out whole.
final class StyledDrawingEdgeTests: XCTestCase {
    func testSpansDrawInNothingAndInOneCell() throws {
        let scratch = ScratchDirectory(prefix: "uihspans")
        defer { scratch.remove() }
        let path = try scratch.write("s.lua", ##"""
        return ui.screen { ui.text { spans = { { "日本", bold = true }, { "語", fg = 3 } }, style = { italic = true } } }
        """##)
        for (cols, rows) in [(0, 0), (1, 1), (2, 3), (3, 3)] {
            let host = try UIHostCore.Host(script: path, options: HostOptions(size: Size(cols: cols, rows: rows)))
            let frame = host.render()
            XCTAssertEqual(frame.width, cols)
            _ = frame.ansiText(theme: .dark)
            _ = FramePicture(frame: frame, theme: .light, plain: false).svg
        }
    }

    func testSubtitlesShareOneColumnCutToItOrAreAllLeftOut() throws {
        let scratch = ScratchDirectory(prefix: "uihsubtitle")
        defer { scratch.remove() }
        let path = try scratch.write("s.lua", ##"""
        return ui.screen { ui.list { items = { { title = "Messages", subtitle = "twelve unread" }, { title = "A", subtitle = "one" } } } }
        """##)
        // 20 columns leave 5 for the subtitles: too few, so no row shows one.
        var host = try UIHostCore.Host(script: path, options: HostOptions(size: Size(cols: 20, rows: 4)))
        var text = host.render().text
        XCTAssertFalse(text.contains("twelve") || text.contains("one"), text)
        // 26 leave 11: every subtitle in the column, the long one cut.
        host = try UIHostCore.Host(script: path, options: HostOptions(size: Size(cols: 26, rows: 4)))
        text = host.render().text
        XCTAssertTrue(text.contains(" › Messages   twelve unr…"), text)
        XCTAssertTrue(text.contains("   A          one"), text)
    }
}
