import LuaBridge
import XCTest
@testable import UIHostCore

private typealias Host = UIHostCore.Host

/// Hostile try-outs: a plugin (or a screen, or a project folder) that tries
/// to escape its grant or its limits, reach another environment, outlive its
/// failure, or make the host do unbounded work on its behalf. Each case failed
/// when it was written; each says what should hold instead.
final class HostileTryoutTests: PluginTestCase {
    // MARK: - Escaping the plugin's limits

    /// Plugin `a`'s screen `main` (its `main.lua`), pushed by the app's
    /// screen's button, the plugin held to 50,000 instructions a call.
    private func pushedPluginScreen(_ main: String) throws -> Host {
        let a = "return { name = 'a', screens = { main = 'main.lua' } }"
        let h = try host(["a": a], files: ["plugins/a/main.lua": main],
                         limits: ScriptLimits(maxInstructions: 50_000, maxSeconds: 5),
                         screen: "return ui.screen { title = 'S', ui.button { title = 'Go', onSelect = function() ui.push('main') end } }")
        press(h, .enter)
        XCTAssertEqual(h.navigationDepth, 2, "\(h.errors)")
        return h
    }

    /// A handler that is a C function (here what `coroutine.wrap` returns) has
    /// no chunk name, so `CallLimits.origin(ofFunctionAt:)` takes it for the
    /// app's: the plugin's code inside runs under the app's budget.
    func testAWrappedHandlerInAPluginsScreenKeepsThePluginsLimits() throws {
        let main = """
        return ui.screen { title = 'M',
          ui.button { title = 'Wrap', onSelect = coroutine.wrap(function()
            local n = 0 for _ = 1, 1000000 do n = n + 1 end
            error('ran ' .. n .. ' iterations')
          end) } }
        """
        let h = try pushedPluginScreen(main)
        press(h, .enter)
        XCTAssertEqual(h.errors.count, 1, "\(h.errors)")
        let error = h.errors.last ?? ""
        XCTAssertTrue(error.contains("instruction budget exceeded (50000 instructions)"), error)
        XCTAssertFalse(error.contains("ran 1000000 iterations"), error)
    }

    /// The same when the handler's component becomes a proxy otherwise
    /// than at the host's first read: a container in its constructor, a
    /// leaf when the plugin adds a field to it before it shows. The mark of
    /// whose code built it must follow its fields into the storage.
    func testWrappedHandlersKeepThePluginsLimitsHoweverTheirComponentBecameAProxy() throws {
        let loop = "coroutine.wrap(function() local n = 0 for _ = 1, 1000000 do n = n + 1 end error('ran ' .. n) end)"
        let main = """
        local button = ui.button { title = 'Wrap', onSelect = \(loop) }
        button.hidden = false
        return ui.screen { title = 'M', onKey = \(loop), button }
        """
        let h = try pushedPluginScreen(main)
        press(h, .enter)
        press(h, .character("z"))
        XCTAssertEqual(h.errors.count, 2, "\(h.errors)")
        for error in h.errors {
            XCTAssertTrue(error.contains("instruction budget exceeded (50000 instructions)"), error)
            XCTAssertFalse(error.contains("ran 1000000"), error)
        }
    }

    // MARK: - Reaching another environment

    /// `ui.call` runs the callee on the caller's thread: inside a coroutine
    /// of the screen, the plugin's `coroutine.running()` is the screen's
    /// coroutine, which the plugin keeps, resumes when it likes and hands its
    /// own function to (no message copy on that way).
    func testAnExposedFunctionCannotTakeItsCallersCoroutine() throws {
        let a = plugin("""
        if type(state.co) == "thread" and coroutine.status(state.co) == "suspended" then
          coroutine.resume(state.co, function() return "a function of plugin a" end)
        end
        """, setup: "ui.expose { grab = function() state.co = coroutine.running() end }")
        let h = try host(["a": a], screen: """
        woke, got = 0, nil
        ui.spawn(function()
          ui.call("a.grab")
          got = ui.sleep(100000)
          woke = woke + 1
        end)
        return ui.screen { title = "S", ui.text { text = "x" } }
        """)
        XCTAssertEqual(h.errors, [])
        _ = h.runCommand("a.go")
        XCTAssertEqual(try h.evalString("woke"), "0", "the plugin woke the screen's coroutine")
        XCTAssertEqual(try h.evalString("type(got)"), "nil", "a plugin's function reached the screen")
    }

