import LuaBridge
import XCTest
@testable import UIHostCore

private typealias Host = UIHostCore.Host

/// `autofocus`, `ui.focus`, `onFocus`/`onBlur`, list `onHighlight` and
/// `destructive` buttons skipped by initial focus.
final class FocusControlTests: XCTestCase {
    private var scratch = ScratchDirectory(prefix: "uihfocus")

    override func tearDown() {
        scratch.remove()
    }

    private func host(_ source: String, cols: Int = 40, rows: Int = 10) throws -> Host {
        try Host(script: try scratch.write("s.lua", source), options: HostOptions(size: Size(cols: cols, rows: rows)))
    }

    private func focusedTitle(_ host: Host) -> String? {
        _ = host.render()
        guard let layer = host.topLayer, let node = host.navigator.focused(in: layer) as? ButtonNode else { return nil }
        return node.title
    }

    func testAutofocusTakesTheInitialFocus() throws {
        let host = try host("""
        return ui.screen { ui.button { title = "A" }, ui.button { title = "B", autofocus = true } }
        """)
        XCTAssertEqual(focusedTitle(host), "B")
    }

    func testADestructiveButtonIsSkippedByInitialFocusButReachedByTab() throws {
        let host = try host("""
        return ui.screen { ui.button { title = "Delete", destructive = true }, ui.button { title = "Cancel" } }
        """)
        XCTAssertEqual(focusedTitle(host), "Cancel")
        press(host, .tab)
        XCTAssertEqual(focusedTitle(host), "Delete")
    }

    func testUIFocusMovesFocusAfterTheHandlerAndCallsBlurThenFocus() throws {
        let host = try host("""
        log = {}
        local function note(s) return function(c) log[#log + 1] = s .. ":" .. c.title end end
        target = ui.button { title = "C", onFocus = note("focus"), onBlur = note("blur") }
        return ui.screen {
          ui.button { title = "A", onFocus = note("focus"), onBlur = note("blur"),
                      onSelect = function() ui.focus(target); log[#log + 1] = "asked" end },
          ui.button { title = "B", onFocus = note("focus"), onBlur = note("blur") },
          target,
        }
        """)
        XCTAssertEqual(focusedTitle(host), "A")
        XCTAssertEqual(try host.evalString("table.concat(log, ',')"), "focus:A")
        press(host, .enter)
        XCTAssertEqual(focusedTitle(host), "C")
        XCTAssertEqual(try host.evalString("table.concat(log, ',')"), "focus:A,asked,blur:A,focus:C")
        press(host, .shiftTab)
        XCTAssertEqual(try host.evalString("table.concat(log, ',')"), "focus:A,asked,blur:A,focus:C,blur:C,focus:B")
    }

    func testUIFocusChecksItsArgument() throws {
        let host = try host("return ui.screen {}")
        XCTAssertThrowsError(try host.runLua("ui.focus(3)")) { error in
            XCTAssertTrue(((error as? LuaError)?.message ?? "").hasSuffix("bad argument #1 to 'focus' (component expected, got number)"), "\(error)")
        }
    }

    func testListOnHighlightFollowsTheCursor() throws {
        let host = try host("""
        seen = "none"
        return ui.screen { ui.list { items = { "a", "b", "c" },
          onHighlight = function(item, index) seen = item .. index end } }
        """)
        press(host, .down, .down)
        XCTAssertEqual(try host.evalString("seen"), "c3")
        press(host, .up)
        XCTAssertEqual(try host.evalString("seen"), "b2")
    }
}
