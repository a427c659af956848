import LuaBridge
import XCTest
@testable import UIHostCore

private typealias Host = UIHostCore.Host

/// The escape suite (docs/SECURITY.md): each case is a way a hostile plugin
/// got out of its grant, reached another's state or outlived its failure, and
/// each must end in a clear error naming the plugin or in nothing gained.
final class PluginEscapeTests: PluginTestCase {
    // MARK: - A1: one environment per origin

    func testPluginWithIOCannotPushAFileItWroteIntoAnotherPluginsFolder() throws {
        let drop = """
        local f = io.open(ctx.folder .. "/../b/dropped.lua", "w")
        f:write('os.execute("touch \(pwned)") return ui.screen { title = "D" }')
        f:close()
        ui.push("../b/dropped.lua")
        """
        let h = try host(["a": plugin(drop, permissions: "'io'"), "b": plugin("", name: "b", permissions: "'os'")],
                         grants: ["a": [.io], "b": [.os]])
        XCTAssertEqual(h.pluginReports.map(\.loaded), [true, true], "\(h.errors)")
        XCTAssertEqual(h.runCommand("a.go")??.message.contains("is outside the plugin's folder"), true, "\(h.errors)")
        XCTAssertFalse(FileSystem.exists(pwned))
        XCTAssertTrue(h.errors.last?.contains("plugin 'a'") ?? false, "\(h.errors)")
    }

    func testAFilePushedByAPluginRunsInItsEnvironmentWhereverItLies() throws {
        // b is granted os; a file a pushes, even one inside a's folder that b wrote, runs as a's.
        let h = try host(["a": plugin("ui.push('dropped.lua')"), "b": plugin("", name: "b", permissions: "'os'")],
                         files: ["plugins/a/dropped.lua": "os.execute('touch \(pwned)') return ui.screen { title = 'D' }"],
                         grants: ["b": [.os]])
        let error = h.runCommand("a.go")??.message ?? ""
        XCTAssertTrue(error.contains("os.execute needs the 'os' permission"), error)
        XCTAssertFalse(FileSystem.exists(pwned))
    }

    func testPluginCannotPushAnotherPluginsScreenByPathOrByName() throws {
        let b = """
        return { name = "b", permissions = { "os" }, screens = { main = "main.lua" } }
        """
        let main = "os.execute('touch \(pwned)') return ui.screen { title = 'B' }"
        let h = try host(["a": plugin("local ok, e = pcall(ui.push, '../b/main.lua') state.e1 = e; ui.push('main')"), "b": b],
                         files: ["plugins/b/main.lua": main], grants: ["b": [.os]])
        let error = h.runCommand("a.go")??.message ?? ""
        XCTAssertTrue(error.contains("'main' is a screen of plugin 'b'; a plugin pushes only its own screens"), error)
        XCTAssertFalse(FileSystem.exists(pwned))
        XCTAssertEqual(h.navigationDepth, 1)
    }

    func testTheScreenPushingAFileInAPluginsFolderRunsItAsTheScreen() throws {
        let h = try host(["b": plugin("", name: "b", permissions: "'os'")],
                         files: ["plugins/b/x.lua": "secret = 'set by x' return ui.screen { title = 'X' }"],
                         grants: ["b": [.os]],
                         screen: "return ui.screen { title = 'S', ui.button { title = 'Go', onSelect = function() ui.push('plugins/b/x.lua') end } }")
        press(h, .enter)
        XCTAssertEqual(h.navigationDepth, 2, "\(h.errors)")
        XCTAssertEqual(try h.evalString("secret"), "set by x")
    }

    // MARK: - A2: views with nothing behind them

