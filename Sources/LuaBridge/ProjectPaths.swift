/// Where a project's files are, found from a screen or a test script rather
/// than from the current folder, so that `uihost render CLONE/screens/x.lua`
/// from anywhere shows the same pictures, and a test opens the same screens
/// whichever folder it runs from.
public enum ProjectPaths {
    /// The nearest `Assets` folder at or above the folder of `screen`.
    public static func assetsFolder(forScreen screen: String) -> String? {
        nearest(from: FileSystem.directory(of: screen)) { folder in
            let assets = FileSystem.join(folder, "Assets")
            return FileSystem.isDirectory(assets) ? assets : nil
        }
    }

    /// The nearest folder at or above the folder of `script` that holds
    /// `screens/` or a `uihost.lua`: the project a test script belongs to.
    public static func projectRoot(of script: String) -> String? {
        nearest(from: FileSystem.directory(of: script)) { folder in
            FileSystem.isDirectory(FileSystem.join(folder, "screens")) || FileSystem.exists(FileSystem.join(folder, "uihost.lua"))
                ? folder : nil
        }
    }

    /// `path` as a test script means it: as given when it exists from the
    /// current folder, else from the script's project root when it exists there.
    /// A test's worker runs in its project's folder (`TestRunner.enterProject`),
    /// so the current folder is the project there, and names stay as the test
    /// wrote them (they show in error messages).
    public static func resolve(_ path: String, fromTestScript script: String) -> String {
        if path.hasPrefix("/") || FileSystem.exists(path) { return path }
        guard let root = projectRoot(of: script) else { return path }
        let candidate = FileSystem.join(root, path)
        return FileSystem.exists(candidate) ? candidate : path
    }

    /// Walks up from `folder` (made absolute) to the root, returning the first answer.
    private static func nearest(from folder: String, _ answer: (String) -> String?) -> String? {
        guard var current = FileSystem.realPath(folder.isEmpty ? "." : folder) else { return nil }
        while true {
            if let found = answer(current) { return found }
            let parent = FileSystem.directory(of: current)
            if parent == current || parent.isEmpty { return nil }
            current = parent
        }
    }
}
