import LuaBridge
import XCTest
@testable import UIHostCore

private typealias Host = UIHostCore.Host

/// `ui.input`: a one-line field edited by character, `value` written back
/// before `onChange`, `validate` on Enter, the terminal cursor at the caret.
final class InputTests: XCTestCase {
    private var scratch = ScratchDirectory(prefix: "uihinput")

    override func tearDown() {
        scratch.remove()
    }

    private func host(_ source: String, cols: Int = 30, rows: Int = 8, ascii: Bool = false) throws -> Host {
        var options = HostOptions(size: Size(cols: cols, rows: rows))
        if ascii { options.glyphs = .ascii }
        return try Host(script: try scratch.write("s.lua", source), options: options)
    }

    private func lines(_ host: Host) -> [String] {
        let frame = host.render()
        return (0..<frame.height).map { String(frame.line($0).reversed().drop { $0 == " " }.reversed()) }
    }

    private func type(_ host: Host, _ text: String) {
        for c in text { host.send(.key(c == " " ? .space : .character(c))) }
    }

    private let form = """
    seen = ""
    submitted = "no"
    name = ui.input { label = "Name", placeholder = "your name", maxLength = 12,
      onChange = function(v) seen = v .. "|" .. name.value end,
      validate = function(v) if #v < 2 then return "too short" end end,
      onSubmit = function(v) submitted = v end }
    return ui.screen { title = "Form", name, ui.button { title = "OK" } }
    """

    func testAnEmptyFieldShowsItsLabelAndPlaceholder() throws {
        XCTAssertEqual(lines(try host(form)).prefix(5), [
            "             Form",
            "──────────────────────────────",
            " Name",
            " › [‹your name›             ]",
            "   [ OK ]",
        ])
    }

    func testTypingWritesTheValueBackBeforeOnChange() throws {
        let host = try host(form)
        type(host, "Ada q?")
        XCTAssertEqual(try host.evalString("name.value"), "Ada q?")
        XCTAssertEqual(try host.evalString("seen"), "Ada q?|Ada q?")
        XCTAssertEqual(lines(host)[3], " › [Ada q?                  ]")
        XCTAssertNil(host.quitCode, "q typed into a field does not quit")
    }

    func testEditingKeysMoveTheCaretAndDeleteByCharacter() throws {
        let host = try host(form)
        type(host, "日本 text")
        press(host, .home, .delete, .end, .backspace, .modified([.alt], .character("b")), .ctrl("k"))
        XCTAssertEqual(try host.evalString("name.value"), "本 ")
        press(host, .ctrl("u"))
        XCTAssertEqual(try host.evalString("name.value"), "")
    }

    func testAHandlerThatFailsShowsTheBannerAndKeepsWhatWasTyped() throws {
        let host = try host("""
        name = ui.input { label = "Name",
          onChange = function(v) if v == "ab" then error("onChange broke") end end,
          validate = function(v) if v == "abc" then error("validate broke") end end }
        return ui.screen { title = "Form", name }
        """, rows: 10)
        type(host, "ab")
        XCTAssertEqual(try host.evalString("name.value"), "ab", "the value stays as typed")
        XCTAssertTrue(host.errors.last?.contains("onChange broke") ?? false, "\(host.errors)")
        XCTAssertTrue(lines(host).joined(separator: "\n").contains("error:"), "the banner shows")
        host.send(.key(.esc))
        type(host, "c")
        host.send(.key(.enter))
        XCTAssertEqual(try host.evalString("name.value"), "abc", "typing goes on after the error")
        XCTAssertTrue(host.errors.last?.contains("validate broke") ?? false, "\(host.errors)")
        XCTAssertNil(host.quitCode)
    }

    func testMaxLengthStopsTypingAndPastes() throws {
        let host = try host(form)
        host.send(.paste("a very long pasted\nline"))
        XCTAssertEqual(try host.evalString("name.value"), "a very long ")
    }

    func testEnterShowsTheValidateMessageAndDoesNotSubmit() throws {
        let host = try host(form)
        type(host, "A")
        press(host, .enter)
        XCTAssertEqual(try host.evalString("submitted"), "no")
        XCTAssertEqual(try host.evalString("name.error"), "too short")
        XCTAssertEqual(lines(host)[4], "   ! too short")
        XCTAssertTrue(host.errors.isEmpty, "a validation message is not a script error")
        type(host, "d")                         // fixed: the message goes at once
        XCTAssertEqual(try host.evalString("name.error"), "nil")
        press(host, .enter)
        XCTAssertEqual(try host.evalString("submitted"), "Ad")
    }

