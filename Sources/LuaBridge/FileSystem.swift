#if canImport(Glibc)
import Glibc
#endif

/// The few file operations the host needs, on Glibc (full Foundation costs
/// milliseconds of start-up).
public enum FileSystem {
    public struct Failure: Error, Sendable {
        public let reason: String
    }

    public static func read(_ path: String) throws(Failure) -> [UInt8] {
        try checkName(path)
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        if fd < 0 { throw Failure(reason: lastError()) }
        defer { close(fd) }
        var st = stat()
        if fstat(fd, &st) == 0 && (st.st_mode & S_IFMT) == S_IFDIR {
            throw Failure(reason: "Is a directory")
        }
        var result: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
            if n < 0 {
                if errno == EINTR { continue }
                throw Failure(reason: lastError())
            }
            if n == 0 { break }
            result.append(contentsOf: chunk[0..<n])
        }
        return result
    }

    public static func readText(_ path: String) throws(Failure) -> String {
        String(decoding: try read(path), as: UTF8.self)
    }

    public static func write(_ path: String, _ text: String) throws(Failure) {
        try checkName(path)
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        if fd < 0 { throw Failure(reason: lastError()) }
        defer { close(fd) }
        if !writeAll(fd, text) { throw Failure(reason: lastError()) }
    }

    /// Writes `text` to a temporary file beside `path`, then renames it over
    /// `path`: a reader (or a crash half-way) never sees half a file.
    public static func writeReplacing(_ path: String, _ text: String) throws(Failure) {
        try checkName(path)
        let temporary = join(directory(of: path), ".\(path.split(separator: "/").last ?? "file").\(getpid()).tmp")
        do {
            try write(temporary, text)
        } catch {
            unlink(temporary)
            throw error
        }
        if rename(temporary, path) != 0 {
            let reason = lastError()
            unlink(temporary)
            throw Failure(reason: reason)
        }
    }

    /// Whether `path` can be opened for writing (created if missing, never
    /// truncated): options that name an output file are checked before work starts.
    public static func checkWritable(_ path: String) throws(Failure) {
        try checkName(path)
        if isDirectory(path) { throw Failure(reason: "Is a directory") }
        let fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
        if fd < 0 { throw Failure(reason: lastError()) }
        close(fd)
    }

    /// A NUL would end the path early in C, so `"a\0b"` would open `a`.
    static func checkName(_ path: String) throws(Failure) {
        if path.utf8.contains(0) { throw Failure(reason: "the name contains a NUL byte") }
    }

    /// Writes to file descriptor 2, unbuffered.
    @discardableResult
    public static func writeStandardError(_ text: String) -> Bool {
        writeAll(2, text)
    }

    /// Writes to file descriptor 1, unbuffered; false when not all of it was written.
    @discardableResult
    public static func writeStandardOutput(_ text: String) -> Bool {
        writeAll(1, text)
    }

    /// Writes all of `text`; false (with `errno` set) when the descriptor refused some.
    @discardableResult
    public static func writeAll(_ fd: Int32, _ text: String) -> Bool {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let n = bytes.withUnsafeMutableBytes { Glibc.write(fd, $0.baseAddress! + offset, $0.count - offset) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { return false }
            offset += n
        }
        bytes.removeAll()
        return true
    }

    public static func exists(_ path: String) -> Bool {
        !path.utf8.contains(0) && access(path, F_OK) == 0
    }

    public static func isDirectory(_ path: String) -> Bool {
        var st = stat()
        return !path.utf8.contains(0) && stat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFDIR
    }

    /// Creates a directory and its parents.
    public static func makeDirectories(_ path: String) {
        var current = path.hasPrefix("/") ? "/" : ""
        for part in path.split(separator: "/") {
            current += part
            mkdir(current, 0o755)
            current += "/"
        }
    }

    /// Names in a directory, sorted, without `.` and `..`.
    public static func list(_ path: String) -> [String] {
        guard let dir = opendir(path) else { return [] }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafePointer(to: entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: 256) { String(cString: $0) }
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names.sorted()
    }

    /// The directory part of a path ("." when there is none).
    public static func directory(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        if slash == path.startIndex { return "/" }
        return String(path[..<slash])
    }

    public static func join(_ dir: String, _ name: String) -> String {
        if name.hasPrefix("/") { return name }
        if dir == "." || dir.isEmpty { return name }
        return dir.hasSuffix("/") ? dir + name : dir + "/" + name
    }

    static func lastError() -> String {
        String(cString: strerror(errno))
    }
}
