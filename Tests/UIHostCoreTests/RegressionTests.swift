import LuaBridge
import XCTest
@testable import UIHostCore

private typealias Host = UIHostCore.Host

final class RegressionTests: XCTestCase {
    private func host(_ source: String, cols: Int = 80, rows: Int = 12) throws -> Host {
        let path = try ScratchDirectory(prefix: "uihbug").write("s.lua", source)
        return try Host(script: path, options: HostOptions(size: Size(cols: cols, rows: rows)))
    }

    // Focus stayed on the first focusable after the frame was briefly too small.
    func testFocusSurvivesResizeThroughTinyFrame() throws {
        let host = try host("""
        return ui.screen { title = "F", ui.button { title = "A" }, ui.button { title = "B" } }
        """)
        host.send(.key(.tab))
        XCTAssertNotNil(host.render().find("› [ B ]"))
        host.send(.resize(cols: 1, rows: 1))
        _ = host.render()
        host.send(.resize(cols: 80, rows: 12))
        XCTAssertNotNil(host.render().find("› [ B ]"), host.render().text)
    }

    // Reading 500 nested stacks once overflowed the Lua stack (no lua_checkstack).
    func testDeepNestingIsReportedNotACrash() throws {
        let host = try host("""
        local c = ui.button { title = "deep" }
        for i = 1, 500 do c = ui.vstack { c } end
        return ui.screen { title = "Deep", c }
        """)
        _ = host.render()
        XCTAssertTrue(host.errors.first?.contains("nested deeper") ?? false)
    }

    // A handler's own pcall once caught the budget error and looped for ever.
    func testPcallCannotDefeatTheInstructionBudget() throws {
        let host = try host("""
        return ui.screen { title = "p",
          ui.button { title = "go", onSelect = function()
            while true do pcall(function() while true do end end) end
          end },
        }
        """)
        host.send(.key(.enter))
        XCTAssertTrue(host.errors.first?.contains("instruction budget exceeded") ?? false, "\(host.errors)")
        XCTAssertNil(host.quitCode)
    }

    // A coroutine sleeping 0 ms once kept one advance from ever returning.
    func testZeroSleepInALoopDoesNotHangAdvance() throws {
        let host = try host("""
        count = 0
        ui.spawn(function() while true do count = count + 1; ui.sleep(0) end end)
        local label = ui.text "t"
        ui.every(5, function() label.text = "ticks " .. count end)
        return ui.screen { title = "co", label }
        """)
        host.advance(10)
        XCTAssertNotNil(host.render().find("ticks 10"), host.render().text)
    }

    // A finalizer once ran outside any budget and hung the host.
    func testScreensCannotRegisterFinalizers() throws {
        XCTAssertThrowsError(try host("""
        setmetatable({}, { __gc = function() while true do end end })
        return ui.screen { title = "GC" }
        """)) { error in
            XCTAssertTrue("\(error)".contains("s.lua:1: setmetatable: __gc metamethods are not available"), "\(error)")
        }
    }

    // Tab once stuck on a component used in two places.
    func testTabPassesAComponentUsedTwice() throws {
        let host = try host("""
        local b = ui.button { title = "Twice" }
        return ui.screen { title = "T", b, b, ui.button { title = "Other" } }
        """)
        XCTAssertEqual(host.render().text.components(separatedBy: "›").count - 1, 1, host.render().text)
        host.send(.key(.tab))
        host.send(.key(.tab))
        XCTAssertNotNil(host.render().find("› [ Other ]"), host.render().text)
    }

    // A list item that turned bad once showed its banner a frame late, under the wrong name.
    func testBadListItemIsNamedAndShownInTheSameFrame() throws {
        let host = try host("""
        local list
        list = ui.list { items = { "a", "b" }, onSelect = function() list.items[2] = { title = {} } end }
        return ui.screen { title = "L", list }
        """)
        host.send(.key(.enter))
        let frame = host.render()
        XCTAssertEqual(host.errors, ["ui.list: items[2].title must be a string (got table)"])
        XCTAssertTrue(frame.text.contains("error: ui.list: items[2].title"), frame.text)
    }

