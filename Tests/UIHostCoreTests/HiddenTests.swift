import XCTest
@testable import UIHostCore

private typealias Host = UIHostCore.Host

/// `hidden = true` on any component: out of layout, focus and clicks, and
/// back with its state when `hidden = false`.
final class HiddenTests: XCTestCase {
    private var scratch = ScratchDirectory(prefix: "uihhidden")

    override func tearDown() {
        scratch.remove()
    }

    private func host(_ source: String) throws -> Host {
        try Host(script: try scratch.write("s.lua", source), options: HostOptions(size: Size(cols: 30, rows: 8)))
    }

    private let script = """
    status = ui.text { text = "Status bar", hidden = true }
    field = ui.input { placeholder = "Name" }
    return ui.screen {
      title = "S",
      keys = {
        s = { "Status", function() status.hidden = not status.hidden end },
        f = { "Field", function() field.hidden = not field.hidden end },
      },
      field,
      ui.button { title = "Go", onSelect = function() clicked = true end },
      status,
    }
    """

    func testAHiddenComponentTakesNoRowAndComesBackWhenShown() throws {
        let host = try host(script)
        XCTAssertNil(host.render().find("Status bar"))
        press(host, .tab, .character("s"))
        XCTAssertEqual(host.render().find("Status bar")?.y, 4)
        press(host, .character("s"))
        XCTAssertNil(host.render().find("Status bar"))
    }

    func testAHiddenFieldLeavesTheFocusRingAndKeepsItsText() throws {
        let host = try host(script)
        press(host, .character("A"), .character("d"), .character("a"), .tab, .character("f"))
        XCTAssertNil(host.render().find("Ada"))
        // The button moved up into the field's row, and Tab finds nothing else.
        XCTAssertEqual(host.render().find("› [ Go ]")?.y, 2)
        press(host, .tab)
        XCTAssertNotNil(host.render().find("› [ Go ]"))
        press(host, .character("f"))
        XCTAssertNotNil(host.render().find("[Ada"), host.render().text)
    }

    func testAClickWhereAHiddenComponentWasReachesWhatIsThereNow() throws {
        let host = try host("""
        return ui.screen { title = "S",
          ui.button { title = "Hidden", hidden = true, onSelect = function() which = "hidden" end },
          ui.button { title = "Shown", onSelect = function() which = "shown" end } }
        """)
        click(host, "Shown")
        XCTAssertEqual(try host.evalString("which"), "shown")
        XCTAssertNil(host.render().find("Hidden"))
    }
}
