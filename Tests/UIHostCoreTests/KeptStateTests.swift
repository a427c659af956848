import XCTest
import LuaBridge
@testable import UIHostCore

/// `--watch` keeps state over a reload: typed values, cursors, the open tab,
/// scroll offsets and focus come back for components whose identity (`id`,
/// else place) and kind survive the edit; the rest start fresh.
final class KeptStateTests: XCTestCase {
    private var scratch = ScratchDirectory(prefix: "uihkeep")

    override func setUp() {
        scratch = ScratchDirectory(prefix: "uihkeep")
    }

    override func tearDown() {
        scratch.remove()
    }

    private func screen(title: String, extra: String = "", listID: String = "") -> String {
        """
        local items = {}
        for i = 1, 30 do items[i] = "Item " .. i end
        S = ui.screen {
          title = "\(title)",
          \(extra)
          ui.input { id = "name", label = "Name" },
          ui.list { \(listID) items = items },
          ui.tabs {
            ui.tab { title = "One", ui.text "page one" },
            ui.tab { title = "Two", ui.input { label = "Inside" } },
          },
        }
        return S
        """
    }

    private func type(_ host: UIHostCore.Host, _ text: String) {
        for c in text { host.send(.key(.character(c))) }
    }

    /// A host for the file, reloaded the way `--watch` does.
    private func reload(_ old: UIHostCore.Host, path: String, size: Size) throws -> (UIHostCore.Host, Int) {
        let kept = old.keptState()
        let fresh = try UIHostCore.Host(script: path, options: HostOptions(size: size))
        try fresh.restoreNavigation(old.navigationRecord)
        return (fresh, fresh.restore(kept))
    }

    /// Types into the input, moves the list's cursor down 12 rows (scrolling
    /// it), opens the second tab and types into its input.
    private func interact(_ host: UIHostCore.Host) throws {
        type(host, "Ada")
        press(host, .tab)                          // the list
        for _ in 0..<12 { press(host, .down) }
        press(host, .tab, .right, .tab)           // the tabs, the second one, its input
        type(host, "xyz")
        XCTAssertEqual(try host.evalString("S[3].selected"), "2")
    }

    func testStateComesBackAfterAnEditThatKeepsEveryComponentsPlace() throws {
        let size = Size(cols: 40, rows: 16)
        let path = try scratch.write("screen.lua", screen(title: "Before"))
        let old = try UIHostCore.Host(script: path, options: HostOptions(size: size))
        try interact(old)
        let before = old.render()
        // Typing and the cursor moves were read in part: what a reload
        // keeps is taken from the tree those reads left.
        XCTAssertGreaterThan(old.compositor.updates, 12)
        try scratch.write("screen.lua", screen(title: "After"))
        let (fresh, restored) = try reload(old, path: path, size: size)
        XCTAssertGreaterThanOrEqual(restored, 5)
        let after = fresh.render()
        XCTAssertNotNil(after.find("After"), after.text)
        XCTAssertNotNil(after.find("Ada"), after.text)
        XCTAssertNotNil(after.find("xyz"), "the second tab's input: \(after.text)")
        XCTAssertEqual(try fresh.evalString("S[1].value"), "Ada")
        XCTAssertEqual(try fresh.evalString("S[2].selected"), "13")
        XCTAssertEqual(try fresh.evalString("S[3].selected"), "2")
        // The same rows shown (the list's scroll), and focus still in the second tab's input.
        XCTAssertEqual(after.text.replacingOccurrences(of: "After", with: "Before"), before.text)
        type(fresh, "!")
        XCTAssertEqual(try fresh.evalString("S[3][2][1].value"), "xyz!")
    }

    func testAnIDSurvivesAMoveAndPlacesThatChangedStartFresh() throws {
        let size = Size(cols: 40, rows: 16)
        let path = try scratch.write("screen.lua", screen(title: "Before"))
        let old = try UIHostCore.Host(script: path, options: HostOptions(size: size))
        try interact(old)
        // A component added at the top: the input keeps its `id`; the list and
        // the tabs moved one place down, so they start fresh.
        try scratch.write("screen.lua", screen(title: "After", extra: "ui.text \"new\","))
        let (fresh, _) = try reload(old, path: path, size: size)
        XCTAssertEqual(try fresh.evalString("S[2].value"), "Ada")
        XCTAssertEqual(try fresh.evalString("S[3].selected"), "1", "the list's first row, as on a fresh start")
        XCTAssertEqual(try fresh.evalString("S[4].selected"), "1", "the first tab")
    }

    func testAComponentWhoseKindChangedStartsFresh() throws {
        let size = Size(cols: 40, rows: 16)
        let path = try scratch.write("screen.lua", "S = ui.screen { ui.input { id = \"a\" }, ui.checkbox { title = \"b\" } } return S")
        let old = try UIHostCore.Host(script: path, options: HostOptions(size: size))
        type(old, "typed")
        press(old, .tab, .space)
        XCTAssertEqual(try old.evalString("S[2].checked"), "true")
        try scratch.write("screen.lua", "S = ui.screen { ui.textarea { id = \"a\" }, ui.checkbox { title = \"b\" } } return S")
        let (fresh, restored) = try reload(old, path: path, size: size)
        XCTAssertEqual(restored, 2, "the screen and the checkbox")
        XCTAssertEqual(try fresh.evalString("S[1].value"), "nil")
        XCTAssertEqual(try fresh.evalString("S[2].checked"), "true")
    }

