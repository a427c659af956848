import LuaBridge

/// What files a script may have the host read: those of the project, the
/// folder of the first screen, resolved with symlinks (docs/API.md §9), unless
/// `--allow io` gives it the whole file system anyway.
extension Host {
    /// Whether the script may read files anywhere (`--allow io` or `all`).
    var readsAnywhere: Bool {
        options.allow.contains(.io) || options.allow.contains(.all)
    }

    /// Why the host will not load `path` for the script, or nil when it may:
    /// it leads outside the project. Says nothing of what the file holds.
    func confinementProblem(_ path: String) -> String? {
        if readsAnywhere || FileSystem.isInside(path, root: scriptDirectory) { return nil }
        // A plugin's folder is the user's choice too (`--plugins`).
        if plugins?.owner(ofFile: path) != nil { return nil }
        return "\(path) is outside the project (the folder of the first screen; --allow io lifts this)"
    }
}
