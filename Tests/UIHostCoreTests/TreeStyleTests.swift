import XCTest
@testable import UIHostCore

/// A `ui.tree` node's `icon` (before its title, drawn and announced) and
/// `style` (its title's colours, under the cursor's highlight).
final class TreeStyleTests: XCTestCase {
    private var scratch = ScratchDirectory(prefix: "uihtreestyle")

    override func tearDown() {
        scratch.remove()
    }

    private func host(cols: Int = 30) throws -> UIHostCore.Host {
        try UIHostCore.Host(script: try scratch.write("s.lua", """
            return ui.screen { title = "T", ui.tree { nodes = {
              { title = "src", icon = "📁", expanded = true, style = { bold = true }, children = {
                { title = "main.lua", icon = "📄", style = { fg = "warning" } }, "README" } } } } }
            """), options: HostOptions(size: Size(cols: cols, rows: 6)))
    }

    func testTheIconGoesBeforeTheTitleAndTheStyleOnTheTitle() throws {
        let host = try host()
        let frame = host.render()
        XCTAssertEqual(frame.line(2).trimmingCharacters(in: .whitespaces), "› ▾ 📁 src")
        XCTAssertEqual(frame.line(3).trimmingCharacters(in: .whitespaces), "📄 main.lua")
        XCTAssertEqual(frame.line(4).trimmingCharacters(in: .whitespaces), "README")
        let main = try XCTUnwrap(frame.find("main.lua"))
        XCTAssertEqual(frame[main.x, main.y].style.fg, .token(.warning))
        XCTAssertEqual(frame[main.x - 4, main.y].style.fg, Style.plain.fg, "the indent and mark keep their look")
        let src = try XCTUnwrap(frame.find("src"))
        XCTAssertTrue(frame[src.x, src.y].style.attributes.contains(.bold))
        XCTAssertEqual(frame[src.x, src.y].style.bg, Style.focused.bg, "the cursor's highlight stays over the style")
        XCTAssertEqual(host.errors, [])
    }

    func testAScreenReaderHearsTheIconWithTheTitle() throws {
        let host = try host()
        press(host, .down)
        let tree = try XCTUnwrap(host.semanticTree()?.children.first)
        XCTAssertEqual(tree.value, "📄 main.lua")
        XCTAssertEqual(tree.children.map(\.label), ["📁 src", "📄 main.lua", "README"])
    }

    func testANarrowTreeCutsTheTitleNotTheMarks() throws {
        let frame = try host(cols: 11).render()
        XCTAssertEqual(frame.line(3), "       📄…")
    }
}
