import LuaBridge

/// What `--grant NAME=io,os` and a project's `uihost.lua` give: plugin name → capabilities.
public typealias PluginGrants = [String: Set<Capability>]

/// One plugin folder as loading found it: what `uihost plugins` lists and
/// what `Host.pluginReports` gives tests.
public struct PluginReport: Sendable, Equatable {
    public let name: String
    public let directory: String
    public var version: String?
    public var permissions: [String] = []
    /// Those of `permissions` the user granted.
    public var granted: [String] = []
    /// Why it did not load; empty when it did.
    public var problems: [String] = []
    public var loaded: Bool { problems.isEmpty }
}

/// A plugin folder being loaded or loaded: its environment, its private
/// state and what its `require` has loaded.
final class Plugin {
    let name: String
    let directory: String
    var environment: LuaRef?
    var state: LuaRef?
    /// `require`'s cache, like package.loaded, one per plugin.
    var loaded: LuaRef?
    var manifest: PluginManifest?
    var active = false

    init(name: String, directory: String) {
        self.name = name
        self.directory = directory
    }
}

/// The plugins of one host, and what they contribute besides commands
/// (which join the host's `CommandRegistry`): menu items and screens.
final class PluginSet {
    struct MenuItem {
        let title: String
        let command: String
        let plugin: String
    }

    /// Folders holding plugins, as given (`--plugins`, then the project's config).
    let directories: [String]
    let grants: PluginGrants
    /// What each plugin's `setup` gets as `options` (the config's `options.NAME`); a ref to a table or nil.
    let options: LuaRef?
    /// Every plugin folder tried, loaded or not; `Plugin` indexes stay valid.
    var plugins: [Plugin] = []
    var reports: [PluginReport] = []
    var menus: [String: [MenuItem]] = [:]
    /// Screen name → the plugin that ships it and the file.
    var screens: [String: (plugin: Plugin, file: String)] = [:]

    init(directories: [String], grants: PluginGrants, options: LuaRef?) {
        self.directories = directories
        self.grants = grants
        self.options = options
    }

    /// The loaded plugin whose folder holds `path`, if any.
    func owner(ofFile path: String) -> Plugin? {
        plugins.first { $0.active && FileSystem.isInside(path, root: $0.directory) }
    }

    /// The plugin an error message comes from, read from its `file:line:`.
    func owner(ofMessage message: String) -> Plugin? {
        PluginSet.owner(ofMessage: message, among: plugins.map { ($0.directory, $0) }) { $0.name }
    }

    /// Which of `plugins` (each with its folder) an error message comes from,
    /// read from its `file:line:`; `name` names one.
    static func owner<P>(ofMessage message: String, among plugins: [(directory: String, plugin: P)],
                         name: (P) -> String) -> P? {
        for p in plugins where message.hasPrefix(p.directory + "/") { return p.plugin }
        // Lua shortens a long chunk name from the left: `...ins/clock/clock.lua:3:`.
        guard message.hasPrefix("...") else { return nil }
        let head = message.prefix { $0 != ":" }
        return plugins.first { head.contains("/" + name($0.plugin) + "/") }?.plugin
    }
}
