import LuaBridge

/// A project's `uihost.lua` (docs/API.md, "Plugins"): the folders of plugins
/// it loads, what it grants them and the options their `setup` gets. It is
/// data: it runs in an empty environment, under a tight instruction budget,
/// before the sandbox. Its `grant` is given only to a project the user
/// trusts as it is now (docs/API.md, "Trusted projects"); until then the
/// project runs in restricted mode, its plugins without what it granted them.
struct ProjectConfigFile {
    /// The file's bytes: those hashed for the trust store are those run.
    let bytes: [UInt8]
    /// `plugins`, as written: relative to the project's folder.
    var directories: [String] = []
    var grant: PluginGrants = [:]
    var hasOptions = false

    /// Instructions the file may run: a data file needs few, and a loop in
    /// one must not hold up `check` or `trust`.
    static let instructionBudget: Int64 = 1_000_000

    init(bytes: [UInt8], directories: [String], grant: PluginGrants, hasOptions: Bool) {
        self.bytes = bytes
        self.directories = directories
        self.grant = grant
        self.hasOptions = hasOptions
    }

    /// Reads and runs `path` in `lua` and checks its fields; on success the
    /// table it made (returned, or else its globals) is left on top of the stack.
    static func load(_ path: String, in lua: LuaState) throws(LuaError) -> ProjectConfigFile {
        // A FIFO or a device would block the read (or never end it).
        if let reason = FileSystem.notRegularFile(path) { throw LuaError.file(path: path, reason: reason) }
        let bytes: [UInt8]
        do { bytes = try FileSystem.read(path) } catch { throw LuaError.file(path: path, reason: error.reason) }
        let s = lua.stack
        let budget = lua.instructionBudget
        lua.instructionBudget = min(budget ?? instructionBudget, instructionBudget)
        defer { lua.instructionBudget = budget }
        do throws(LuaError) {
            try lua.load(fileContents: bytes, path: path)
            s.pushNewTable()
            s.pushCopy(of: -1)
            s.setEnvironment(ofChunkAt: -3)
            s.pushCopy(of: -2)
            try lua.call(nargs: 0, nresults: 1)
        } catch {
            throw error.located(in: path)
        }
        // A returned table is the config; else the globals the file set.
        if s.type(at: -1) == .table { s.remove(at: -2) } else { s.pop() }
        switch s.withTable(at: -1, { t in read(t, bytes: bytes) }) {
        case .failure(let problem):
            s.pop()
            throw LuaError.runtime(message: "\(path): \(problem.message)", traceback: "")
        case .success(let config):
            return config
        }
    }

    struct ConfigProblem: Error {
        let message: String
    }

    /// The fields of the table the file made: every problem is a `ConfigProblem`.
    private static func read(_ t: LuaTable, bytes: [UInt8]) -> Result<ProjectConfigFile, ConfigProblem> {
        let known = Host.configFields
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
        case .string: directories.append(t.string("plugins")!)
        case .table:
            let problem = t.withTable("plugins") { list -> String? in
                for i in stride(from: 1, through: min(list.count, 100), by: 1) {
                    guard let dir = list.string(i) else { return "plugins[\(i)] must be a string (a folder of plugins)" }
                    directories.append(dir)
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
                            problem = "grant.\(name): unknown permission '\(HostLimits.shortened(n))' (expected io, os or fs)"
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
        return .success(ProjectConfigFile(bytes: bytes, directories: directories, grant: grants, hasOptions: options == .table))
    }
}

extension Host {
    /// The name of a project's configuration file, beside its first screen.
    public static let configName = "uihost.lua"
    /// The globals that file may set (the .luacheckrc `uihost stubs` writes allows them there).
    public static let configFields = ["plugins", "grant", "options"]

    /// Reads `uihost.lua` beside the screen, if there is one, and makes the
    /// plugin set: the folders of `--plugins` then those of the file, the
    /// grants of `--grant` and those of the file the user trusts (`projectGrants`).
    func readProjectConfig(beside screen: String?) throws(LuaError) {
        var directories = options.pluginDirectories
        var grants = options.grants
        var setupOptions: LuaRef?
        let path = FileSystem.join(scriptDirectory, Host.configName)
        if options.readsProjectConfig, let screen, !screen.hasSuffix("/" + Host.configName), screen != Host.configName,
           FileSystem.exists(path), !FileSystem.isDirectory(path) {
            let s = lua.stack
            try s.restoringTop { () throws(LuaError) in
                let config = try ProjectConfigFile.load(path, in: lua)
                directories += config.directories.map { FileSystem.join(scriptDirectory, $0) }
                for (name, caps) in projectGrants(config, path: path) { grants[name, default: []].formUnion(caps) }
                if config.hasOptions {
                    s.rawGet(at: -1, "options")
                    setupOptions = LuaRef(popping: lua)
                }
            }
        }
        if !directories.isEmpty {
            plugins = PluginSet(directories: directories, grants: grants, options: setupOptions)
        }
    }

    /// What of the file's `grant` is given; the rule of trusted projects, in
    /// one place. Opening a project must not give its plugins what it granted itself, so
    /// the grant counts only when the user trusted the project as it is now
    /// (`HostOptions.trustStore`); else the plugins load without it, and a
    /// notice says why and how to trust the project. Nothing is given when
    /// plugins are only inspected (`uihost check`).
    private func projectGrants(_ config: ProjectConfigFile, path: String) -> PluginGrants {
        guard options.runsPlugins, !config.grant.isEmpty else { return [:] }
        let trust = options.trustStore.map { store in
            ProjectFingerprint(project: scriptDirectory, config: config).map(store.trust) ?? .untrusted
        } ?? .untrusted
        if trust == .trusted { return config.grant }
        // What `--grant` gives anyway is no loss worth a notice.
        var withheld = config.grant
        for (name, caps) in options.grants { withheld[name]?.subtract(caps) }
        withheld = withheld.filter { !$0.value.isEmpty }
        if !withheld.isEmpty {
            let text = ProjectTrust.notice(config: path, withheld: withheld, trust: trust, project: scriptDirectory,
                                           canTrust: options.trustStore != nil)
            (options.notice ?? options.log)("uihost: " + text)
        }
        return [:]
    }
}
