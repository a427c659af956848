import LuaBridge
import XCTest
@testable import UIHostCore

private typealias Host = UIHostCore.Host

/// `ui.link`: a focusable title, an OSC 8 hyperlink with colours, `Title <url>` in plain text.
final class LinkTests: XCTestCase {
    private var scratch = ScratchDirectory(prefix: "uihlink")

    override func tearDown() {
        scratch.remove()
    }

    private func host(_ source: String, cols: Int = 40, rows: Int = 5, urlsInText: Bool = true) throws -> Host {
        var options = HostOptions(size: Size(cols: cols, rows: rows))
        options.glyphs.urlsInText = urlsInText
        return try Host(script: try scratch.write("s.lua", source), options: options)
    }

    private let script = """
    local seen = ui.text "none"
    return ui.screen { title = "S",
      ui.link { title = "Docs", url = "https://example.com/d\\27]0;x\\7", onSelect = function(l) seen.text = l.title end },
      seen,
    }
    """

    func testPlainTextShowsTheURLAfterTheTitle() throws {
        let host = try host(script)
        assertShows(host, " › Docs <https://example.com/d]0;x>")
    }

    func testWithColoursTheTitleIsAHyperlinkWithoutControlCharacters() throws {
        let host = try host(script, urlsInText: false)
        let frame = host.render()
        XCTAssertEqual(frame.line(2), " › Docs")
        XCTAssertEqual(frame.links, ["https://example.com/d]0;x"])
        XCTAssertEqual(frame[3, 2].link, 1)
        XCTAssertEqual(frame[7, 2].link, 0)
        XCTAssertTrue(frame[3, 2].style.attributes.contains(.underline))
        let ansi = frame.ansiText(theme: .dark)
        XCTAssertTrue(ansi.contains("\u{1B}]8;;https://example.com/d]0;x\u{1B}\\"), ansi)
        XCTAssertTrue(ansi.contains("Docs\u{1B}]8;;\u{1B}\\"), ansi)
    }

    func testEnterSpaceAndClickCallOnSelect() throws {
        let host = try host(script)
        press(host, .enter)
        assertShows(host, " Docs")
        try host.runLua("")
        click(host, "Docs")
        XCTAssertTrue(host.errors.isEmpty, host.errors.joined(separator: "\n"))
    }

    func testAHandlerErrorShowsTheBannerAndTheAppGoesOn() throws {
        let host = try host("return ui.screen { ui.link { title = 'L', url = 'u', onSelect = function() error('boom') end } }")
        press(host, .enter)
        XCTAssertFalse(host.errors.isEmpty)
        press(host, .space)
        assertShows(host, "L <u>")
    }

    func testLinkWithoutTitleShowsItsURLOnce() throws {
        let host = try host("return ui.screen { ui.link { url = 'https://a.example' } }")
        assertShows(host, " › https://a.example")
        XCTAssertNil(host.render().find("<https"))
    }

    func testLinkDrawsNothingInAnEmptyArea() throws {
        for (cols, rows) in [(0, 0), (1, 1), (3, 3)] {
            let host = try host(script, cols: cols, rows: rows)
            let frame = host.render()
            XCTAssertEqual(frame.width, cols)
            XCTAssertEqual(frame.height, rows)
        }
    }
}

/// A link's `style` can take off what a link draws by default.
final class LinkStyleTests: XCTestCase {
    private var scratch = ScratchDirectory(prefix: "uihlinkstyle")

    override func tearDown() {
        scratch.remove()
    }

    func testUnderlineFalseTakesTheUnderlineOff() throws {
        let host = try UIHostCore.Host(script: try scratch.write("s.lua", """
        return ui.screen { ui.link { title = "Docs", style = { underline = false, bold = true } }, ui.link { title = "Plain" } }
        """), options: HostOptions(size: Size(cols: 20, rows: 6)))
        let frame = host.render()
        let docs = try XCTUnwrap(frame.find("Docs")), plain = try XCTUnwrap(frame.find("Plain"))
        XCTAssertFalse(frame[docs.x, docs.y].style.attributes.contains(.underline))
        XCTAssertTrue(frame[docs.x, docs.y].style.attributes.contains(.bold))
        XCTAssertTrue(frame[plain.x, plain.y].style.attributes.contains(.underline))
    }
}
