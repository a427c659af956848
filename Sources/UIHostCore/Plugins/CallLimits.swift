import LuaBridge

/// The limits a call into Lua runs under: a plugin's own (`pluginLimits`)
/// for its code, the app's otherwise. Every call into a plugin asks here:
/// `setup`, commands, timers, `ui.spawn` coroutines, handlers of the screens
/// it ships, its exposed functions.
final class CallLimits {
    private let lua: LuaState
    /// Nil: plugins run under the app's limits.
    let pluginLimits: ScriptLimits?
    /// `dir/` of each loaded plugin and `=[plugin NAME]`, the prefix of the
    /// chunks its `load` makes, with its origin.
    private var prefixes: [(folder: String, chunk: String, origin: Origin, name: String)] = []

    init(lua: LuaState, pluginLimits: ScriptLimits?) {
        self.lua = lua
        self.pluginLimits = pluginLimits
    }

    /// Each loaded plugin's folder and name, for `attributed`.
    private var plugins: [(directory: String, plugin: String)] = []

    func add(_ plugin: Plugin, as origin: Origin) {
        prefixes.append(("@" + plugin.directory + "/", "=[plugin \(plugin.name)]", origin, plugin.name))
        plugins.append((plugin.directory, plugin.name))
    }

    /// The name of the plugin of `origin`; nil for the app.
    func name(of origin: Origin) -> String? {
        prefixes.first { $0.origin == origin }?.name
    }

    /// `message` named by the plugin it comes from, read from its `file:line:`
    /// (a file in the plugin's folder), unless it names a plugin already.
    func attributed(_ message: String) -> String {
        guard !prefixes.isEmpty, !message.hasPrefix("plugin '"),
              let name = PluginSet.owner(ofMessage: message, among: plugins, name: { $0 }) else { return message }
        return "plugin '\(name)': " + message
    }


    /// Whose code the Lua function at `index` is, by where it came from: a
    /// file in a plugin's folder (a plugin loads files from nowhere else) or
    /// a chunk of a plugin's `load`. A screen that names a chunk like a
    /// plugin's only gets that plugin's limits.
    func origin(ofFunctionAt index: Int32, on thread: OpaquePointer) -> Origin {
        guard !prefixes.isEmpty, let source = LuaStack(thread).chunkSource(ofFunctionAt: index) else { return .app }
        for p in prefixes where source.hasPrefix(p.folder) || source.hasPrefix(p.chunk) { return p.origin }
        return .app
    }

    // MARK: - Components a plugin built

    /// The registry field of the weak table: component → its plugin's origin code.
    private static let ownersKey = LuaStack.componentOwnersKey

    /// Notes that a plugin's `ui` built the component at `index`: its
    /// handlers run under the plugin's limits whatever they are (a
    /// `coroutine.wrap`ped function or a callable table has no file to tell).
    func mark(componentAt index: Int32, on L: OpaquePointer, as origin: Origin) {
        guard case .plugin = origin else { return }
        let s = LuaStack(L)
        let component = s.absolute(index)
        s.withRegistryTable(CallLimits.ownersKey, weakKeys: true) { $0.set(keyAt: component, origin.code) }
    }

    /// The plugin whose `ui` built the component at `index`; nil for the app's.
    func origin(ofComponentAt index: Int32, on L: OpaquePointer) -> Origin? {
        guard !prefixes.isEmpty else { return nil }
        let s = LuaStack(L)
        guard s.type(at: index) == .table, s.reserve(4) else { return nil }
        return s.restoringTop {
            // Marked by its storage (the table the host reads handlers from).
            let component = s.fieldsIndex(of: index)
            return s.withExistingRegistryTable(CallLimits.ownersKey, { $0.int(keyAt: component) }).map { Origin(code: $0) }
        }
    }

    /// Runs `body` (a call into Lua) under the limits of `origin`.
    func run<T, E: Error>(as origin: Origin, _ body: () throws(E) -> T) throws(E) -> T {
        guard case .plugin = origin, let limits = pluginLimits else { return try body() }
        return try lua.withLimits(instructions: limits.maxInstructions, seconds: limits.maxSeconds, body)
    }

    /// Runs `body`, a call of the function at `index`, under the limits of whose code it is.
    func run<T, E: Error>(functionAt index: Int32, on thread: OpaquePointer, _ body: () throws(E) -> T) throws(E) -> T {
        guard pluginLimits != nil, !prefixes.isEmpty else { return try body() }
        return try run(as: origin(ofFunctionAt: index, on: thread), body)
    }
}
