import LuaBridge

/// Loading screen scripts, and the navigation stack as `--watch` sees it.
extension Host {
    struct PushProblem: Error {
        let message: String
    }

    /// The file `ui.push(path)` from code of `origin` loads, and whose
    /// environment it runs in. The one place where that is chosen: by who
    /// pushes, never by where the file lies (docs/SECURITY.md). The app
    /// pushes files of the project, and a plugin's screens by name (they run
    /// as that plugin's); a plugin pushes only files inside its own folder,
    /// or its own screens by name, and they run as its own.
    func screenFile(_ path: String, pushedBy origin: Origin) -> Result<(file: String, origin: Origin), PushProblem> {
        let shipped = plugins?.screens[path]
        let base = navigator.directoryAfterRequests ?? scriptDirectory
        guard case .plugin(let index) = origin, let plugin = plugins?.plugins[index] else {
            if let shipped, let owner = plugins?.plugins.firstIndex(where: { $0 === shipped.plugin }) {
                return .success((shipped.file, .plugin(owner)))
            }
            let full = FileSystem.join(base, path)
            // Before anything is read: neither the file's content nor whether it exists gets out.
            if let problem = confinementProblem(full) { return .failure(PushProblem(message: "ui.push: " + problem)) }
            guard FileSystem.exists(full), !FileSystem.isDirectory(full) else {
                return .failure(PushProblem(message: Host.pushProblem(path, resolved: full, plugins: plugins?.screens.isEmpty == false)))
            }
            return .success((full, .app))
        }
        if let shipped {
            guard shipped.plugin === plugin else {
                return .failure(PushProblem(message: "plugin '\(plugin.name)': ui.push: '\(HostLimits.shortened(path))' is a screen of plugin '\(shipped.plugin.name)'; a plugin pushes only its own screens"))
            }
            return .success((shipped.file, origin))
        }
        // Relative to the plugin's folder, whatever screen is shown.
        let full = FileSystem.join(plugin.directory, path)
        guard FileSystem.isInside(full, root: plugin.directory) else {
            return .failure(PushProblem(message: "plugin '\(plugin.name)': ui.push: '\(HostLimits.shortened(path))' is outside the plugin's folder; a plugin pushes only its own files"))
        }
        guard FileSystem.exists(full), !FileSystem.isDirectory(full) else {
            return .failure(PushProblem(message: Host.pushProblem(path, resolved: full, plugins: true)))
        }
        return .success((full, origin))
    }

    /// Runs the screen script at `path` as code of `origin` (in its
    /// environment, under its limits) on `thread` (the main one by default)
    /// and leaves the screen it returns on that thread's stack. Throws the
    /// script's error; when it returned something else, pops it and returns
    /// what it was (`nil`, `a ui.text`, …) for the caller's message.
    func loadScreenFile(_ path: String, as origin: Origin = .app, on thread: OpaquePointer? = nil) throws(LuaError) -> String? {
        let T = thread ?? L
        try lua.loadFile(path, on: T)
        if case .plugin(let index) = origin, let environment = plugins?.plugins[index].environment {
            let s = LuaStack(T)
            environment.push(onto: s)
            s.setEnvironment(ofChunkAt: -2)
        }
        try limits.run(as: origin) { () throws(LuaError) in try lua.call(nargs: 0, nresults: 1, on: T) }
        guard kinds.kind(T, at: -1) == .screen else {
            let got = kinds.typeName(T, -1)
            LuaStack(T).pop()
            return got
        }
        noteLoaded(path)
        return nil
    }

    public var navigationDepth: Int { navigator.stack.count }

    /// For each screen on the stack, root first, the file it was loaded from
    /// (nil for a screen a handler built and pushed as a table).
    public var navigationFiles: [String?] { navigator.stack.map(\.file) }

    /// What `restoreNavigation` needs to push the screens again after a reload.
    public var navigationRecord: NavigationRecord {
        NavigationRecord(entries: navigator.stack.map { ($0.file, $0.origin) })
    }

    /// Pushes again, after a reload, the screens that came from files, in
    /// order and in the environments they ran in, as far as they still exist
    /// (a screen built by a handler ends it). Throws when one of them no longer loads.
    public func restoreNavigation(_ record: NavigationRecord) throws(LuaError) {
        for (file, origin) in record.entries.dropFirst() {
            guard let file, FileSystem.exists(file), try loadScreenFile(file, as: origin) == nil else { return }
            let ref = s.popRef()
            // Its `onAppear` is a handler: what it asks for is applied once it returned.
            handling { navigator.push(ref: ref, directory: FileSystem.directory(of: file), file: file, origin: origin) }
        }
    }

    func noteLoaded(_ file: String) {
        if !loadedFiles.contains(file) { loadedFiles.append(file) }
    }
}

/// The screens on a host's stack and whose code each is, kept over a reload.
public struct NavigationRecord {
    let entries: [(file: String?, origin: Origin)]
}