    func testPairsOnALibraryViewHandsOutNothingShared() throws {
        let a = """
        if next(table) ~= nil or getmetatable(table) ~= false then error("the view is open") end
        local _, T = pairs(table)
        pcall(function() T.insert = function() error("hijacked") end end)
        pcall(rawset, T, "insert", function() error("hijacked") end)
        local _, S = pairs(string)
        pcall(rawset, S, "upper", function() return "evil" end)
        local _, UI = pairs(ui)
        pcall(rawset, UI, "text", function() error("hijacked") end)
        for _, v in pairs(table) do if type(v) == "table" then error("a table behind the view") end end
        """
        let b = plugin("local t = {} table.insert(t, 1) state.n = #t .. string.upper('x') ui.log(state.n)", name: "b")
        let h = try host(["a": plugin(a), "b": b])
        XCTAssertNil(h.runCommand("a.go")!, "\(h.errors)")
        XCTAssertNil(h.runCommand("b.go")!, "\(h.errors)")
        XCTAssertEqual(h.errors, [])
        XCTAssertEqual(try h.evalString("ui.text{ text = 'x' }.text"), "x")
        XCTAssertEqual(try h.evalString("table.insert ~= nil"), "true")
    }

    func testATableInsideUIIsAFrozenViewForPlugins() throws {
        let a = """
        local ok, e = pcall(function() ui.json.encode = function() return "evil" end end)
        if ok then error("ui.json was writable") end
        if getmetatable(ui.json) ~= false then error("ui.json is open") end
        for _, v in pairs(ui) do if type(v) == "table" and getmetatable(v) ~= false then error("an open table in ui") end end
        local _, J = pairs(ui.json)
        pcall(rawset, J, "decode", function() return "evil" end)
        ui.log(e)
        """
        let b = plugin("if ui.json.decode('[1]')[1] ~= 1 then error('ui.json changed') end", name: "b")
        let h = try host(["a": plugin(a), "b": b])
        XCTAssertNil(h.runCommand("a.go")!, "\(h.errors)")
        XCTAssertNil(h.runCommand("b.go")!, "\(h.errors)")
        XCTAssertEqual(try h.evalString("ui.json.encode({ 1 })"), "[1]")
    }

    func testAScreenChangingStringMethodsReachesNoPlugin() throws {
        let b = plugin("if ('x'):upper() ~= 'X' or string.upper('x') ~= 'X' then error('string changed') end", name: "b")
        let h = try host(["b": b], screen: """
        string.upper = function() return "evil" end
        return ui.screen { title = "S", ui.text { text = ("s"):upper() } }
        """)
        XCTAssertNil(h.runCommand("b.go")!, "\(h.errors)")
        XCTAssertEqual(try h.evalString("('x'):upper()"), "X")
        XCTAssertEqual(try h.evalString("getmetatable('')"), "false")
    }

    func testTheScreensLoadGivesAChunkTheGlobals() throws {
        let h = try host([:], screen: "x = 'global' y = load('return x')() return ui.screen { title = 'S' }")
        XCTAssertEqual(try h.evalString("y"), "global")
        XCTAssertEqual(try h.evalString("select(2, pcall(load('return x', 'c', 't', nil)))")?.contains("_ENV"), true)
    }

    func testPluginsHaveNoStringDump() throws {
        let h = try host(["a": plugin("if string.dump ~= nil or ('').dump ~= nil then error('dump is there') end")])
        XCTAssertNil(h.runCommand("a.go")!, "\(h.errors)")
    }

    func testTimerHandlesCannotBeOpenedOrForged() throws {
        let a = """
        local h = ui.after(1e9, function() end)
        if getmetatable(h) ~= "timer" then error("the handle's metatable is open") end
        pcall(function() getmetatable(h).cancel = function() end end)
        if pcall(h.cancel, { id = 1 }) then error("a forged handle cancelled a timer") end
        """
        let h = try host(["a": plugin(a)], screen: """
        fired = 0
        ui.after(10, function() fired = fired + 1 end)
        local t = ui.after(10, function() fired = fired + 10 end)
        return ui.screen { title = "S", ui.button { title = "Cancel", onSelect = function() t:cancel() end } }
        """)
        XCTAssertNil(h.runCommand("a.go")!, "\(h.errors)")
        press(h, .enter)
        h.advance(20)
        XCTAssertEqual(try h.evalString("fired"), "1", "\(h.errors)")
    }