    /// `getmetatable(handle)` is one table for every timer handle of every
    /// origin, and it can be written: plugin a leaves a function there, plugin
    /// b (or the screen) picks it up, bypassing `ui.call`'s messages.
    func testTimerHandleMethodsAreNotOneTableSharedByEveryone() throws {
        let a = plugin("pcall(function() getmetatable(ui.after(1e9, function() end)).drop = function() return 'from a' end end)")
        let b = plugin("""
        local drop = getmetatable(ui.after(1e9, function() end)).drop
        if drop then error('b got ' .. drop()) end
        """, name: "b")
        let h = try host(["a": a, "b": b])
        XCTAssertNil(h.runCommand("a.go")!, "\(h.errors)")
        XCTAssertNil(h.runCommand("b.go")!, "\(h.errors)")
        XCTAssertEqual(try h.evalString("getmetatable(ui.after(1e9, function() end)).drop"), "nil")
    }

    /// `ui.bind` replaces an app-wide binding of the same key whoever holds
    /// it: a plugin takes the screen's ctrl-s (and sees what the user meant
    /// for the screen), while a command's keys held by another are refused.
    func testAPluginCannotTakeOverTheScreensBinding() throws {
        let a = plugin("ui.bind('ctrl-s', 'Save', function() error('plugin a took ctrl-s') end)")
        let h = try host(["a": a], screen: """
        saved = 0
        ui.bind("ctrl-s", "Save", function() saved = saved + 1 end)
        return ui.screen { title = "S", ui.text { text = "x" } }
        """)
        _ = h.runCommand("a.go")
        press(h, .ctrl("s"))
        XCTAssertEqual(try h.evalString("saved"), "1", "\(h.errors)")
        XCTAssertFalse(h.errors.contains { $0.contains("plugin a took ctrl-s") }, "\(h.errors)")
    }

    // MARK: - Outliving a failed setup

    /// The rollback takes back commands, bindings, timers and exposed
    /// functions, but not what `setup` asked of the navigation: its file
    /// is pushed and its sheet presented after the plugin was refused, and
    /// their handlers go on running (with the plugin's chunk prefixes gone,
    /// under the app's limits).
    func testASetupThatFailsLeavesNoScreenOrSheetBehind() throws {
        let a = """
        return { name = "a",
          setup = function(state)
            ui.push("main.lua")
            ui.present(ui.sheet { title = "Sheet", ui.button { title = "B", onSelect = function() error("the sheet still runs") end } })
            error("setup gives up")
          end }
        """
        let main = "return ui.screen { title = 'M', onAppear = function() error('the screen still runs') end }"
        let h = try host(["a": a], files: ["plugins/a/main.lua": main])
        XCTAssertEqual(h.pluginReports.map(\.loaded), [false])
        XCTAssertEqual(h.navigationDepth, 1, "\(h.errors)")
        press(h, .enter)
        XCTAssertFalse(h.errors.contains { $0.contains("still runs") }, "\(h.errors)")
        XCTAssertEqual(h.errors.count, 1, "\(h.errors)")
    }

    // MARK: - A project folder granting itself

    /// The screen runs sandboxed (no `os` without `--allow os`), but the
    /// project's own `uihost.lua` may name a plugin folder of the project and
    /// grant it `os`: opening an untrusted project runs commands, with no
    /// flag given by the user.
    func testAProjectsConfigCannotGrantOSToAPluginOfTheProject() throws {
        try scratch.write("uihost.lua", "plugins = { 'plugins' }\ngrant = { x = { 'os' } }")
        try scratch.write("plugins/x/plugin.lua", """
        return { name = "x", permissions = { "os" }, setup = function() os.execute("touch \(pwned)") end }
        """)
        let path = try scratch.write("s.lua", "return ui.screen { title = 'Innocent', ui.text { text = 'hello' } }")
        let h = try Host(script: path, options: HostOptions(size: Size(cols: 60, rows: 10)))
        XCTAssertFalse(FileSystem.exists(pwned), "a project's uihost.lua granted its own plugin os: \(h.pluginReports)")
    }

    // MARK: - Timers are shared

