#if canImport(Glibc)
import Glibc
#endif

/// What the host checks before it reads a file a script names: that it is a
/// regular file (opening a FIFO would block for ever) and that it lies inside
/// a folder once symlinks are resolved.
extension FileSystem {
    /// Why `path` cannot be read as a script or an asset, or nil when it is a
    /// regular file (or does not exist: opening it says so).
    public static func notRegularFile(_ path: String) -> String? {
        var st = stat()
        guard stat(path, &st) == 0 else { return nil }
        switch st.st_mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFDIR: return "Is a directory"
        default: return "not a regular file"
        }
    }

    /// The absolute path with every symlink, `.` and `..` resolved, or nil
    /// when it does not exist.
    public static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    /// `path` made absolute and cleaned of `.` and `..` without touching the
    /// disk: where a path that does not exist would be.
    public static func lexicalPath(_ path: String) -> String {
        var absolute = path
        if !path.hasPrefix("/") {
            var cwd = "/"
            if let p = getcwd(nil, 0) {
                cwd = String(cString: p)
                free(p)
            }
            absolute = cwd + "/" + path
        }
        var parts: [Substring] = []
        for part in absolute.split(separator: "/") {
            if part == "." { continue }
            if part == ".." {
                if !parts.isEmpty { parts.removeLast() }
                continue
            }
            parts.append(part)
        }
        return "/" + parts.joined(separator: "/")
    }

    /// Where `path` leads: its real path, or for one that does not exist, the
    /// real path of its nearest existing folder followed by the rest.
    public static func resolvedPath(_ path: String) -> String {
        if let real = realPath(path) { return real }
        var head = lexicalPath(path)
        var rest: [String] = []
        while head != "/" {
            let slash = head.lastIndex(of: "/")!
            rest.insert(String(head[head.index(after: slash)...]), at: 0)
            head = slash == head.startIndex ? "/" : String(head[..<slash])
            if let real = realPath(head) {
                return (real == "/" ? "" : real) + "/" + rest.joined(separator: "/")
            }
        }
        return "/" + rest.joined(separator: "/")
    }

    /// Whether `path` lies inside the folder `root` (or is it), both resolved
    /// with symlinks.
    public static func isInside(_ path: String, root: String) -> Bool {
        guard let base = realPath(root) else { return false }
        let target = resolvedPath(path)
        return target == base || target.hasPrefix(base == "/" ? "/" : base + "/")
    }
}
