import LuaBridge
import XCTest
@testable import UIHostCore

private typealias Host = UIHostCore.Host

/// `ui.tree`: marks, Right/Left/Up/Down/Space/Enter, lazy children, `expanded`
/// written back, cycles and failing children functions.
final class TreeTests: XCTestCase {
    private var scratch = ScratchDirectory(prefix: "uihtree")

    override func tearDown() {
        scratch.remove()
    }

    private func host(_ source: String, cols: Int = 30, rows: Int = 9) throws -> Host {
        try Host(script: try scratch.write("s.lua", source), options: HostOptions(size: Size(cols: cols, rows: rows)))
    }

    private func lines(_ host: Host) -> [String] {
        let frame = host.render()
        return (0..<frame.height).map { String(frame.line($0).reversed().drop { $0 == " " }.reversed()) }
    }

    private let files = """
    seen = ui.text "none"
    loads = 0
    src = { title = "src", children = function(node)
      loads = loads + 1
      return { { title = "main.lua" }, "util.lua" }
    end }
    t = ui.tree {
      nodes = { "README", src, { title = "docs", children = { "a.md" } } },
      onSelect = function(node) seen.text = "select " .. (type(node) == "table" and node.title or node) end,
      onExpand = function(node) seen.text = "expand " .. node.title end,
    }
    return ui.screen { seen, t }
    """

    func testTreeDrawsMarksAndOpensWithRightLoadingChildrenOnce() throws {
        let host = try host(files)
        XCTAssertEqual(Array(lines(host)[3...5]), [" ›   README", "   ▸ src", "   ▸ docs"])
        press(host, .down, .right)
        XCTAssertEqual(Array(lines(host)[2...7]), [" expand src", "     README", " › ▾ src", "       main.lua", "       util.lua", "   ▸ docs"])
        XCTAssertEqual(try host.evalString("src.expanded"), "true")
        XCTAssertEqual(try host.evalString("type(src.children)"), "table")
        // Right again moves to the first child; Left goes to the parent, then closes it.
        press(host, .right)
        XCTAssertEqual(lines(host)[5], " ›     main.lua")
        press(host, .left, .left)
        XCTAssertEqual(try host.evalString("src.expanded"), "false")
        press(host, .space, .space, .space)
        XCTAssertEqual(try host.evalString("loads"), "1")
        XCTAssertTrue(host.errors.isEmpty, host.errors.joined(separator: "\n"))
    }

    func testEnterSelectsAndUpDownMoveOverTheRowsShown() throws {
        let host = try host(files)
        press(host, .end, .enter)
        assertShows(host, "select docs")
        press(host, .right, .down, .enter)
        assertShows(host, "select a.md")
        press(host, .home, .enter)
        assertShows(host, "select README")
        press(host, .up)
        assertShows(host, "› ")
    }

    func testAFailingChildrenFunctionIsAHandlerErrorAndTheNodeStaysClosed() throws {
        let host = try host("""
        n = { title = "bad", children = function() error("cannot list") end }
        m = { title = "odd", children = function() return 5 end }
        return ui.screen { ui.tree { nodes = { n, m } } }
        """)
        press(host, .right)
        XCTAssertTrue(host.errors.last?.contains("ui.tree: children of nodes[1]:") == true, host.errors.joined(separator: "\n"))
        XCTAssertTrue(host.errors.last?.contains("cannot list") == true)
        XCTAssertEqual(try host.evalString("tostring(n.expanded)"), "nil")
        press(host, .down, .right)
        XCTAssertTrue(host.errors.last?.contains("children of nodes[2] must return a table") == true, host.errors.joined(separator: "\n"))
    }

    func testADeepTreeKeepsTheScreenWholeAcrossKeys() throws {
        // 99 open levels under a root: each keeps values on Lua's stack while
        // the next is read, which must have room for them.
        let host = try host("""
        local root = { title = "r", expanded = true } local cur = root
        for i = 1, 99 do local c = { title = "d" .. i, expanded = true } cur.children = { c } cur = c end
        return ui.screen { title = "T", ui.text "hello", ui.tree { nodes = { root } } }
        """, cols: 40, rows: 8)
        host.send(.key(.character("x")))
        host.send(.key(.tab))
        XCTAssertEqual(lines(host).prefix(3), ["                   T", String(repeating: "─", count: 40), " hello"])
    }

    func testANodeWithoutATitleIsLeftOutLikeOtherBadEntries() throws {
        let host = try host("""
        return ui.screen { ui.tree { nodes = { "a", { notitle = true }, { title = "b" }, 5 } } }
        """)
        XCTAssertEqual(Array(lines(host)[2...3]), [" ›   a", "     b"])
        XCTAssertTrue(host.errors.contains { $0.contains("nodes[2].title must be a string") }, "\(host.errors)")
    }

    func testACycleIsAProblemNotAHang() throws {
        let host = try host("""
        local n = { title = "loop", expanded = true }
        n.children = { n, { title = "leaf" } }
        return ui.screen { ui.tree { nodes = { n } } }
        """)
        XCTAssertTrue(lines(host).joined(separator: "\n").contains("leaf"))
        XCTAssertTrue(host.errors.contains { $0.contains("nodes[1].children[1] is one of its own ancestors") }, host.errors.joined(separator: "\n"))
    }

    func testBadNodesAreProblems() throws {
        let host = try host("return ui.screen { ui.tree { nodes = { 7, { children = 3 }, { title = 'c', children = 3 } } } }")
        _ = host.render()
        let all = host.errors.joined(separator: "\n")
        XCTAssertTrue(all.contains("ui.tree: nodes[1] must be a table"), all)
        XCTAssertTrue(all.contains("nodes[2].title must be a string"), all)
        XCTAssertTrue(all.contains("nodes[3].children must be a table or a function"), all)
    }

    func testAsciiMarks() throws {
        let host = try Host(script: try scratch.write("s.lua", files),
                            options: HostOptions(size: Size(cols: 30, rows: 9), glyphs: .ascii))
        press(host, .down, .right)
        XCTAssertEqual(lines(host)[4], " > - src")
        XCTAssertEqual(lines(host)[7], "   + docs")
    }

    func testTreeDrawsNothingInAnEmptyArea() throws {
        for (cols, rows) in [(0, 0), (1, 1), (2, 2), (3, 3)] {
            let host = try host(files, cols: cols, rows: rows)
            press(host, .down, .right, .right, .left, .enter, .end)
            XCTAssertEqual(host.render().width, cols)
        }
    }
}
