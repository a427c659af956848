import LuaBridge
import XCTest
@testable import UIHostCore

private typealias Host = UIHostCore.Host

/// `ui.progress`: its spinners turn with the host's clock (virtual here), and
/// `style` colours the spinner or the bar's filled part.
final class ProgressTests: XCTestCase {
    private var scratch = ScratchDirectory(prefix: "uihprogress")

    override func tearDown() {
        scratch.remove()
    }

    private func host(_ source: String, cols: Int = 30, rows: Int = 4, glyphs: Glyphs = .unicode) throws -> Host {
        var options = HostOptions(size: Size(cols: cols, rows: rows))
        options.glyphs = glyphs
        return try Host(script: try scratch.write("s.lua", source), options: options)
    }

    /// The first cells of row 2, where a screen's first child is drawn.
    private func spinner(_ host: Host, _ width: Int) -> String {
        String(host.render().line(2).dropFirst().prefix(width))
    }

    func testEachSpinnerShowsTheFrameOfTheClockAtItsOwnPace() throws {
        for (name, frames, interval) in [("line", ["|", "/", "-", "\\"], 100),
                                         ("points", ["∙∙∙", "●∙∙", "∙●∙", "∙∙●"], 142),
                                         ("meter", ["▱▱▱", "▰▱▱", "▰▰▱", "▰▰▰", "▰▰▱", "▰▱▱", "▱▱▱"], 142),
                                         ("pulse", ["█", "▓", "▒", "░"], 125)] {
            let host = try host("return ui.screen { title = 'P', ui.progress { spinner = '\(name)', label = 'Wait' } }")
            var seen: [String] = []
            for step in 0..<frames.count {
                host.advance(step == 0 ? 0 : interval)
                seen.append(spinner(host, frames[0].count))
            }
            XCTAssertEqual(seen, frames, name)
            host.advance(interval)
            XCTAssertEqual(spinner(host, frames[0].count + 5), frames[0] + " Wait", "\(name) goes round")
        }
    }

    func testTheDefaultIsMinidot() throws {
        let host = try host("p = ui.progress {}; return ui.screen { title = 'P', p }")
        host.advance(2000)
        XCTAssertEqual(spinner(host, 1), "⠴")
    }

    func testWithASCIIGlyphsASpinnerThatIsNotASCIITurnsTheASCIIOne() throws {
        let host = try host("return ui.screen { title = 'P', ui.progress { spinner = 'dots' } }", glyphs: .ascii)
        host.advance(100)
        XCTAssertEqual(spinner(host, 1), "/")
    }

    func testStyleColoursTheFilledPartOfTheBarAndTheSpinner() throws {
        let host = try host("""
            return ui.screen { title = 'P', ui.progress { value = 0.5, style = { fg = "success" } },
              ui.progress { spinner = "line", style = { fg = "error", bold = true } } }
            """)
        let frame = host.render()
        let bar = try XCTUnwrap(frame.find("["))
        XCTAssertEqual(frame[bar.x + 1, bar.y].style.fg, .token(.success))
        let empty = try XCTUnwrap(frame.find("░"))
        XCTAssertEqual(frame[empty.x, empty.y].style.fg, Style.plain.fg, "the rest of the bar keeps its look")
        XCTAssertEqual(frame[1, 3].style.fg, .token(.error))
        XCTAssertTrue(frame[1, 3].style.attributes.contains(.bold))
    }

    func testAnUnknownSpinnerNamesTheChoices() throws {
        XCTAssertThrowsError(try host("return ui.screen { ui.progress { spinner = 'dot' } }")) { error in
            let message = (error as? LuaError)?.message ?? "\(error)"
            XCTAssertTrue(message.contains("ui.progress: spinner must be one of 'minidot', 'dots'"), message)
            XCTAssertTrue(message.hasSuffix("(got 'dot'; did you mean 'dots'?)"), message)
        }
    }

    func testDrawingNeverFailsInTinyAreas() throws {
        for (cols, rows) in [(0, 0), (1, 1), (3, 3)] {
            let frame = try host("return ui.screen { title = 'P', ui.progress { spinner = 'globe', label = 'x' } }",
                                 cols: cols, rows: rows).render()
            XCTAssertEqual(frame.width, cols)
            XCTAssertEqual(frame.height, rows)
        }
    }
}
