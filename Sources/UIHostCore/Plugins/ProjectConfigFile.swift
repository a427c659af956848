import LuaBridge

/// A project's `uihost.lua` (docs/API.md, "Plugins"): which folders of plugins
/// it loads, what it grants them and the options their `setup` gets.
extension Host {
    /// The name of a project's configuration file, beside its first screen.
    public static let configName = "uihost.lua"

    // MARK: - The project's configuration

    /// Reads `uihost.lua` beside the screen, if there is one: `plugins = { "DIR" }`,
    /// `grant = { NAME = { "io" } }`, `options = { NAME = { … } }`. It runs
    /// before the sandbox, in an empty environment: data only.
    func readProjectConfig(beside screen: String?) throws(LuaError) {
        var directories = options.pluginDirectories
        var grants = options.grants
        var setupOptions: LuaRef?
        let config = FileSystem.join(scriptDirectory, Host.configName)
        if options.readsProjectConfig, let screen, !screen.hasSuffix("/" + Host.configName), screen != Host.configName,
           FileSystem.exists(config), !FileSystem.isDirectory(config) {
            let s = lua.stack
            let top = s.top
            defer { s.top = top }
            do throws(LuaError) {
                try lua.loadFile(config)
                s.pushNewTable()
                s.pushCopy(of: -1)
                s.setEnvironment(ofChunkAt: -3)
                s.pushCopy(of: -2)
                try lua.call(nargs: 0, nresults: 1)
            } catch {
                throw error.located(in: config)
            }
            let table: Int32 = s.type(at: -1) == .table ? -1 : -2
            let read = s.withTable(at: table) { t in Host.readConfig(t, folder: FileSystem.directory(of: config)) }
            switch read {
            case .failure(let problem):
                throw LuaError.runtime(message: "\(config): \(problem.message)", traceback: "")
            case .success(let found):
                directories += found.directories
                for (name, caps) in found.grants { grants[name, default: []].formUnion(caps) }
                if found.hasOptions {
                    s.getField("options", at: table)
                    setupOptions = LuaRef(popping: lua)
                }
            }
        }
        if !directories.isEmpty {
            plugins = PluginSet(directories: directories, grants: grants, options: setupOptions)
        }
    }

    struct ConfigProblem: Error {
        let message: String
    }

    private static func readConfig(_ t: LuaTable, folder: String) -> Result<(directories: [String], grants: PluginGrants, hasOptions: Bool), ConfigProblem> {
        let known = ["plugins", "grant", "options"]
        var unknown: String?
        t.stack.forEachPair(in: t.index) {
            guard let key = t.stack.string(at: -2) else { return true }
            if !known.contains(key) { unknown = key }
            return unknown == nil
        }
        if let unknown {
            let guess = suggestion(for: unknown, among: known).map { " (did you mean '\($0)'?)" } ?? ""
            return .failure(ConfigProblem(message: "unknown field '\(HostLimits.shortened(unknown))'\(guess); expected plugins, grant or options"))
        }
        var directories: [String] = []
        switch t.type("plugins") {
        case .nil: break
        case .string: directories.append(FileSystem.join(folder, t.string("plugins")!))
        case .table:
            let problem = t.withTable("plugins") { list -> String? in
                for i in stride(from: 1, through: min(list.count, 100), by: 1) {
                    guard let dir = list.string(i) else { return "plugins[\(i)] must be a string (a folder of plugins)" }
                    directories.append(FileSystem.join(folder, dir))
                }
                return nil
            } ?? nil
            if let problem { return .failure(ConfigProblem(message: problem)) }
        default:
            return .failure(ConfigProblem(message: "plugins must be a list of folders (got \(t.type("plugins").name))"))
        }
        var grants: PluginGrants = [:]
        switch t.type("grant") {
        case .nil: break
        case .table:
            var problem: String?
            t.withTable("grant") { table in
                let s = table.stack
                s.forEachPair(in: table.index) {
                    guard let name = s.string(at: -2) else {
                        problem = "grant: each entry is NAME = { \"io\", \"os\" }"
                        return false
                    }
                    var names: [String] = []
                    if let text = s.string(at: -1) {
                        names = text.split(separator: ",").map { String($0).trimmingSpaces }
                    } else if s.type(at: -1) == .table {
                        s.withTable(at: -1) { list in
                            for i in stride(from: 1, through: min(list.count, 16), by: 1) { names.append(list.string(i) ?? "?") }
                        }
                    }
                    for n in names {
                        guard let cap = Capability(rawValue: n), PluginManifest.permissionNames.contains(n) else {
                            problem = "grant.\(name): unknown permission '\(HostLimits.shortened(n))' (expected io or os)"
                            return false
                        }
                        grants[name, default: []].insert(cap)
                    }
                    return true
                }
            }
            if let problem { return .failure(ConfigProblem(message: problem)) }
        default:
            return .failure(ConfigProblem(message: "grant must be a table such as { clock = { \"os\" } } (got \(t.type("grant").name))"))
        }
        let options = t.type("options")
        if options != .nil && options != .table {
            return .failure(ConfigProblem(message: "options must be a table of plugin name → options (got \(options.name))"))
        }
        return .success((directories, grants, options == .table))
    }
}