    func testTheCursorSitsAtTheCaretOnlyWhileFocused() throws {
        let host = try host(form)
        XCTAssertEqual(host.cursor, Point(x: 4, y: 3))
        type(host, "日本")
        XCTAssertEqual(host.cursor, Point(x: 8, y: 3))
        press(host, .left)
        XCTAssertEqual(host.cursor, Point(x: 6, y: 3))
        press(host, .tab)
        XCTAssertNil(host.cursor)
    }

    func testAPasswordShowsMasks() throws {
        let host = try host("""
        return ui.screen { title = "P", ui.input { password = true, value = "secret" } }
        """, ascii: true)
        XCTAssertEqual(lines(host)[2], " > [******                  ]")
    }

    func testALongValueScrollsAndAWideCharacterIsNeverSplit() throws {
        let host = try host("""
        return ui.screen { title = "W", ui.input { value = "日本語のテキストです" } }
        """, cols: 12, rows: 3)
        // 6 columns inside the brackets: the caret at the end needs one, so
        // the view shows the last characters that fit whole in the other 5.
        XCTAssertEqual(lines(host)[2], " › [です  ]")
        XCTAssertEqual(host.cursor, Point(x: 8, y: 2))
    }

    func testDrawingNeverFailsInTinyAreas() throws {
        for (cols, rows) in [(0, 0), (1, 1), (3, 2), (5, 3)] {
            let host = try host(form, cols: cols, rows: rows)
            let frame = host.render()
            XCTAssertEqual(frame.width, cols)
            XCTAssertEqual(frame.height, rows)
        }
    }

    func testAPlaceholderIsMarkedInPlainTextAndStyledInColour() throws {
        let source = """
        return ui.screen { title = "S", ui.input { placeholder = "Title", placeholderStyle = { fg = "red" } },
          ui.input { value = "Ada", style = { bold = true }, prompt = "> " } }
        """
        XCTAssertEqual(lines(try host(source))[2], " › [‹Title›                 ]")
        XCTAssertEqual(lines(try host(source, ascii: true))[2], " > [<Title>                 ]")
        var options = HostOptions(size: Size(cols: 30, rows: 8))
        options.glyphs.urlsInText = false
        let coloured = try Host(script: try scratch.write("c.lua", source), options: options)
        let frame = coloured.render()
        XCTAssertTrue(frame.line(2).hasPrefix(" › [Title  "), frame.line(2))
        XCTAssertNotEqual(frame[4, 2].style.fg, Style.muted.fg)
        XCTAssertNotEqual(frame[4, 2].style.fg, Style.plain.fg)
        // The prompt stands before the text; the text carries its style, underlined.
        XCTAssertTrue(frame.line(3).hasPrefix("   [> Ada  "), frame.line(3))
        XCTAssertTrue(frame[6, 3].style.attributes.contains(.bold))
        XCTAssertTrue(frame[6, 3].style.attributes.contains(.underline))
    }

    func testWrongFieldTypesAreReportedLikeOtherComponents() throws {
        let host = try host(form)
        try host.runLua("name.value = 5; name.password = 'yes'")
        _ = host.render()
        XCTAssertEqual(host.errors.first, "ui.input: password must be a boolean (got string)")
    }
}

final class InputHugePasteTests: XCTestCase {
    func testAMegabytePasteIsTakenAndLaterKeysStayCheap() throws {
        let scratch = ScratchDirectory(prefix: "uihpaste")
        defer { scratch.remove() }
        let host = try UIHostCore.Host(script: try scratch.write("s.lua", "field = ui.input {}; return ui.screen { field }"),
                                       options: HostOptions(size: Size(cols: 40, rows: 5)))
        host.send(.paste(String(repeating: "日本x", count: 350_000)))
        XCTAssertEqual(try host.evalString("#field.value"), String(350_000 * 7))
        _ = host.render()
        let before = host.work
        for _ in 0..<20 { press(host, .left); _ = host.render() }
        let work = host.work - before
        // A key reads the screen's two tables and no more of the value than
        // the field's 40 columns show: the megabyte is compared where Lua
        // keeps it, not copied out again (work per character of it, once
        // 3 ms a key, is what this guards against).
        XCTAssertLessThanOrEqual(work.bytesCopied, 20 * 40 * 4, "bytes of Lua strings copied by 20 keys")
        XCTAssertLessThanOrEqual(work.entriesRead, 20 * 100, "table entries read by 20 keys")
    }
}
