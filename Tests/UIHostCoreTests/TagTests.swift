import LuaBridge
import XCTest
@testable import UIHostCore

private typealias Host = UIHostCore.Host

/// `ui.tag`: a chip chosen or not, flipped by Enter, Space or a click.
final class TagTests: XCTestCase {
    private var scratch = ScratchDirectory(prefix: "uihtag")

    override func tearDown() {
        scratch.remove()
    }

    private func host(_ source: String, cols: Int = 30, rows: Int = 4) throws -> Host {
        try Host(script: try scratch.write("s.lua", source), options: HostOptions(size: Size(cols: cols, rows: rows)))
    }

    private let filters = """
        changes = {}
        return ui.screen { title = "F", ui.hstack {
          ui.tag { text = "rust", selected = true, onChange = function(on) changes[#changes + 1] = tostring(on) end },
          ui.tag "swift" } }
        """

    func testAChosenTagHasACheckAndAnOtherAPlus() throws {
        XCTAssertEqual(try host(filters).render().line(2), " ›  ✓ rust     + swift")
    }

    func testTheChosenPillTakesItsColourAndTheOtherIsMuted() throws {
        let host = try host("""
            return ui.screen { title = "F", ui.hstack {
              ui.tag { text = "ok", selected = true, color = "success" }, ui.tag "no" } }
            """)
        let frame = host.render()
        XCTAssertEqual(frame[3, 2].style.fg, .token(.success))
        XCTAssertTrue(frame[3, 2].style.attributes.contains(.reverse))
        XCTAssertEqual(frame[13, 2].style, .muted)
    }

    func testEnterSpaceAndAClickFlipItWritingSelectedBeforeOnChange() throws {
        let host = try host(filters)
        press(host, .enter)
        XCTAssertEqual(try host.evalString("changes[1]"), "false")
        XCTAssertEqual(host.render().line(2), " ›  + rust     + swift")
        press(host, .space)
        XCTAssertEqual(try host.evalString("table.concat(changes, ',')"), "false,true")
        click(host, "swift")
        XCTAssertEqual(host.render().line(2), "    ✓ rust  ›  ✓ swift")
    }

    func testItSaysWhetherItIsChosen() throws {
        let tree = try XCTUnwrap(try host(filters).semanticTree())
        let tags = tree.children.first?.children ?? []
        XCTAssertEqual(tags.map(ScreenReader.describe), ["tag rust: selected", "tag swift: not selected"])
        XCTAssertEqual(tags.first?.focused, true)
    }

    func testAnUnknownColourIsAConstructorErrorNamingTheChoices() throws {
        XCTAssertThrowsError(try host("return ui.screen { ui.tag { text = 'x', color = 'green' } }")) { error in
            let message = (error as? LuaError)?.message ?? "\(error)"
            XCTAssertTrue(message.hasSuffix("ui.tag: color must be one of 'accent', 'success', 'warning', 'error' (got 'green')"), message)
        }
    }

    func testDrawingNeverFailsInTinyAreas() throws {
        for (cols, rows) in [(0, 0), (1, 1), (3, 3)] {
            let frame = try host("return ui.screen { title = 'F', ui.tag { text = 'rust', selected = true } }", cols: cols, rows: rows).render()
            XCTAssertEqual(frame.width, cols)
            XCTAssertEqual(frame.height, rows)
        }
    }
}
