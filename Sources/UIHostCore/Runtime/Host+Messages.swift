import LuaBridge

extension Host {
    /// Why `ui.push(path)` found no screen, saying where it looked: the path as
    /// given, the absolute file it resolved to, and the rule that resolved it.
    static func pushProblem(_ path: String, resolved: String, plugins: Bool) -> String {
        let shown = HostLimits.shortened(path)
        let looked = FileSystem.lexicalPath(resolved)
        if FileSystem.isDirectory(resolved) {
            return "ui.push: cannot open '\(shown)': \(looked) is a folder"
        }
        return "ui.push: cannot open '\(shown)': no file \(looked)"
            + " (a path is relative to the folder of the screen that pushes"
            + (plugins ? "; no plugin ships a screen of that name)" : ")")
    }
}
