import LuaBridge
import XCTest
@testable import UIHostCore

private typealias Host = UIHostCore.Host

/// A key that runs no script reads again only the components the host wrote
/// (`Compositor.update`); anything it cannot vouch for reads the whole tree.
/// Each case compares the frame with a host that always reads everything.
final class ReadingChangesTests: XCTestCase {
    private var scratch = ScratchDirectory()

    override func tearDown() {
        scratch.remove()
        scratch = ScratchDirectory()
    }

    /// Two hosts of one screen: reading in part, and reading whole.
    private func hosts(_ source: String, rows: Int = 10) throws -> (Host, Host) {
        try partAndWholeHosts(script: try scratch.write("s.lua", source), size: Size(cols: 40, rows: rows))
    }

    private func press(_ hosts: (Host, Host), _ keys: Key..., file: StaticString = #filePath, line: UInt = #line) {
        for key in keys {
            hosts.0.send(.key(key))
            hosts.1.send(.key(key))
            XCTAssertEqual(hosts.0.render().text, hosts.1.render().text, "after \(key.name)", file: file, line: line)
        }
    }

    /// 200 texts under a list, taller than the frame.
    private let longScreen = """
        local s = ui.screen { title = "T", ui.list { items = { "one", "two", "three" } }, ui.text "label" }
        for i = 1, 200 do s[#s + 1] = ui.text("text " .. i) end
        return s
        """

    func testCursorMoveWithoutHandlerReadsOnlyTheList() throws {
        let h = try hosts(longScreen)
        _ = h.0.render()
        press(h, .down, .down, .up)
        XCTAssertEqual(h.0.compositor.updates, 3)
        XCTAssertEqual(h.1.compositor.updates, 0)
    }

    /// The label's text grows, but a column asks it only its height: only
    /// the label is read again (its natural width was never asked).
    func testHandlerRunReadsWhatItWrote() throws {
        let h = try hosts("""
            local label = ui.text "none"
            return ui.screen { title = "T",
              ui.list { items = { "one", "two" }, onHighlight = function(item) label.text = "at " .. item end }, label }
            """)
        _ = h.0.render()
        press(h, .down)
        XCTAssertNotNil(h.0.render().find("at two"))
        XCTAssertEqual(h.0.compositor.updates, 1)
        XCTAssertEqual(h.0.compositor.scriptUpdates, 1)
        XCTAssertEqual(h.0.compositor.subtreeUpdates, 0)
    }

    func testComponentInTwoPlacesIsReadWhole() throws {
        let h = try hosts("""
            local box = ui.checkbox { title = "shared" }
            return ui.screen { title = "T", ui.vstack { box }, ui.vstack { box } }
            """)
        _ = h.0.render()
        press(h, .space)
        XCTAssertEqual(h.0.render().text.components(separatedBy: "[x] shared").count, 3, h.0.render().text)
        XCTAssertEqual(h.0.compositor.updates, 0)
    }

    func testToggleReadsOnlyTheCheckbox() throws {
        let h = try hosts("""
            return ui.screen { title = "T", ui.text "a", ui.checkbox { title = "alone" }, ui.text "b" }
            """)
        _ = h.0.render()
        press(h, .space, .enter)
        XCTAssertNotNil(h.0.render().find("[ ] alone"))
        XCTAssertEqual(h.0.compositor.updates, 2)
    }

    func testBadFieldElsewhereLeavesAMoveReadAlone() throws {
        // The text holds the problem and is not read again: the list's move
        // is read alone, and the problem shown stays as the whole read has it.
        let h = try hosts("""
            local t = ui.text "x"
            local s = ui.screen { title = "T", ui.list { items = { "one", "two" } }, t }
            t.align = "justify"
            return s
            """)
        _ = h.0.render()
        press(h, .down)
        XCTAssertEqual(h.0.compositor.updates, 1)
        XCTAssertEqual(h.0.render(), h.1.render())
        XCTAssertEqual(h.0.errors, h.1.errors)
        XCTAssertEqual(h.0.errors.count, 1)
    }

    func testScrolledScreenDrawsItsShownChildren() throws {
        let h = try hosts(longScreen, rows: 8)
        _ = h.0.render()
        // Scroll the screen by hand past the list: the texts in view are drawn, and only they.
        for _ in 0..<5 {
            h.0.send(.mouse(MouseEvent(.scroll(3), column: 10, row: 5)))
            h.1.send(.mouse(MouseEvent(.scroll(3), column: 10, row: 5)))
        }
        XCTAssertEqual(h.0.render(), h.1.render())
        XCTAssertNotNil(h.0.render().find("text 1"), h.0.render().text)
        XCTAssertNil(h.0.render().find("text 100"))
    }
}
