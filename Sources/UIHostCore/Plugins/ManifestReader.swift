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
            try lua.load(PackageResources.manifest_env_lua, chunkName: "=manifest_env.lua")
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

}

extension Host {
    /// The plugins of `set`, each manifest read by `ManifestReader` and
    /// checked as loading would (API version, name, taken names and command
    /// ids, screen files), without running them: no `setup`, no grant.
    func inspectPlugins(_ set: PluginSet) {
        var names: [String: String] = [:]
        var commandOwners: [String: String] = [:]
        var screenOwners: [String: String] = [:]
        for (folder, path) in pluginFolders(of: set) {
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
                dispatcher.report("plugin '\(Host.oneLine(folder))' was not loaded: " + report.problems.joined(separator: "; "))
            }
        }
    }
}
