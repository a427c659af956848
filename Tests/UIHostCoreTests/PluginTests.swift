import LuaBridge
import XCTest
@testable import UIHostCore

private typealias Host = UIHostCore.Host

/// Plugins: loading, manifest problems, version gating, grants, isolation of
/// globals and libraries, `require` confinement, failures that name the plugin.
final class PluginTests: XCTestCase {
    private var scratch: ScratchDirectory!

    override func setUp() { scratch = ScratchDirectory(prefix: "uihplugins") }
    override func tearDown() { scratch.remove() }

    private let screen = """
    return ui.screen { title = "S", ui.text { text = "screen" }, ui.menu("launcher") }
    """

    /// A host of `screen` with the plugins written as `name → plugin.lua source`.
    private func host(_ plugins: [String: String], files: [String: String] = [:], grants: PluginGrants = [:],
                      limits: ScriptLimits? = nil, screen: String? = nil) throws -> Host {
        for (name, source) in plugins { try scratch.write("plugins/\(name)/plugin.lua", source) }
        for (name, source) in files { try scratch.write(name, source) }
        let path = try scratch.write("s.lua", screen ?? self.screen)
        var options = HostOptions(size: Size(cols: 60, rows: 10))
        if !plugins.isEmpty || !files.isEmpty || FileSystem.exists(FileSystem.join(scratch.path, "plugins")) {
            options.pluginDirectories = [FileSystem.join(scratch.path, "plugins")]
        }
        options.grants = grants
        options.pluginLimits = limits
        return try Host(script: path, options: options)
    }

    private func eval(_ host: Host, _ code: String) throws -> String? {
        let s = host.lua.stack
        let top = s.top
        defer { s.top = top }
        try host.lua.load(code, chunkName: "=t")
        try host.lua.call(nargs: 0, nresults: 1)
        return s.string(at: -1)
    }

    // MARK: - Loading

    func testPluginContributesCommandsAndMenuItems() throws {
        let h = try host(["a": """
        return { name = "a", version = "1.0", commands = { { id = "a.go", title = "Go", run = function(state) state.n = 1 end } },
                 menus = { launcher = { { title = "Go there", command = "a.go" } } } }
        """])
        XCTAssertEqual(h.errors, [])
        XCTAssertEqual(h.commandIDs, ["a.go"])
        XCTAssertEqual(h.pluginReports.map(\.version), ["1.0"])
        XCTAssertNotNil(h.render().find("Go there"))
    }

    func testUnknownManifestFieldIsNamedWithANearMiss() throws {
        let h = try host(["a": "return { comands = {} }", "b": "return { name = 'b' }"])
        XCTAssertEqual(h.pluginReports.map(\.loaded), [false, true])
        XCTAssertEqual(h.errors.count, 1)
        XCTAssertTrue(h.errors[0].contains("plugin 'a' was not loaded"), h.errors[0])
        XCTAssertTrue(h.errors[0].contains("unknown field 'comands' in the manifest (did you mean 'commands'?)"), h.errors[0])
    }

    func testManifestThatIsNotATableIsSkipped() throws {
        let h = try host(["a": "local x = 1", "b": "return {}"])
        XCTAssertTrue(h.errors[0].contains("must return a table, the manifest (got nil); did you forget `return`?"), h.errors[0])
        XCTAssertEqual(h.pluginReports.map(\.loaded), [false, true])
    }

    func testFolderWithoutPluginLuaIsReported() throws {
        try scratch.write("plugins/empty/readme.txt", "")
        let h = try host([:])
        XCTAssertTrue(h.errors[0].contains("no plugin.lua in"), h.errors[0])
    }

    func testRequiresNamesBothVersions() throws {
        let h = try host(["a": "return { requires = '>= 9.1' }", "b": "return { requires = '>= 0.1' }"])
        XCTAssertTrue(h.errors[0].contains("requires uihost API >= 9.1, but this host provides API \(PluginAPI.version)"), h.errors[0])
        XCTAssertEqual(h.pluginReports.map(\.loaded), [false, true])
    }

