import LuaBridge
import XCTest
@testable import UIHostCore

/// Foundation (through XCTest) has a `Host` class too.
private typealias Host = UIHostCore.Host

/// "The host reads only what it can show" (docs/API.md, "Limits"): a script's
/// string is as long as its memory allows, and what the host keeps of it to
/// show is at most 64 KiB, cut with `…` on a character boundary. Every case
/// measures what is kept, in bytes, never how long it took.
final class DisplayBoundsTests: XCTestCase {
    private var scratch = ScratchDirectory(prefix: "uihbounds")
    /// The contract's figure, written out: a display string keeps 64 KiB.
    private let kept = 65_536
    /// What a node may add to a string it keeps to draw it: brackets, a space.
    private let decoration = 8

    override func setUpWithError() throws {
        scratch = ScratchDirectory(prefix: "uihbounds")
    }

    override func tearDownWithError() throws {
        scratch.remove()
    }

    private func host(_ source: String, cols: Int = 80, rows: Int = 24) throws -> Host {
        try Host(script: try scratch.write("s.lua", source),
                 options: HostOptions(size: Size(cols: cols, rows: rows), maxInstructions: 100_000_000))
    }

    /// A 2.5 MB string of two-byte characters and spaces, as `S` in Lua.
    private let long = "local S = string.rep(\"é W \", 5e5)\n"

    // MARK: - Texts, cells, rows

    func testAHugeTextKeepsItsFirst64KiBAndWrapsOnlyThose() throws {
        let host = try host("return ui.screen { title = \"T\", ui.text { text = string.rep(\"W \", 5e6) } }")
        let frame = host.render()
        XCTAssertEqual(frame.line(2).prefix(8), " W W W W")
        let text = try XCTUnwrap(nodes(host).compactMap { $0 as? TextNode }.first)
        XCTAssertLessThanOrEqual(text.text.utf8.count, kept)
        XCTAssertTrue(text.text.hasSuffix("…"))
        // 64 KiB of "W " wrap to 820 rows of 80 columns, not the 125,000 of 10 MB.
        XCTAssertLessThanOrEqual(text.measure(width: 80), kept / 80 + 1)
    }

    func testOneLongStringInEightNarrowCellsIsCutAndCopiedOnce() throws {
        let host = try host("""
        local S = string.rep("W", 2e7)
        local columns = {}
        for i = 1, 8 do columns[i] = { title = "C" .. i, key = i, width = 10 } end
        return ui.screen { ui.table { columns = columns, rows = { { S, S, S, S, S, S, S, S } } } }
        """, cols: 100)
        XCTAssertNotNil(host.render().find("WWWWWWWWW…"))
        let table = try XCTUnwrap(nodes(host).compactMap { $0 as? TableNode }.first)
        let cells = try XCTUnwrap(table.cells.first)
        XCTAssertEqual(cells.count, 8)
        XCTAssertLessThanOrEqual(cells.map(\.utf8.count).max() ?? 0, kept)
        XCTAssertEqual(Set(cells.map(storage)).count, 1, "one copy shared by the eight cells")
    }

    func testOneLongStringAsAHundredItemsIsCopiedOnce() throws {
        let host = try host(long + """
        local items = {}
        for i = 1, 100 do items[i] = S end
        return ui.screen { ui.dropdown { items = items }, ui.picker { items = items }, ui.list { items = items } }
        """)
        _ = host.render()
        var titles: [String] = []
        for node in nodes(host) {
            if let d = node as? DropdownNode { titles += d.items.map(\.row.title) }
            if let p = node as? PickerNode { titles += p.items.map(\.title) }
            if let l = node as? ListNode { titles += l.rows.map(\.title) }
        }
        XCTAssertGreaterThan(titles.count, 200)
        XCTAssertLessThanOrEqual(titles.map(\.utf8.count).max() ?? 0, kept)
        XCTAssertEqual(Set(titles.map(storage)).count, 1)
    }

