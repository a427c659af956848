import LuaBridge

/// Loading plugins (docs/API.md, "Plugins"): the project's `uihost.lua`,
/// then each folder `DIR/NAME/` holding `plugin.lua`. A plugin that fails to
/// load is reported, naming it, and skipped; the others load.
extension Host {
    /// Every plugin folder tried, loaded or not, with its problems.
    public var pluginReports: [PluginReport] { plugins?.reports ?? [] }

    // MARK: - Loading

    /// Loads every plugin of every folder; reports each that fails. With
    /// `manifestsOnly` (`uihost plugins`, `uihost check`), stops after checking
    /// the manifest: nothing is granted, no `setup` runs.
    func loadPlugins(manifestsOnly: Bool = false) {
        guard let set = plugins else { return }
        // Reading manifests runs no plugin code in this host (ManifestReader.swift).
        if manifestsOnly { return inspectPlugins(set) }
        for (folder, path) in pluginFolders(of: set) {
            let report = loadPlugin(folder, at: path)
            set.reports.append(report)
            if !report.problems.isEmpty {
                dispatcher.report("plugin '\(Host.oneLine(folder))' was not loaded: " + report.problems.joined(separator: "; "))
            }
        }
    }

    /// Every plugin folder of the set's folders, in order: `(name, path)`. A
    /// folder named twice (the config and `test.open`) is one plugin, listed
    /// once; a folder given that is none is reported.
    func pluginFolders(of set: PluginSet) -> [(name: String, path: String)] {
        var seen: Set<String> = []
        var found: [(name: String, path: String)] = []
        for directory in set.directories {
            guard FileSystem.isDirectory(directory) else {
                dispatcher.report("plugins: \(directory) is not a folder")
                continue
            }
            for folder in FileSystem.list(directory) where !folder.hasPrefix(".") {
                let path = FileSystem.join(directory, folder)
                guard FileSystem.isDirectory(path), seen.insert(FileSystem.realPath(path) ?? path).inserted else { continue }
                found.append((folder, path))
            }
        }
        return found
    }

    /// A name as one line of a message: a folder name may hold line breaks.
    static func oneLine(_ name: String) -> String {
        String(name.unicodeScalars.map { $0.properties.generalCategory == .control ? "?" : Character($0) })
    }

    /// Loads one plugin, all or nothing. Its `plugin.lua` runs first without
    /// `ui` and without any capability: it can only return the manifest.
    /// The manifest and grants are checked before the plugin gets either;
    /// if `setup` then fails, everything it registered is rolled back.
    private func loadPlugin(_ name: String, at directory: String) -> PluginReport {
        lua.stack.restoringTop { readPlugin(name, at: directory) }
    }