    func testVersionConstraints() {
        XCTAssertNil(PluginAPI.problem(requirement: ">= 0.2", version: "0.2"))
        XCTAssertNil(PluginAPI.problem(requirement: "0.1", version: "0.2"))
        XCTAssertNil(PluginAPI.problem(requirement: ">= 0.1, < 1.0", version: "0.2"))
        XCTAssertNotNil(PluginAPI.problem(requirement: "< 0.2", version: "0.2"))
        XCTAssertNotNil(PluginAPI.problem(requirement: "> 0.2", version: "0.2.0"))
        XCTAssertNotNil(PluginAPI.problem(requirement: ">= banana", version: "0.2"))
    }

    func testDuplicateCommandIDsSkipTheSecondPlugin() throws {
        let command = "commands = { { id = 'x.go', title = 'Go', run = function() end } }"
        let h = try host(["a": "return { \(command) }", "b": "return { \(command) }"])
        XCTAssertEqual(h.pluginReports.map(\.loaded), [true, false])
        XCTAssertTrue(h.errors[0].contains("the command id 'x.go' is taken by plugin 'a'"), h.errors[0])
    }

    func testSetupThatLoopsIsStoppedByThePluginsLimits() throws {
        let h = try host(["a": "return { setup = function() while true do end end }", "b": "return {}"],
                         limits: ScriptLimits(maxInstructions: 100_000, maxSeconds: 1))
        XCTAssertEqual(h.pluginReports.map(\.loaded), [false, true])
        XCTAssertTrue(h.errors[0].contains("plugin 'a' was not loaded: setup failed"), h.errors[0])
    }

    // MARK: - Isolation

    func testPluginCannotChangeStringForAnotherOrForTheScreen() throws {
        let h = try host(["a": """
        local ok, err = pcall(function() string.upper = function() return "evil" end end)
        local ok2 = pcall(function() getmetatable("").__index.upper = function() return "evil" end end)
        rawset(string, "upper", function() return "evil" end)   -- only its own view
        return { setup = function(state) state.err = err; leaked = "a" end,
                 commands = { { id = "a.err", title = "E", run = function(state) ui.log(state.err) end } } }
        """, "b": """
        return { setup = function(state)
          if string.upper("x") ~= "X" then error("string changed for b") end
          if leaked ~= nil then error("a's global reached b") end
        end }
        """])
        XCTAssertEqual(h.errors, [])
        XCTAssertEqual(try eval(h, "return string.upper('x')"), "X")
        XCTAssertEqual(try eval(h, "return tostring(leaked)"), "nil")
    }

    func testWritingALibraryIsAnErrorNamingThePlugin() throws {
        let h = try host(["a": "string.upper = nil\nreturn {}"])
        XCTAssertTrue(h.errors[0].contains("plugin 'a': string is read-only (cannot set string.upper)"), h.errors[0])
    }

    func testScreenChangesDoNotReachPlugins() throws {
        let h = try host(["a": """
        return { commands = { { id = "a.check", title = "C", run = function()
          if string.rep ~= nil and string.rep("a", 2) ~= "aa" then error("screen's string reached a") end
          if secret ~= nil then error("screen's global reached a") end
        end } } }
        """], screen: """
        string.rep = function() return "evil" end
        secret = 42
        return ui.screen { ui.text { text = "s" } }
        """)
        h.runCommand("a.check")
        XCTAssertEqual(h.errors, [])
    }

    // MARK: - Grants

    func testUngrantedPermissionSkipsThePluginNamingIt() throws {
        let h = try host(["a": "return { permissions = { 'os' } }"])
        XCTAssertTrue(h.errors[0].contains("plugin 'a' was not loaded: it asks for the 'os' permission, which was not granted (--grant a=os"),
                      h.errors[0])
    }

    func testGrantedPermissionIsGivenAndOnlyThatOne() throws {
        let h = try host(["a": """
        return { permissions = { "os" }, commands = {
          { id = "a.env", title = "E", run = function() assert(type(os.getenv) == "function") end },
          { id = "a.io", title = "I", run = function() return io.open end } } }
        """, "b": """
        return { commands = { { id = "b.env", title = "E", run = function() return os.getenv("HOME") end } } }
        """], grants: ["a": [.os], "b": [.os]])
        XCTAssertEqual(h.errors, [])
        h.runCommand("a.env")
        XCTAssertEqual(h.errors, [])
        h.runCommand("a.io")
        XCTAssertTrue(h.errors.last?.contains("plugin 'a': io needs the 'io' permission") ?? false, "\(h.errors)")
        // b was granted os but did not ask for it: it does not get it.
        h.runCommand("b.env")
        XCTAssertTrue(h.errors.last?.contains("plugin 'b': os.getenv needs the 'os' permission") ?? false, "\(h.errors)")
    }

