import LuaBridge
import XCTest
@testable import UIHostCore

/// The plugin suites' base: a scratch project with plugins
/// (`plugins/NAME/plugin.lua` from sources, other files) and a host of a screen
/// over them. It declares no tests of its own.
class PluginTestCase: XCTestCase {
    var scratch: ScratchDirectory!

    override func setUp() { scratch = ScratchDirectory(prefix: "uihplugin") }
    override func tearDown() { scratch.remove() }

    let screen = """
    return ui.screen { title = "S", ui.text { text = "screen" }, ui.menu("launcher") }
    """

    /// A host of `screen` with the plugins written as `name → plugin.lua source`.
    func host(_ plugins: [String: String], files: [String: String] = [:], grants: PluginGrants = [:],
              limits: ScriptLimits? = nil, maxMemory: Int? = nil, screen: String? = nil,
              allow: Set<Capability> = []) throws -> UIHostCore.Host {
        for (name, source) in plugins { try scratch.write("plugins/\(name)/plugin.lua", source) }
        for (name, source) in files { try scratch.write(name, source) }
        let path = try scratch.write("s.lua", screen ?? self.screen)
        var options = HostOptions(size: Size(cols: 60, rows: 10))
        let folder = FileSystem.join(scratch.path, "plugins")
        if FileSystem.isDirectory(folder) { options.pluginDirectories = [folder] }
        options.grants = grants
        options.pluginLimits = limits
        options.allow = allow
        if let maxMemory { options.maxMemory = maxMemory }
        return try UIHostCore.Host(script: path, options: options)
    }

    /// Where a probe that escaped would leave its mark.
    var pwned: String { FileSystem.join(scratch.path, "PWNED") }

    /// Plugin `name` with one command `NAME.go` whose `run(state, ctx)` body is `body`.
    func plugin(_ body: String, name: String = "a", permissions: String = "", setup: String = "") -> String {
        """
        return { name = "\(name)", permissions = { \(permissions) },
          setup = function(state) \(setup) end,
          commands = { { id = "\(name).go", title = "Go", run = function(state, ctx) \(body) end } } }
        """
    }
}
