import LuaBridge

/// Loading screen scripts, and the navigation stack as `--watch` sees it.
extension Host {
    /// Runs the screen script at `path` on `thread` (the main one by default)
    /// and leaves the screen it returns on that thread's stack. Throws the
    /// script's error; when it returned something else, pops it and returns
    /// what it was (`nil`, `a ui.text`, …) for the caller's message.
    func loadScreenFile(_ path: String, on thread: OpaquePointer? = nil) throws(LuaError) -> String? {
        let T = thread ?? L
        try lua.loadFile(path, on: T)
        // A screen a plugin ships runs in the plugin's globals, with its limits.
        let plugin = plugins?.owner(ofFile: path)
        if let environment = plugin?.environment {
            let s = LuaStack(T)
            environment.push(onto: s)
            s.setEnvironment(ofChunkAt: -2)
        }
        try withPluginLimits(plugin) { () throws(LuaError) in try lua.call(nargs: 0, nresults: 1, on: T) }
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

    /// Pushes again, after a reload, the screens that came from files, in
    /// order, as far as they still exist (a screen built by a handler ends it).
    /// Throws when one of them no longer loads.
    public func restoreNavigation(_ files: [String?]) throws(LuaError) {
        for file in files.dropFirst() {
            guard let file, FileSystem.exists(file), try loadScreenFile(file) == nil else { return }
            navigator.push(ref: s.popRef(), directory: FileSystem.directory(of: file), file: file)
        }
    }

    func noteLoaded(_ file: String) {
        if !loadedFiles.contains(file) { loadedFiles.append(file) }
    }
}
