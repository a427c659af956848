import LuaBridge

/// The globals a plugin's code runs with (docs/API.md, "Plugins"): its own
/// table as `_ENV` and `_G`, the base functions, frozen copies of the
/// libraries, and — once its manifest is checked — its own `ui` and what it
/// was granted. The Lua side is `Lua/plugin_env.lua`; the libraries it copies
/// are those of before any script ran (kept by `Lua/sandbox.lua`).
enum PluginEnvironment {
    /// The registry table where the sandbox keeps the libraries as they were.
    static let pristineKey = "uihost.pristine"
    /// The registry field holding the function that makes one environment.
    static let makerKey = "uihost.pluginenv"

    /// Replaces the function on top (the plugin's `require`) with a new
    /// environment for plugin `name` and, above it, the function that
    /// completes it once the manifest is checked: `grant(ui, io, os)`.
    static func push(_ host: Host, name: String) throws(LuaError) {
        let s = host.lua.stack
        let require = s.top
        if s.getField(makerKey, at: LuaStack.registryIndex) != .function {
            s.pop()
            try host.lua.load(PackageResources.plugin_env_lua, chunkName: "=plugin_env.lua")
            s.getField(pristineKey, at: LuaStack.registryIndex)
            try host.lua.call(nargs: 1, nresults: 1)
            s.pushCopy(of: -1)
            s.setField(makerKey, at: LuaStack.registryIndex)
        }
        s.push(name)
        s.pushCopy(of: require)
        try host.lua.call(nargs: 2, nresults: 2)
        s.remove(at: require)
    }
}