    // MARK: - A3: all or nothing, limits on every call

    func testAPluginCannotTakeTheScreensKeyBinding() throws {
        let h = try host(["a": plugin("ui.bind('ctrl-s', 'Steal', function() stolen = true end)")], screen: """
        saved = 0
        ui.bind("ctrl-s", "Save", function() saved = saved + 1 end)
        return ui.screen { title = "S", ui.text { text = "x" } }
        """)
        let error = h.runCommand("a.go")??.message ?? ""
        XCTAssertTrue(error.contains("ui.bind: ctrl-s is bound by the screen already"), error)
        press(h, .ctrl("s"))
        XCTAssertEqual(try h.evalString("saved"), "1")
    }

    func testTopLevelCodeOfAPluginHasNoUI() throws {
        let h = try host(["a": "ui.every(10, function() leaked = true end)\nreturn { name = 'a', permissions = { 'os' } }"])
        XCTAssertEqual(h.pluginReports.map(\.loaded), [false])
        XCTAssertTrue(h.errors[0].contains("ui is not available while plugin.lua runs"), h.errors[0])
        h.advance(100)
        XCTAssertEqual(h.errors.count, 1, "\(h.errors)")
    }

    func testADeniedPluginLeavesNothingBehind() throws {
        let a = """
        return { name = "a", permissions = { "os" },
          setup = function() ui.every(10, function() ui.log("tick") end) end,
          commands = { { id = "a.go", title = "Go", keys = "ctrl-g", run = function() end } } }
        """
        let h = try host(["a": a])
        XCTAssertEqual(h.pluginReports.map(\.loaded), [false])
        XCTAssertTrue(h.errors[0].contains("'os' permission, which was not granted"), h.errors[0])
        XCTAssertEqual(h.commandIDs, [])
        h.advance(100)
        XCTAssertEqual(h.errors.count, 1)
    }

    func testASetupThatFailsIsRolledBack() throws {
        let a = """
        return { name = "a",
          setup = function(state)
            ui.every(10, function() error("still ticking") end)
            ui.spawn(function() while true do ui.sleep(10) error("still running") end end)
            ui.bind("ctrl-g", "Grab", function() error("still bound") end)
            ui.command { id = "a.extra", title = "Extra", run = function() end }
            ui.expose { peek = function() return "still exposed" end }
            error("setup gives up")
          end }
        """
        let h = try host(["a": a])
        XCTAssertEqual(h.pluginReports.map(\.loaded), [false])
        XCTAssertTrue(h.errors[0].contains("setup failed"), h.errors[0])
        XCTAssertEqual(h.commandIDs, [])
        h.advance(100)
        press(h, .ctrl("g"))
        XCTAssertEqual(h.errors.count, 1, "\(h.errors)")
        XCTAssertEqual(try h.evalString("select(2, pcall(ui.call, 'a.peek'))")?.contains("nothing is exposed as 'a.peek'"), true)
    }

    func testPluginLimitsCoverTimersCoroutinesAndTheScreensItShips() throws {
        let spin = "local n = 0 while true do n = n + 1 end"
        let a = """
        return { name = "a", screens = { main = "main.lua" },
          setup = function() ui.after(10, function() \(spin) end)
                             ui.spawn(function() ui.sleep(20) \(spin) end) end }
        """
        let main = "return ui.screen { title = 'M', ui.button { title = 'Spin', onSelect = function() \(spin) end } }"
        let h = try host(["a": a], files: ["plugins/a/main.lua": main],
                         limits: ScriptLimits(maxInstructions: 50_000, maxSeconds: 5),
                         screen: "return ui.screen { title = 'S', ui.button { title = 'Go', onSelect = function() ui.push('main') end } }")
        h.advance(30)
        XCTAssertEqual(h.errors.count, 2, "\(h.errors)")
        for error in h.errors { XCTAssertTrue(error.contains("instruction budget exceeded (50000 instructions)"), error) }
        press(h, .enter)
        XCTAssertEqual(h.navigationDepth, 2, "\(h.errors)")
        press(h, .enter)
        XCTAssertEqual(h.errors.count, 3, "\(h.errors)")
        XCTAssertTrue(h.errors[2].contains("(50000 instructions)"), h.errors[2])
    }