    // MARK: - require

    func testRequireResolvesInsideThePluginsFolder() throws {
        try scratch.write("helper.lua", "return 'screen helper'")
        let h = try host(["a": """
        local m = require("util")
        local ok, err = pcall(require, "helper")
        local ok2, err2 = pcall(require, "..util")
        return { setup = function() assert(m.value == 7); assert(not ok, "found the screen's helper"); assert(not ok2) end }
        """], files: ["plugins/a/util.lua": "return { value = 7 }"])
        XCTAssertEqual(h.errors, [])
    }

    // MARK: - Failures at run time

    func testCommandErrorNamesThePluginAndOthersKeepRunning() throws {
        let h = try host(["a": """
        return { commands = { { id = "a.fail", title = "F", run = function() error("boom") end } } }
        """, "b": """
        return { commands = { { id = "b.ok", title = "O", run = function(state) state.n = (state.n or 0) + 1 end } } }
        """])
        h.runCommand("a.fail")
        XCTAssertEqual(h.errors.count, 1)
        XCTAssertTrue(h.errors[0].hasPrefix("plugin 'a': "), h.errors[0])
        XCTAssertTrue(h.errors[0].contains("boom"), h.errors[0])
        XCTAssertNotNil(h.render().find("plugin 'a'"))
        h.runCommand("b.ok")
        XCTAssertEqual(h.errors.count, 1)
    }

    func testCommandKeysRunTheCommand() throws {
        let h = try host(["a": """
        return { commands = { { id = "a.go", title = "Go", keys = "ctrl-g", run = function() ui.push("sc") end } },
                 screens = { sc = "sc.lua" } }
        """], files: ["plugins/a/sc.lua": "return ui.screen { title = 'Plugin screen', ui.text { text = tostring(string ~= nil) } }"])
        h.send(.key(.ctrl("g")))
        XCTAssertEqual(h.errors, [])
        XCTAssertNotNil(h.render().find("Plugin screen"))
        XCTAssertEqual(h.navigationDepth, 2)
    }

    // MARK: - The palette

    func testPaletteFiltersFuzzilyAndEnterRuns() throws {
        let h = try host([:], screen: """
        ran = nil
        ui.command { id = "open.file", title = "Open file", run = function() ran = "open" end }
        ui.command { id = "save.all", title = "Save all", run = function() ran = "save" end }
        return ui.screen { ui.text { text = "s" } }
        """)
        h.send(.key(.ctrl("p")))
        XCTAssertTrue(h.paletteIsOpen)
        XCTAssertNotNil(h.render().find("Open file"))
        for c in "sva" { h.send(.key(.character(c))) }
        XCTAssertNil(h.render().find("Open file"))
        XCTAssertNotNil(h.render().find("Save all"))
        h.send(.key(.enter))
        XCTAssertFalse(h.paletteIsOpen)
        XCTAssertEqual(try eval(h, "return ran"), "save")
        h.send(.key(.ctrl("p")))
        XCTAssertTrue(h.paletteIsOpen)
        h.send(.key(.esc))
        XCTAssertFalse(h.paletteIsOpen, "\(h.errors) \(h.render().text)")
    }

    func testFuzzyMatchPrefersWordStarts() {
        let a = CommandPalette.match(Array("sc"), CommandRegistry.fold("Show the clock"), command: 0)
        XCTAssertEqual(a?.positions, [0, 9])
        XCTAssertNil(CommandPalette.match(Array("zz"), CommandRegistry.fold("Show the clock"), command: 0))
    }

    func testPaletteDrawsInTinyFrames() throws {
        let h = try host([:], screen: "ui.command { id = 'x', title = 'X', run = function() end }\nreturn ui.screen { }")
        h.send(.key(.ctrl("p")))
        for size in [Size(cols: 0, rows: 0), Size(cols: 1, rows: 1), Size(cols: 5, rows: 3)] {
            h.resize(size)
            _ = h.render()
        }
    }

    func testScreenWithoutCommandsLeavesCtrlPToTheScreen() throws {
        let h = try host([:], screen: "return ui.screen { ui.text { text = 's' } }")
        h.send(.key(.ctrl("p")))
        XCTAssertFalse(h.paletteIsOpen)
    }
}