    // `ui.sleep` in a coroutine the script made itself once yielded silently.
    func testSleepOutsideSpawnIsAnError() throws {
        let host = try host("""
        return ui.screen { title = "S", ui.button { title = "go", onSelect = function()
          coroutine.wrap(function() ui.sleep(10) end)()
        end } }
        """)
        host.send(.key(.enter))
        XCTAssertTrue(host.errors.first?.contains("ui.sleep: only a function run by ui.spawn can sleep") ?? false, "\(host.errors)")
    }

    func testQuitWantsAnIntegerCode() throws {
        let host = try host("""
        return ui.screen { title = "Q", ui.button { title = "go", onSelect = function() ui.quit(2.5) end } }
        """)
        host.send(.key(.enter))
        XCTAssertNil(host.quitCode)
        XCTAssertTrue(host.errors.first?.contains("bad argument #1 to 'quit' (integer expected, got number)") ?? false, "\(host.errors)")
    }

    // Extreme mouse coordinates once overflowed and trapped.
    func testExtremeMouseCoordinatesDoNotTrap() throws {
        let host = try host("""
        return ui.screen { title = "M", drawer = ui.drawer { ui.text "menu" }, ui.button { title = "b" } }
        """)
        host.send(.key(.function(2)))
        for (c, r) in [(Int.min, 1), (1, Int.min), (Int.max, Int.max), (Int.min + 1, Int.max)] {
            host.send(.mouse(MouseEvent(.press, column: c, row: r)))
            host.send(.mouse(MouseEvent(.release, column: 0 &- c &+ 1, row: r)))
            host.send(.mouse(MouseEvent(.scroll(1), column: c, row: r)))
        }
        XCTAssertEqual(host.render().height, 12)
    }

    // Whether frames were drawn between keys once changed which errors were reported.
    func testReportedErrorsDoNotDependOnDrawing() throws {
        let source = """
        local s = ui.vstack { ui.text "stack" }
        return ui.screen { title = "T",
          ui.button { title = "bad",  onSelect = function() s.spacing = 1.5 end },
          ui.button { title = "good", onSelect = function() s.spacing = 1 end }, s }
        """
        let keys: [Key] = [.enter, .esc, .tab, .enter, .shiftTab, .enter]
        let drawn = try host(source), batched = try host(source)
        for key in keys {
            drawn.send(.key(key))
            _ = drawn.render()
            batched.send(.key(key))
        }
        XCTAssertEqual(drawn.render().text, batched.render().text)
        XCTAssertEqual(drawn.errors, batched.errors)
    }

    // A screen table pushed onto itself once shared its focus with the copy below.
    func testScreenPushedTwiceHasFocusOfItsOwnInEachPlace() throws {
        let host = try host("""
        local root
        root = ui.screen { title = "Self", ui.button { title = "A" },
          ui.button { title = "B", onSelect = function() ui.push(root) end } }
        return root
        """)
        host.send(.key(.tab))
        host.send(.key(.enter))
        XCTAssertNotNil(host.render().find("› [ A ]"), "the pushed copy starts on its first control:\n" + host.render().text)
        host.send(.key(.esc))
        XCTAssertNotNil(host.render().find("› [ B ]"), "the root keeps its focus:\n" + host.render().text)
    }

    // `selected` was once nil until the first layout, so onAppear could not read it.
    func testSelectedDefaultsAreInTheTablesFromConstruction() throws {
        let host = try host("""
        local l = ui.list { items = { "a", "b" } }
        local d = ui.dropdown { items = { { id = "x", title = "X" } } }
        local p = ui.dropdown { items = { "p" }, placeholder = "choose" }
        local text = ui.text ""
        return ui.screen { title = "D", text, l, d, p,
          onAppear = function() text.text = tostring(l.selected) .. tostring(d.selected) .. tostring(p.selected) end }
        """)
        XCTAssertNotNil(host.render().find("1xnil"), host.render().text)
    }
}
