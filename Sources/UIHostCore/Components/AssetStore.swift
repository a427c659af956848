import LuaBridge

/// Text-art assets read once per host from the assets directory.
final class AssetStore {
    let directory: String
    private var cache: [String: [String]?] = [:]

    init(directory: String) {
        self.directory = directory
    }

    /// The lines of `NAME.txt`, or nil when there is no such asset (or the name
    /// tries to leave the directory).
    func lines(of name: String) -> [String]? {
        if let hit = cache[name] { return hit }
        var result: [String]?
        if !name.isEmpty, !name.contains("/"), !name.hasPrefix("."),
           let text = try? FileSystem.readText(FileSystem.join(directory, name + ".txt")) {
            var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { String($0) }
            if lines.last == "" { lines.removeLast() }
            result = lines.map { $0.hasSuffix("\r") ? String($0.dropLast()) : $0 }
        }
        cache[name] = result
        return result
    }
}