    func testItemsRowsLinesAndSpansOfALongStringAreCut() throws {
        let host = try host(long + """
        local n = 0
        return ui.screen { title = S, keys = { x = { S, function() end } },
          ui.list { items = { S, { title = S, subtitle = S, icon = S } } },
          ui.list { count = 3, item = function() return { title = S, subtitle = S } end },
          ui.tree { nodes = { S, { title = S, expanded = true, children = { S, { title = S } } } } },
          ui.log { lines = { S, S } },
          ui.text { spans = { S, { S, bold = true }, S } },
          ui.tabs { ui.tab { title = S, icon = S, ui.badge { text = S } } },
          ui.dropdown { count = 2, item = function() return { title = S, icon = S } end },
          ui.table { columns = { { title = S, key = "a" } }, rows = { { a = S } } },
        }
        """, rows: 60)
        _ = host.render()
        XCTAssertEqual(host.errors, [])
        let texts = nodes(host).flatMap { strings(in: $0) }
        XCTAssertGreaterThan(texts.count, 20)
        // A tab's label joins its icon and its title, each of them cut.
        let longest = texts.map(\.utf8.count).max() ?? 0
        XCTAssertLessThanOrEqual(longest, 2 * kept + decoration)
        XCTAssertEqual(texts.filter { $0.utf8.count > kept + decoration }.map { $0.prefix(1) }, ["["], "only the tab's label")
        XCTAssertGreaterThan(texts.filter { !$0.hasPrefix("[") }.map(\.utf8.count).max() ?? 0, kept - 8, "cut near the limit, not before")
        // Spans are one text: together they keep 64 KiB, not 64 KiB each.
        let spans = try XCTUnwrap(nodes(host).compactMap { ($0 as? TextNode)?.spans }.first)
        XCTAssertLessThanOrEqual(spans.reduce(0) { $0 + $1.text.utf8.count }, kept)
    }

    func testEveryStringFieldOfEveryKindKeeps64KiB() throws {
        var count = 0
        for component in Registry.all {
            for spec in Schema.common + component.fields {
                guard case .string = spec.type else { continue }
                // Editable values are kept whole (below).
                if spec.name == "value", component.kind == InputNode.kind || component.kind == TextAreaNode.kind { continue }
                count += 1
                let host = try host(long + screen(component.kind, "{ \(spec.name) = S }"))
                _ = host.render()
                let longest = nodes(host).flatMap { strings(in: $0) }.map(\.utf8.count).max() ?? 0
                // A label drawn from it may add its brackets (`[title]`).
                XCTAssertLessThanOrEqual(longest, kept + decoration, "\(component.kind.constructorName).\(spec.name)")
            }
        }
        XCTAssertGreaterThan(count, 30, "string fields found")
    }

    func testACutFallsBetweenCharactersAndIsMarked() throws {
        // One ASCII byte first, so that 64 KiB would end inside a "é".
        let host = try host("return ui.screen { ui.text { text = 'x' .. string.rep('é', 1e5) } }")
        _ = host.render()
        let text = try XCTUnwrap(nodes(host).compactMap { $0 as? TextNode }.first?.text)
        XCTAssertTrue(text.hasSuffix("é…"))
        XCTAssertFalse(text.contains("\u{FFFD}"))
    }

    func testAToastKeepsOneRowOfALongText() throws {
        let host = try host(long + "ui.toast(S)\nreturn ui.screen {}")
        XCTAssertEqual(host.toasts.shown.map { $0.text.count }, [Toasts.maxLength])
    }

    // MARK: - log:append

    func testAppendingMegabytesKeepsOneLineOf64KiB() throws {
        let host = try host("""
        log = ui.log {}
        log:append(string.rep("E ", 2e6))
        return ui.screen { log }
        """)
        XCTAssertEqual(try host.evalString("#log.lines"), "1")
        let length = Int(try host.evalString("#log.lines[1]") ?? "") ?? -1
        XCTAssertLessThanOrEqual(length, kept)
        XCTAssertEqual(try host.evalString("log.lines[1]:sub(-5)"), " E…")
    }

    func testAppendingAMillionLinesKeepsTheLastMax() throws {
        let host = try host("""
        log = ui.log { max = 100 }
        log:append(string.rep("x\\n", 1e6) .. "last\\r\\n")
        return ui.screen { log }
        """)
        XCTAssertEqual(try host.evalString("#log.lines"), "100")
        XCTAssertEqual(try host.evalString("log.lines[100]"), "last")
        XCTAssertEqual(try host.evalString("log.lines[99]"), "x")
    }