    /// `loadPlugin`'s work; what it leaves on the stack, `loadPlugin` pops.
    private func readPlugin(_ name: String, at directory: String) -> PluginReport {
        var report = PluginReport(name: name, directory: directory)
        let file = FileSystem.join(directory, "plugin.lua")
        guard let set = plugins else { return report }
        guard FileSystem.exists(file), !FileSystem.isDirectory(file) else {
            report.problems = ["no plugin.lua in \(directory)"]
            return report
        }
        if let other = set.plugins.first(where: { $0.name == name && $0.active }) {
            report.problems = ["a plugin named '\(Host.oneLine(name))' is loaded already (from \(other.directory))"]
            return report
        }
        let plugin = Plugin(name: name, directory: directory)
        let index = set.plugins.count
        let origin = Origin.plugin(index)
        set.plugins.append(plugin)
        let s = lua.stack
        do throws(LuaError) {
            s.pushNewTable()
            plugin.loaded = LuaRef(popping: lua)
            s.push(index)
            s.push(Host.pluginRequire, upvalues: 1)
            try PluginEnvironment.push(self, name: name)           // env grant
            let env = s.top - 1, grant = s.top
            s.pushCopy(of: env)
            plugin.environment = LuaRef(popping: lua)
            try lua.loadFile(file)
            s.pushCopy(of: env)
            s.setEnvironment(ofChunkAt: -2)
            try limits.run(as: origin) { () throws(LuaError) in try lua.call(nargs: 0, nresults: 1) }
            let manifestIndex = s.top
            guard s.type(at: manifestIndex) == .table else {
                let got = kinds.typeName(L, manifestIndex)
                report.problems = ["\(file) must return a table, the manifest (got \(got))"
                                   + (got == "nil" ? "; did you forget `return`?" : "")]
                return report
            }
            let manifest: PluginManifest
            switch PluginManifest.read(s, folder: name) {
            case .failure(let problems):
                report.problems = problems.list.map { "\(file): " + $0 }
                return report
            case .success(let m):
                manifest = m
            }
            report.version = manifest.version
            report.permissions = manifest.permissions.map(\.rawValue)
            let granted = set.grants[name] ?? []
            report.granted = manifest.permissions.filter { granted.contains($0) }.map(\.rawValue)
            report.problems = problems(of: manifest, in: set, granted: granted)
            plugin.manifest = manifest
            if !report.problems.isEmpty { return report }

            s.pushCopy(of: grant)
            UIModule.pushTable(self, origin: origin)
            s.push(granted.contains(.io) && manifest.permissions.contains(.io))
            s.push(granted.contains(.os) && manifest.permissions.contains(.os))
            // `fs` reaches the plugin's own folder (and --allow-path folders), never the project's files.
            if granted.contains(.fs) && manifest.permissions.contains(.fs) {
                FSModule.pushTable(self, origin: origin)
            } else {
                s.pushNil()
            }
            try lua.call(nargs: 4, nresults: 0)
            s.pushNewTable()
            plugin.state = LuaRef(popping: lua)
            plugin.active = true
            limits.add(plugin, as: origin)
            let requested = navigator.requests.count
            navigator.holding = true
            defer { navigator.holding = false }
            do throws(LuaError) {
                try runSetup(plugin, as: origin, manifest: manifestIndex)
            } catch {
                navigator.dropRequests(from: requested)
                rollBack(plugin, origin)
                throw error
            }
            register(plugin, manifest, at: manifestIndex)
        } catch {
            report.problems.append(error.message)
        }
        return report
    }

    /// What keeps a manifest from loading: an API version the host does not
    /// meet, a permission not granted, a command id or screen name another
    /// plugin (or the screen) took.
    private func problems(of manifest: PluginManifest, in set: PluginSet, granted: Set<Capability>) -> [String] {
        var problems: [String] = []
        let name = manifest.name
        if let requires = manifest.requires, let problem = PluginAPI.problem(requirement: requires) {
            problems.append(problem)
        }
        for permission in manifest.permissions where !granted.contains(permission) {
            problems.append("it asks for the '\(permission.rawValue)' permission, which was not granted "
                            + "(--grant \(name)=\(permission.rawValue), or grant = { \(name) = { \"\(permission.rawValue)\" } } in uihost.lua)")
        }
        for command in manifest.commands {
            if let taken = commands.command(command.id) {
                problems.append("the command id '\(command.id)' is taken by " + CommandRegistry.describe(taken.plugin))
            }
        }
        guard let directory = set.plugins.last?.directory else { return problems }
        for screen in manifest.screens {
            if let other = set.screens[screen.name] {
                problems.append("the screen name '\(screen.name)' is taken by plugin '\(other.plugin.name)'")
            }
            let path = FileSystem.join(directory, screen.file)
            if !FileSystem.isInside(path, root: directory) {
                problems.append("screens.\(screen.name): \(screen.file) is outside the plugin's folder")
            } else if !FileSystem.exists(path) {
                problems.append("screens.\(screen.name): no file \(path)")
            }
        }
        return problems
    }

    /// `setup(state, options)`, with the plugin's limits; what it asks the
    /// navigation for waits until it returned.
    private func runSetup(_ plugin: Plugin, as origin: Origin, manifest: Int32) throws(LuaError) {
        let s = lua.stack
        guard s.rawGet(at: manifest, "setup") == .function else {
            s.pop()
            return
        }
        plugin.state?.push(onto: s)
        try pushOptions(of: plugin)
        do throws(LuaError) {
            try limits.run(as: origin) { () throws(LuaError) in try lua.call(nargs: 2, nresults: 0) }
        } catch {
            throw LuaError.runtime(message: "setup failed: " + error.message, traceback: error.traceback)
        }
    }

