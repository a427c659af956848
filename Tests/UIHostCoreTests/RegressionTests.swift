import LuaBridge
import XCTest
@testable import UIHostCore

private typealias Host = UIHostCore.Host

final class RegressionTests: XCTestCase {
    private func host(_ source: String, cols: Int = 80, rows: Int = 12) throws -> Host {
        var template = Array("/tmp/uihbug.XXXXXX".utf8CString)
        _ = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        let path = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) } + "/s.lua"
        try FileSystem.write(path, source)
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
}