    func testAPluginFunctionCalledFromTheScreenKeepsThePluginsLimits() throws {
        let a = "return { name = 'a', setup = function() ui.expose { spin = function() while true do end end } end }"
        let h = try host(["a": a], limits: ScriptLimits(maxInstructions: 50_000, maxSeconds: 5), screen: """
        result = ""
        return ui.screen { title = "S", ui.button { title = "Go", onSelect = function()
          local ok, e = pcall(ui.call, "a.spin")
          result = e
          for _ = 1, 1000 do end
        end } }
        """)
        press(h, .enter)
        XCTAssertEqual(h.errors, [])
        let result = try h.evalString("result") ?? ""
        XCTAssertTrue(result.contains("ui.call('a.spin'): plugin 'a':"), result)
        XCTAssertTrue(result.contains("instruction budget exceeded (50000 instructions)"), result)
    }

    func testANameThatIsNotTheFoldersIsNotLoaded() throws {
        let h = try host(["helper": "return { name = 'trusted' }"])
        XCTAssertEqual(h.pluginReports.map(\.loaded), [false])
        XCTAssertTrue(h.errors[0].contains("plugin 'helper' was not loaded"), h.errors[0])
        XCTAssertTrue(h.errors[0].contains("differs from its folder 'helper'"), h.errors[0])
    }

    func testTheSameFolderNamedTwiceLoadsOnce() throws {
        try scratch.write("plugins/a/plugin.lua", "return { name = 'a' }")
        let path = try scratch.write("s.lua", screen)
        var options = HostOptions(size: Size(cols: 60, rows: 10))
        let folder = FileSystem.join(scratch.path, "plugins")
        options.pluginDirectories = [folder, folder + "/"]
        let h = try Host(script: path, options: options)
        XCTAssertEqual(h.errors, [])
        XCTAssertEqual(h.pluginReports.map(\.loaded), [true])
    }

    func testPluginsListReportsTwoPluginsWithOneCommandID() throws {
        let command = "commands = { { id = 'x.go', title = 'Go', run = function() end } }"
        try scratch.write("one/a/plugin.lua", "return { name = 'a', \(command) }")
        try scratch.write("two/b/plugin.lua", "return { name = 'b', \(command) }")
        var options = HostOptions(size: Size(cols: 60, rows: 10))
        options.pluginDirectories = [FileSystem.join(scratch.path, "one"), FileSystem.join(scratch.path, "two")]
        let reports = try Host.inspectPlugins(options: options)
        XCTAssertEqual(reports.map(\.loaded), [true, false])
        XCTAssertTrue(reports[1].problems.joined().contains("the command id 'x.go' is taken by plugin 'a'"), "\(reports)")
    }

    func testPluginsListReportsTwoFoldersOfOneName() throws {
        try scratch.write("one/a/plugin.lua", "return { name = 'a' }")
        try scratch.write("two/a/plugin.lua", "return { name = 'a' }")
        var options = HostOptions(size: Size(cols: 60, rows: 10))
        options.pluginDirectories = [FileSystem.join(scratch.path, "one"), FileSystem.join(scratch.path, "two")]
        let reports = try Host.inspectPlugins(options: options)
        XCTAssertEqual(reports.map(\.loaded), [true, false])
        XCTAssertTrue(reports[1].problems.joined().contains("a plugin named 'a' is loaded already"), "\(reports)")
    }

