import Glibc
import XCTest
@testable import UIHost

/// A Swift function that the screen calls may hold the app (an embedding
/// app keeps its `ScriptApp` around) and call back into it while the app is
/// in the middle of a key or a frame. That re-entry is refused, and the
/// script's call fails with a Lua error naming it; the app goes on.
final class ScriptAppReentranceTests: XCTestCase {
    var directory = ""

    override func setUp() {
        var template = Array("/tmp/uihost-reenter-XXXXXX".utf8CString)
        directory = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)) }
        // A data source whose rows call Swift, and a button whose handler does.
        write("screen.lua", """
        local poke = require "poke"
        return ui.screen {
          title = "Reentry",
          ui.button { title = "Poke", onSelect = function() poke.now("button") end },
          ui.list { count = 3, item = function(i) return poke.now("row " .. i) end },
        }
        """)
    }

    override func tearDown() {
        _ = system("rm -rf '\(directory)'")
    }

    func write(_ name: String, _ text: String) {
        let f = fopen(directory + "/" + name, "w")!
        fputs(text, f)
        fclose(f)
    }

    /// The app, whose `poke.now` runs `reenter` on it while `armed`.
    final class Harness {
        var app: ScriptApp!
        var armed = false
        var reenter: (ScriptApp) -> Void = { _ in }
        var calls = 0
    }

    func makeApp(_ harness: Harness) throws -> ScriptApp {
        var options = ScriptHost.Options()
        options.columns = 30
        options.rows = 8
        let host = ScriptHost(options: options)
        host.module("poke") { m in
            m.function("now") { [unowned harness] (what: String) -> String in
                harness.calls += 1
                if harness.armed { harness.reenter(harness.app) }
                return what
            }
        }
        let app = try host.open(directory + "/screen.lua")
        harness.app = app
        return app
    }

    /// Every entry point of `ScriptApp` that runs the script or reads what it drew.
    var entryPoints: [(name: String, call: (ScriptApp) -> Void)] { [
        ("press", { try? $0.press("down") }),
        ("press", { $0.press(try! KeySequence("tab")) }),
        ("type", { $0.type("x") }),
        ("advance", { $0.advance(milliseconds: 10) }),
        ("resize", { $0.resize(columns: 20, rows: 5) }),
        ("render", { _ = $0.render(.svg) }),
        ("frame", { _ = $0.frame }),
        ("lines", { _ = $0.lines }),
        ("tree", { _ = $0.tree }),
    ] }

    func testReenteringFromADataSourceRowIsAnErrorInLua() throws {
        for (name, call) in entryPoints {
            let harness = Harness()
            let app = try makeApp(harness)
            harness.reenter = call
            harness.armed = true
            // Drawing the list asks the data source for its rows, which call Swift.
            let lines = app.lines
            harness.armed = false
            XCTAssertGreaterThan(harness.calls, 0, name)
            XCTAssertTrue(app.errors.contains { $0.contains("poke.now: ScriptApp.\(name) was called while the app was running") },
                          "\(name): \(app.errors)")
            XCTAssertEqual(lines.count, 8, name)
            // The app goes on.
            XCTAssertEqual(app.lines.first?.trimmingCharacters(in: .whitespaces), "Reentry", name)
        }
    }

    func testReenteringFromAHandlerIsAnErrorInLuaAndTheKeyCompletes() throws {
        for (name, call) in entryPoints {
            let harness = Harness()
            let app = try makeApp(harness)
            _ = app.lines
            harness.reenter = call
            harness.armed = true
            try app.press("enter")
            harness.armed = false
            XCTAssertTrue(app.errors.contains { $0.contains("poke.now: ScriptApp.\(name) was called while the app was running") },
                          "\(name): \(app.errors)")
            XCTAssertEqual(app.quitCode, nil, name)
        }
    }

    func testAThrowingPressSaysWhyItWasRefused() throws {
        let harness = Harness()
        let app = try makeApp(harness)
        _ = app.lines
        var thrown: ScriptHostError?
        harness.reenter = { app in
            do throws(ScriptHostError) { try app.press("down") } catch { thrown = error }
        }
        harness.armed = true
        try app.press("enter")
        harness.armed = false
        XCTAssertEqual(thrown?.message.hasPrefix("press: ScriptApp.press was called while the app was running"), true,
                       String(describing: thrown))
    }

    func testASwiftFunctionMayDriveAnotherApp() throws {
        write("other.lua", "return ui.screen { title = 'Other', ui.input { label = 'Name' } }")
        let other = try ScriptHost().open(directory + "/other.lua")
        let harness = Harness()
        let app = try makeApp(harness)
        _ = app.lines
        harness.reenter = { _ in other.type("Ada") }
        harness.armed = true
        try app.press("enter")
        harness.armed = false
        XCTAssertEqual(app.errors, [])
        XCTAssertTrue(other.frame.contains("Ada"), other.frame)
    }

    func testOutsideACallTheAppIsDrivenAsUsual() throws {
        let harness = Harness()
        let app = try makeApp(harness)
        _ = app.lines
        try app.press("enter")
        XCTAssertEqual(app.errors, [])
        XCTAssertGreaterThan(harness.calls, 0)
    }
}
