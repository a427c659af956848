import LuaBridge

/// Reads a plugin's manifest without running its code with any capability:
/// what `uihost plugins` and `uihost check` see (they never run
/// `setup` or commands and never grant anything).
///
/// `plugin.lua` runs in a Lua state of its own, made for it and closed after,
/// so nothing it does reaches the host's state or another plugin. Its
/// globals are a frozen minimal set: read-only views of `string` (without
/// `dump`), `table`, `math` and `utf8`, and the pure base functions
/// (`setmetatable` without `__gc`, whose finalizer would run outside every
/// limit when the state closes). Every other global, `require`'s result
/// among them, is one inert value: indexing, calling or setting a field of
/// it does nothing. So a top-level `local fmt = require "format"` or
/// `local log = ui.log` reads as it would, and no file, clock, `ui` function
/// or module is reached. A tight instruction budget, a CPU-time backstop and
/// a small memory limit bound it.
enum ManifestReader {
    static let instructionBudget: Int64 = 1_000_000
    static let memoryLimit = 32 << 20
    static let seconds = 2.0

    /// The manifest of `file`, checked like a constructor's table, with
    /// `folder` as the plugin's name; or every problem found.
    static func read(_ file: String, folder: String) -> Result<PluginManifest, PluginManifest.Problems> {
        let lua = LuaState(memoryLimit: memoryLimit, instructionBudget: instructionBudget)
        lua.timeLimit = seconds
        lua.openLibraries()
        lua.chargeLibraryWork()
        let s = lua.stack
        do throws(LuaError) {
            try lua.load(environment, chunkName: "=manifest")
            try lua.call(nargs: 0, nresults: 1)
            try lua.loadFile(file)
            s.pushCopy(of: -2)
            s.setEnvironment(ofChunkAt: -2)
            try lua.call(nargs: 0, nresults: 1)
        } catch {
            return .failure(.init(list: [error.located(in: file).message]))
        }
        guard s.type(at: -1) == .table else {
            let got = s.typeName(at: -1)
            return .failure(.init(list: ["\(file) must return a table, the manifest (got \(got))"
                                         + (got == "nil" ? "; did you forget `return`?" : "")]))
        }
        return PluginManifest.read(s, folder: folder).mapError { .init(list: $0.list.map { "\(file): " + $0 }) }
    }

    /// Makes the globals of the manifest's chunk. It runs first in the fresh
    /// state, so the libraries it copies are as Lua made them.
    private static let environment = """
    local next, type, error, tostring, rawget = next, type, error, tostring, rawget
    local setmeta, getmeta = setmetatable, getmetatable
    local G = _G
    -- What the chunk could never reach anyway goes too: nothing here does I/O or loads code.
    string.dump = nil
    G.io, G.os, G.debug, G.package, G.require, G.dofile, G.loadfile, G.load, G.collectgarbage = nil

    -- Fields by name only: `inert[1]` is nil, so `ipairs(require "x")` ends at once.
    local inert = {}
    setmeta(inert, {
      __index = function(_, k) if type(k) == "string" then return inert end end,
      __call = function() return inert end,
      __newindex = function() end,
      __metatable = false,
    })

    local function frozen(name, lib)
      local copy = {}
      for k, v in next, lib do copy[k] = v end
      return setmeta({}, {
        __index = copy,
        __newindex = function(_, k) error(name .. " is read-only (cannot set " .. name .. "." .. tostring(k) .. ")", 2) end,
        __pairs = function() return next, copy, nil end,
        __metatable = false,
      })
    end

    local env = {}
    for _, name in next, { "assert", "error", "ipairs", "next", "pairs", "pcall", "rawequal", "rawget", "rawlen",
                           "rawset", "select", "tonumber", "tostring", "type", "xpcall", "_VERSION" } do
      env[name] = G[name]
    end
    for _, name in next, { "string", "table", "math", "utf8" } do env[name] = frozen(name, G[name]) end
    env.setmetatable = function(t, mt)
      if type(mt) == "table" and rawget(mt, "__gc") ~= nil then
        error("setmetatable: __gc metamethods are not available to plugins", 2)
      end
      return setmeta(t, mt)
    end
    env.getmetatable = function(v)
      if type(v) == "table" then return getmeta(v) end
    end
    env._G = env
    return setmeta(env, { __index = function() return inert end, __metatable = false })
    """
}

extension Host {
    /// The plugins of `set`, each manifest read by `ManifestReader` and
    /// checked as loading would (API version, name, taken names and command
    /// ids, screen files), without running them: no `setup`, no grant.
    func inspectPlugins(_ set: PluginSet) {
        var names: [String: String] = [:]
        var commandOwners: [String: String] = [:]
        var screenOwners: [String: String] = [:]
        for directory in set.directories {
            guard FileSystem.isDirectory(directory) else {
                dispatcher.report("plugins: \(directory) is not a folder")
                continue
            }
            for folder in FileSystem.list(directory) where !folder.hasPrefix(".") {
                let path = FileSystem.join(directory, folder)
                guard FileSystem.isDirectory(path) else { continue }
                var report = PluginReport(name: folder, directory: path)
                let file = FileSystem.join(path, "plugin.lua")
                if !FileSystem.exists(file) || FileSystem.isDirectory(file) {
                    report.problems = ["no plugin.lua in \(path)"]
                } else if let other = names[folder] {
                    report.problems = ["a plugin named '\(folder)' is loaded already (from \(other))"]
                } else {
                    switch ManifestReader.read(file, folder: folder) {
                    case .failure(let problems):
                        report.problems = problems.list
                    case .success(let manifest):
                        report.version = manifest.version
                        report.permissions = manifest.permissions.map(\.rawValue)
                        let granted = set.grants[folder] ?? []
                        report.granted = manifest.permissions.filter { granted.contains($0) }.map(\.rawValue)
                        if let requires = manifest.requires, let problem = PluginAPI.problem(requirement: requires) {
                            report.problems.append(problem)
                        }
                        for command in manifest.commands {
                            if let owner = commandOwners[command.id] {
                                report.problems.append("the command id '\(command.id)' is taken by plugin '\(owner)'")
                            }
                        }
                        for screen in manifest.screens {
                            if let owner = screenOwners[screen.name] {
                                report.problems.append("the screen name '\(screen.name)' is taken by plugin '\(owner)'")
                            }
                            let screenPath = FileSystem.join(path, screen.file)
                            if !FileSystem.exists(screenPath) { report.problems.append("screens.\(screen.name): no file \(screenPath)") }
                        }
                        // What a plugin that would load takes, later ones cannot have.
                        if report.problems.isEmpty {
                            names[folder] = path
                            for command in manifest.commands { commandOwners[command.id] = folder }
                            for screen in manifest.screens { screenOwners[screen.name] = folder }
                        }
                    }
                }
                set.reports.append(report)
                if !report.problems.isEmpty {
                    dispatcher.report("plugin '\(folder)' was not loaded: " + report.problems.joined(separator: "; "))
                }
            }
        }
    }
}