    func testNothingComesBackToAnotherScreen() throws {
        let size = Size(cols: 40, rows: 16)
        let path = try scratch.write("screen.lua", "S = ui.screen { ui.input { id = \"a\" } } return S")
        let other = try scratch.write("other.lua", "S = ui.screen { ui.input { id = \"a\" } } return S")
        let old = try UIHostCore.Host(script: path, options: HostOptions(size: size))
        type(old, "typed")
        let fresh = try UIHostCore.Host(script: other, options: HostOptions(size: size))
        XCTAssertEqual(fresh.restore(old.keptState()), 0)
        XCTAssertEqual(try fresh.evalString("S[1].value"), "nil")
    }

    /// What a script derives from a value (a list filtered by an input, a
    /// label from a checkbox) agrees with the value a reload gave back: the
    /// component's onChange runs with it, once, and only where the reloaded
    /// script had set another value.
    func testAReloadRunsOnChangeOfWhatItGaveBack() throws {
        let size = Size(cols: 40, rows: 16)
        let source = """
            CALLS = 0
            local all = { "Ada", "Alan", "Grace", "Barbara" }
            local shown = ui.text "4 people"
            S = ui.screen {
              ui.input { id = "filter", onChange = function(text)
                CALLS = CALLS + 1
                local n = 0
                for _, name in ipairs(all) do if name:find(text, 1, true) then n = n + 1 end end
                shown.text = n .. " people"
              end },
              shown,
              ui.checkbox { id = "more", title = "More", onChange = function(on) MORE = on end },
              ui.switch { id = "same", title = "Same", onChange = function() SAME = true end },
            }
            return S
            """
        let path = try scratch.write("screen.lua", source)
        let old = try UIHostCore.Host(script: path, options: HostOptions(size: size))
        type(old, "A")
        press(old, .tab, .space)                   // the checkbox, ticked
        XCTAssertNotNil(old.render().find("2 people"))
        try scratch.write("screen.lua", source + "\n-- edited\n")
        let (fresh, _) = try reload(old, path: path, size: size)
        XCTAssertEqual(try fresh.evalString("S[1].value"), "A")
        XCTAssertNotNil(fresh.render().find("2 people"), "the count follows the filter given back:\n" + fresh.render().text)
        XCTAssertEqual(try fresh.evalString("CALLS"), "1")
        XCTAssertEqual(try fresh.evalString("MORE"), "true")
        XCTAssertEqual(try fresh.evalString("SAME"), "nil", "a value the script set the same runs nothing")
    }

    /// A markdown keeps the rows it was scrolled to and its link cursor,
    /// like the other scrolled kinds, also when its text was edited.
    func testAMarkdownKeepsItsScrollAndLinkCursor() throws {
        let size = Size(cols: 40, rows: 10)
        func source(_ title: String) -> String {
            """
            opened = {}
            local lines = {}
            for i = 1, 60 do lines[i] = "Line " .. i .. " with [link " .. i .. "](https://e.example/" .. i .. ")" end
            S = ui.screen { title = "\(title)", ui.markdown { text = table.concat(lines, "\\n\\n"),
              onLink = function(url) opened[#opened + 1] = url end } }
            return S
            """
        }
        let path = try scratch.write("screen.lua", source("Before"))
        let old = try UIHostCore.Host(script: path, options: HostOptions(size: size))
        for _ in 0..<3 { press(old, .pageDown) }
        press(old, .tab)
        let before = old.render()
        XCTAssertNil(before.find("Line 1 "), before.text)
        try scratch.write("screen.lua", source("After"))
        let (fresh, restored) = try reload(old, path: path, size: size)
        XCTAssertGreaterThanOrEqual(restored, 2)
        let after = fresh.render()
        XCTAssertEqual(after.text.replacingOccurrences(of: "After", with: "Before"), before.text)
        press(fresh, .enter)
        press(old, .enter)
        XCTAssertEqual(try fresh.evalString("opened[1]"), try old.evalString("opened[1]"))
        XCTAssertNotEqual(try fresh.evalString("opened[1]"), "https://e.example/1")
    }

    /// A radio group's choice and the open tab come back, each with its own
    /// onChange arguments (the item and index; the tab and index).
    func testAReloadRunsTheChoiceHandlersOfARadioGroupAndTabs() throws {
        let size = Size(cols: 40, rows: 12)
        let source = """
            S = ui.screen {
              ui.radio { id = "size", items = { "S", "M", "L" },
                onChange = function(item, i) SIZE = item .. " " .. i end },
              ui.tabs {
                onChange = function(tab, i) TAB = tab.title .. " " .. i end,
                ui.tab { title = "One", ui.text "first" },
                ui.tab { title = "Two", ui.text "second" },
              },
            }
            return S
            """
        let path = try scratch.write("screen.lua", source)
        let old = try UIHostCore.Host(script: path, options: HostOptions(size: size))
        press(old, .down, .down, .space)           // the radio group, focused first: L
        XCTAssertEqual(try old.evalString("SIZE"), "L 3")
        press(old, .tab, .right)                   // the tabs: Two
        XCTAssertEqual(try old.evalString("TAB"), "Two 2")
        try scratch.write("screen.lua", source + "\n-- edited\n")
        let (fresh, _) = try reload(old, path: path, size: size)
        XCTAssertEqual(try fresh.evalString("TAB"), "Two 2", "the open tab came back and its onChange ran")
        XCTAssertEqual(try fresh.evalString("SIZE"), "L 3", "the choice came back and its onChange ran")
    }
}