    /// Three of one plugin's timers running into their limits stop every
    /// timer of the app, the screen's and other plugins' too.
    func testAPluginsRunawayTimersLeaveTheScreensTimersRunning() throws {
        let a = plugin("", setup: "for _ = 1, 3 do ui.after(5, function() while true do end end) end")
        let h = try host(["a": a], limits: ScriptLimits(maxInstructions: 10_000, maxSeconds: 5), screen: """
        ticks = 0
        ui.every(2, function() ticks = ticks + 1 end)
        return ui.screen { title = "S", ui.text { text = "x" } }
        """)
        h.advance(100)
        XCTAssertEqual(try h.evalString("ticks"), "50", "\(h.errors)")
    }

    /// One plugin may hold every one of the app's 10000 timer slots.
    func testAPluginCannotTakeEveryTimerSlot() throws {
        let a = plugin("", setup: "for _ = 1, 10000 do ui.after(1e9, function() end) end")
        let h = try host(["a": a], screen: """
        local ok, e = pcall(ui.after, 10, function() end)
        scheduled = ok and "yes" or e
        return ui.screen { title = "S", ui.text { text = "x" } }
        """)
        XCTAssertEqual(try h.evalString("scheduled"), "yes")
    }

    // MARK: - The host's copies of a script's strings

    // One Lua string, stored once under the memory limit, is copied by the
    // host into Swift each time it is used; those copies count against no
    // limit. Each case keeps the script at a few MiB and asks the host to
    // hold no more than the scripts' own memory limit on its behalf.

    private let limit = 8 << 20

    /// The errors kept (1000 of them) are each as long as the value raised.
    func testKeptErrorsStayWithinTheMemoryLimit() throws {
        let h = try host([:], maxMemory: limit, screen: """
        local big = string.rep("x", 1 << 20)
        return ui.screen { title = "S", ui.button { title = "Go", onSelect = function() error(big, 0) end } }
        """)
        for _ in 0..<16 { press(h, .enter) }
        let held = h.errors.reduce(0) { $0 + $1.utf8.count }
        XCTAssertLessThanOrEqual(held, limit, "the host keeps \(held >> 20) MiB of error messages")
    }

    /// Command titles are copied, and folded into an array of Characters
    /// (16 bytes per character), for every `ui.command`.
    func testCommandTitlesStayWithinTheMemoryLimit() throws {
        let a = plugin("", setup: """
        local title = string.rep("x", 64 << 10)
        for i = 1, 100 do ui.command { id = "a.c" .. i, title = title, run = function() end } end
        """)
        let h = try host(["a": a], maxMemory: limit)
        XCTAssertEqual(h.pluginReports.map(\.loaded), [true], "\(h.errors)")
        let held = h.commands.commands.reduce(0) { $0 + $1.title.utf8.count + $1.folded.count * MemoryLayout<Character>.stride }
        XCTAssertLessThanOrEqual(held, limit, "the host keeps \(held >> 20) MiB of command titles")
    }

    /// Each `ui.bind` keeps its description; any character is a key, so there
    /// are as many bindings as a script likes.
    func testBindingDescriptionsStayWithinTheMemoryLimit() throws {
        let a = plugin("", setup: """
        local desc = string.rep("x", 1 << 20)
        for i = 0x4E00, 0x4E00 + 31 do ui.bind(utf8.char(i), desc, function() end) end
        """)
        let h = try host(["a": a], maxMemory: limit)
        XCTAssertEqual(h.pluginReports.map(\.loaded), [true], "\(h.errors)")
        let held = h.appBindings.list.reduce(0) { $0 + $1.desc.utf8.count }
        XCTAssertLessThanOrEqual(held, limit, "the host keeps \(held >> 20) MiB of binding descriptions")
    }

    /// A text's spans are joined into one Swift string: one 1 MiB string
    /// named by many spans (or texts) is that many MiB in the layout.
    func testTextCopiesStayWithinTheMemoryLimit() throws {
        let h = try host([:], maxMemory: limit, screen: """
        local big = string.rep("x", 1 << 20)
        local spans = {}
        for i = 1, 12 do spans[i] = big end
        return ui.screen { title = "S", ui.text { spans = spans, wrap = false } }
        """)
        h.layoutIfNeeded()
        var held = 0
        func walk(_ node: Node) {
            if let text = node as? TextNode { held += text.text.utf8.count }
            node.children.forEach(walk)
        }
        for layer in h.layers { walk(layer.root) }
        XCTAssertLessThanOrEqual(held, limit, "the layout keeps \(held >> 20) MiB of text")
    }
}