    func testAppendSplitsAtLineBreaksAsBefore() throws {
        let host = try host("log = ui.log {}\nreturn ui.screen { log }")
        for (text, lines) in [("a\r\nb\r\n", ["a", "b"]), ("\n", [""]), ("", [""]), ("a\n\nb", ["a", "", "b"]),
                              ("a\rb", ["a\rb"]), ("a\r\r\n", ["a\r"]), (" x\n", [" x"])] {
            try host.runLua("log.lines = {}; log:append(\"\(text.debugDescription.dropFirst().dropLast())\")")
            let count = Int(try host.evalString("#log.lines") ?? "") ?? -1
            let got = try (0..<count).map { try host.evalString("log.lines[\($0 + 1)]") ?? "?" }
            XCTAssertEqual(got, lines, text.debugDescription)
        }
    }

    // MARK: - Editable values

    func testATextAreaKeepsItsValueWholeAndDoesNotCopyItPerKey() throws {
        let host = try host("""
        area = ui.textarea { value = string.rep("abc def\\n", 5e5) .. "end", height = 5 }
        return ui.screen { area }
        """)
        _ = host.render()
        let before = try XCTUnwrap(nodes(host).compactMap { $0 as? TextAreaNode }.first)
        XCTAssertEqual(before.value.utf8.count, 4_000_003)
        press(host, .left)
        _ = host.render()
        let after = try XCTUnwrap(nodes(host).compactMap { $0 as? TextAreaNode }.first)
        XCTAssertFalse(before === after, "laid out again")
        XCTAssertEqual(storage(after.value), storage(before.value), "the value read again, not copied")
        press(host, .character("!"))
        XCTAssertEqual(try host.evalString("#area.value"), "4000004")
        XCTAssertEqual(try host.evalString("area.value:sub(-4)"), "en!d")
    }

    func testAnInputKeepsItsValueWholeAndDoesNotCopyItPerKey() throws {
        let host = try host("field = ui.input { value = string.rep('é', 1e6) }\nreturn ui.screen { field }")
        _ = host.render()
        let before = try XCTUnwrap(nodes(host).compactMap { $0 as? InputNode }.first)
        XCTAssertEqual(before.value.utf8.count, 2_000_000)
        press(host, .home)
        _ = host.render()
        let after = try XCTUnwrap(nodes(host).compactMap { $0 as? InputNode }.first)
        XCTAssertEqual(storage(after.value), storage(before.value))
        press(host, .character("x"))
        XCTAssertEqual(try host.evalString("#field.value"), "2000001")
    }

    // MARK: - Helpers

    /// A screen that shows a component of `kind` built from `table` (as StringFieldTests).
    private func screen(_ kind: Kind, _ table: String) -> String {
        let c = kind.constructorName + " " + table
        switch kind {
        case .screen: return "return ui.screen " + table
        case .tab: return "return ui.screen { ui.tabs { \(c) } }"
        case .sheet: return "local s = \(c)\nreturn ui.screen { onAppear = function() ui.present(s) end }"
        case .drawer: return "return ui.screen { drawer = \(c), onAppear = function() ui.openDrawer() end }"
        case .alert, .confirm: return "return ui.screen { onAppear = function() \(c) end }"
        default: return "return ui.screen { \(c) }"
        }
    }

    /// Every node of every layer of the last layout.
    private func nodes(_ host: Host) -> [Node] {
        var result: [Node] = []
        func walk(_ node: Node) {
            result.append(node)
            node.children.forEach(walk)
        }
        host.layers.forEach { walk($0.root) }
        return result
    }

    /// The strings a node keeps, in its stored properties and the values in
    /// them (items, rows, cells, spans, bindings), but not in other nodes.
    private func strings(in node: Node) -> [String] {
        var result: [String] = []
        func walk(_ value: Any, depth: Int) {
            guard depth < 8 else { return }
            if let s = value as? String { return result.append(s) }
            if let s = value as? Substring { return result.append(String(s)) }
            let mirror = Mirror(reflecting: value)
            if mirror.displayStyle == .class { return }
            for child in mirror.children { walk(child.value, depth: depth + 1) }
        }
        var mirror: Mirror? = Mirror(reflecting: node)
        while let m = mirror {
            for child in m.children { walk(child.value, depth: 0) }
            mirror = m.superclassMirror
        }
        return result
    }

    /// Where a string's bytes are: equal for strings that share one copy.
    private func storage(_ s: String) -> UnsafeRawPointer? {
        s.utf8.withContiguousStorageIfAvailable { UnsafeRawPointer($0.baseAddress) } ?? nil
    }
}