    func testAPluginsErrorNamesItEvenWhenItClaimsAnother() throws {
        let a = "return { name = 'a', setup = function() ui.after(10, function() error(\"plugin 'b': blame b\", 0) end) end }"
        let h = try host(["a": a, "b": "return { name = 'b' }"])
        h.advance(20)
        XCTAssertEqual(h.errors, ["plugin 'a': plugin 'b': blame b"])
    }

    // MARK: - A5: messages, not shared tables

    func testAPluginReadsTheAppsRowsAsACopy() throws {
        let a = plugin("""
        local rows = ui.call("contacts", "a")
        state.count = #rows
        rows[1].name = "changed"
        ui.log(state.count)
        """)
        let h = try host(["a": a], screen: """
        contacts = { { name = "Ada" }, { name = "Alan" }, { name = "Grace" } }
        ui.expose { contacts = function(prefix)
          local out = {}
          for _, c in ipairs(contacts) do if c.name:sub(1, #prefix) == prefix:upper() then out[#out + 1] = c end end
          return out
        end }
        return ui.screen { title = "S", ui.text { text = "x" } }
        """)
        XCTAssertNil(h.runCommand("a.go")!, "\(h.errors)")
        XCTAssertEqual(try h.evalString("contacts[1].name"), "Ada")
        XCTAssertEqual(try h.evalString("#contacts"), "3")
    }

    func testMessagesRefuseFunctionsCyclesAndSize() throws {
        let h = try host([:], screen: """
        ui.expose { echo = function(...) return ... end, leak = function() return { f = print } end }
        return ui.screen { title = "S", ui.text { text = "x" } }
        """)
        func message(_ code: String) throws -> String { try h.evalString("select(2, pcall(function() \(code) end))") ?? "" }
        XCTAssertTrue(try message("ui.call('echo', { print })").contains("argument #1 cannot be sent: a function (only"))
        let cycle = try message("local t = {} t.self = t ui.call('echo', t)")
        XCTAssertTrue(cycle.contains("a cycle at .self"), cycle)
        XCTAssertTrue(try message("local t = {} for i = 1, 100001 do t[i] = i end ui.call('echo', t)").contains("more than 100000 values"))
        XCTAssertTrue(try message("ui.call('echo', string.rep('x', 17 * 1024 * 1024))").contains("MiB of strings"))
        XCTAssertTrue(try message("ui.call('leak')").contains("result #1 cannot be sent back: a function (only nil, booleans, numbers, strings and tables of them can be sent) at .f"))
        XCTAssertTrue(try message("ui.call('ecko')").contains("nothing is exposed as 'ecko' (did you mean 'echo'?)"))
        XCTAssertEqual(try h.evalString("select('#', ui.call('echo', 1, nil, 'x'))"), "3")
    }

    func testTheScreenCallsAPluginsExposedFunctionAndSeesItsErrorNamed() throws {
        let a = "return { name = 'a', setup = function(state) state.secret = 's' ui.expose { add = function(x, y) return x + y end, fail = function() error('no') end } end }"
        let h = try host(["a": a])
        XCTAssertEqual(try h.evalString("ui.call('a.add', 2, 3)"), "5")
        let message = try h.evalString("select(2, pcall(ui.call, 'a.fail'))") ?? ""
        XCTAssertTrue(message.contains("ui.call('a.fail'): plugin 'a':"), message)
        XCTAssertTrue(message.hasSuffix("no"), message)
    }

    func testRunPassesArgumentsInCtx() throws {
        let a = plugin("state.got = ctx.args[1].x .. #ctx.args ui.expose { got = function() return state.got end }")
        let h = try host(["a": a])
        XCTAssertEqual(try h.evalString("ui.run('a.go', { x = 'v' }, 2)"), "true")
        XCTAssertEqual(try h.evalString("ui.call('a.got')"), "v2")
    }
}