    /// Pushes a copy of the plugin's table in the project config's `options`
    /// (the config's table is not the plugin's to keep or change for
    /// another), or a new table when there is none.
    private func pushOptions(of plugin: Plugin) throws(LuaError) {
        let s = lua.stack
        let copy = try s.restoringTop { () throws(LuaError) -> LuaRef? in
            guard let options = plugins?.options, options.push(onto: s) == .table,
                  s.rawGet(at: -1, plugin.name) == .table else { return nil }
            var budget = LuaStack.MessageBudget(.init())
            if let problem = s.pushMessageCopy(of: -1, budget: &budget) {
                throw LuaError.runtime(message: "options.\(plugin.name) in \(Host.configName): \(problem)", traceback: "")
            }
            return LuaRef(popping: lua)
        }
        if let copy { copy.push(onto: s) } else { s.pushNewTable() }
    }

    /// Takes back everything a plugin whose `setup` failed registered:
    /// commands, bindings, timers, coroutines, exposed functions, its state
    /// and environment. Nothing of it runs again.
    private func rollBack(_ plugin: Plugin, _ origin: Origin) {
        // Its files keep its limits (`CallLimits`): nothing of it should run, and if it did, not under the app's.
        plugin.active = false
        commands.removeAll { $0.plugin === plugin }
        appBindings.removeAll(of: origin)
        scheduler.stopAll(of: origin)
        exposed.removeAll(of: origin)
        plugin.state = nil
        plugin.environment = nil
        plugin.loaded = nil
        invalidation.layout = true
    }

    /// Adds the manifest's commands, menu items and screens.
    private func register(_ plugin: Plugin, _ manifest: PluginManifest, at index: Int32) {
        let s = lua.stack
        guard let set = plugins else { return }
        s.rawGet(at: index, "commands")
        for (i, command) in manifest.commands.enumerated() {
            // Commands were read in order; a skipped entry was a problem, so indexes agree.
            s.rawGet(at: -1, i + 1)
            s.rawGet(at: -1, "run")
            let run = LuaRef(popping: lua)
            s.pop()
            if let problem = commands.add(.init(id: command.id, title: command.title, keyName: command.keyName, key: command.key,
                                                plugin: plugin, run: run, folded: CommandRegistry.fold(command.title))) {
                dispatcher.report("plugin '\(plugin.name)': " + problem)
            }
        }
        s.pop()
        for menu in manifest.menus {
            set.menus[menu.name, default: []] += menu.items.map { .init(title: $0.title, command: $0.command, plugin: plugin.name) }
        }
        for screen in manifest.screens {
            set.screens[screen.name] = (plugin, FileSystem.join(plugin.directory, screen.file))
        }
    }

    /// The origin of a loaded plugin.
    func origin(of plugin: Plugin?) -> Origin {
        guard let plugin, let index = plugins?.plugins.firstIndex(where: { $0 === plugin }) else { return .app }
        return .plugin(index)
    }

    // MARK: - require, inside the plugin's folder

    /// A plugin's `require(name)`: `uihost`, or `name.lua` / `name/init.lua`
    /// in the plugin's folder (dots are folders), run in its environment.
    static let pluginRequire: LuaSwiftFunction = { L in
        let s = LuaStack(L!)
        let host = LuaState.owner(of: s.L, as: Host.self)
        let index = Int(s.integer(at: LuaStack.upvalueIndex(1)) ?? -1)
        guard let set = host.plugins, set.plugins.indices.contains(index) else { return s.raise("require: no such plugin") }
        let plugin = set.plugins[index]
        let require = ModuleRequire(
            folder: plugin.directory, owner: " in plugin '\(plugin.name)'",
            onlyInside: "a plugin requires only modules inside its own folder",
            pushCache: { plugin.loaded?.push(onto: $0) },
            pushUI: { s in
                plugin.environment?.push(onto: s)
                // Before setup the plugin has no `ui` yet: plugin.lua only returns its manifest.
                guard s.rawGet(at: -1, "ui") == .table else {
                    return "plugin '\(plugin.name)': ui is not available while plugin.lua runs; use it in setup, commands and screens"
                }
                return nil
            },
            // A symlink inside the folder may lead anywhere.
            confinement: { path in
                FileSystem.isInside(path, root: plugin.directory) ? nil : "\(path) is outside plugin '\(plugin.name)'s folder"
            },
            pushEnvironment: { plugin.environment?.push(onto: $0) },
            willRun: nil)
        return require(s, host)
    }
}
