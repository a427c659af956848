import LuaBridge

/// Text-art assets read once per host from the assets directory.
final class AssetStore {
    let directory: String
    /// The folder of the first screen, when assets are confined (without
    /// `--allow io`): an asset must lead, symlinks resolved, into it or into
    /// the assets directory.
    let project: String?
    private var cache: [String: [String]?] = [:]

    init(directory: String, project: String? = nil) {
        self.directory = directory
        self.project = project
    }

    /// The lines of `NAME.txt`, or nil when there is no such asset (or the name
    /// tries to leave the directory, or the file leads out of the project).
    func lines(of name: String) -> [String]? {
        if let hit = cache[name] { return hit }
        var result: [String]?
        let file = FileSystem.join(directory, name + ".txt")
        if !name.isEmpty, !name.contains("/"), !name.hasPrefix("."), isReadable(file),
           let text = try? FileSystem.readText(file) {
            var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { String($0) }
            if lines.last == "" { lines.removeLast() }
            result = lines.map { $0.hasSuffix("\r") ? String($0.dropLast()) : $0 }
        }
        cache[name] = result
        return result
    }

    /// A regular file (a FIFO would block the read) inside the assets
    /// directory or the project, when confined.
    private func isReadable(_ file: String) -> Bool {
        guard FileSystem.notRegularFile(file) == nil else { return false }
        guard let project else { return true }
        return FileSystem.isInside(file, root: directory) || FileSystem.isInside(file, root: project)
    }
}
