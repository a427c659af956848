#if canImport(Glibc)
import Glibc
#endif

/// The file system as the `fs` capability sees it: only inside some folders
/// (the project, or a plugin's own folder, and the `--allow-path` ones).
///
/// Each rule is here once, with its reason:
/// - a path is bytes without NUL, and has no `..` (after a symlink, `..` means
///   the link's parent, which no lexical check can follow);
/// - what is opened is checked where it really is: the real path of the open
///   descriptor (`/proc/self/fd/N`), so a symlink leading out, or one swapped
///   in between a check and the open, is refused;
/// - only regular files are read: a FIFO would block, a device never end;
///   they are opened with `O_NONBLOCK` and refused after `fstat`;
/// - reads are bounded (`maxBytes`), writes go to a temporary file in the same
///   folder, renamed over the target (atomic: a reader sees the old or the new).
///
/// Paths in messages are shown escaped (`\n`, `\x1B`), so a file name cannot
/// draw on a terminal or forge a line.
public struct ConfinedFiles {
    /// The folders, as real paths.
    public let roots: [String]
    /// Where relative paths start: the first root.
    public var base: String { roots.first ?? "/" }
    /// How messages name the roots: "the project and the --allow-path folders".
    public let description: String

    public struct Entry {
        public enum Kind: String { case file, directory, link, other }
        public var name: [UInt8]
        public var kind: Kind
        public var size: Int
        /// Seconds since 1970 (UTC), as `os.time` counts.
        public var mtime: Int
        /// The path itself is a symlink (stat follows it: `kind` is its target's).
        public var isLink = false
    }

    /// `folders` that do not exist are left out.
    public init(folders: [String], description: String) {
        var roots: [String] = []
        for folder in folders {
            if let real = FileSystem.realPath(folder), !roots.contains(real) { roots.append(real) }
        }
        self.roots = roots
        self.description = description
    }

    public static let defaultMaxBytes = 64 << 20
    public static let maxEntries = 100_000

    // MARK: - Paths

    /// `path` made absolute from `base`, or why it is refused.
    public func absolute(_ path: [UInt8]) throws(FileSystem.Failure) -> [UInt8] {
        guard !path.isEmpty else { throw FileSystem.Failure(reason: "an empty path") }
        guard !path.contains(0) else { throw FileSystem.Failure(reason: "\(ConfinedFiles.shown(path)) holds a NUL byte") }
        let parts = path.split(separator: UInt8(ascii: "/"), omittingEmptySubsequences: true)
        if parts.contains(where: { $0.elementsEqual("..".utf8) }) {
            throw FileSystem.Failure(reason: "\(ConfinedFiles.shown(path)) goes up with '..'; paths stay inside \(description)")
        }
        if path.first == UInt8(ascii: "/") { return path }
        return Array(base.utf8) + [UInt8(ascii: "/")] + path
    }

    /// Whether the real path `real` is one of the roots or inside one.
    public func isInside(_ real: String) -> Bool {
        roots.contains { root in real == root || real.hasPrefix(root == "/" ? "/" : root + "/") }
    }

    /// `real` is where `opened` (the absolute path) leads; it is told when it differs (a symlink).
    private func outside(_ path: [UInt8], opened: [UInt8]? = nil, real: String? = nil) -> FileSystem.Failure {
        let leads = real.flatMap { $0.utf8.elementsEqual(opened ?? path) ? nil : ", it leads to \(ConfinedFiles.shown(Array($0.utf8)))" } ?? ""
        return FileSystem.Failure(reason: "\(ConfinedFiles.shown(path)) is outside \(description)\(leads)")
    }

    /// Where the open descriptor really is, every symlink resolved.
    private static func realPath(of fd: Int32) -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let n = readlink("/proc/self/fd/\(fd)", &buffer, buffer.count - 1)
        guard n > 0 else { return nil }
        return String(decoding: buffer[0..<n].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Opens `path` and checks where it really is; the descriptor, or why not.
    private func open(_ path: [UInt8], shown: [UInt8], flags: Int32) throws(FileSystem.Failure) -> Int32 {
        // Resolved before opening too: nothing outside is opened at all.
        if let real = ConfinedFiles.withCString(path, { FileSystem.realPath(String(cString: $0)) }), !isInside(real) {
            throw outside(shown, opened: path, real: real)
        }
        let fd = ConfinedFiles.withCString(path) { Glibc.open($0, flags | O_CLOEXEC | O_NONBLOCK) }
        guard fd >= 0 else { throw FileSystem.Failure(reason: "\(ConfinedFiles.shown(shown)): \(FileSystem.lastError())") }
        guard let real = ConfinedFiles.realPath(of: fd), isInside(real) else {
            close(fd)
            throw outside(shown)
        }
        return fd
    }

    // MARK: - Reading

    /// The bytes of the regular file at `path`: at most `maxBytes` (`bound` names
    /// what set it, for the message).
    public func read(_ path: [UInt8], maxBytes: Int, bound: String = "maxBytes") throws(FileSystem.Failure) -> [UInt8] {
        let full = try absolute(path)
        try requireRegular(full, shown: path, verb: "read")
        let fd = try open(full, shown: path, flags: O_RDONLY)
        defer { close(fd) }
        var st = Glibc.stat()
        guard fstat(fd, &st) == 0 else { throw FileSystem.Failure(reason: "\(ConfinedFiles.shown(path)): \(FileSystem.lastError())") }
        if let problem = ConfinedFiles.notRegular(st.st_mode, path, verb: "read") { throw problem }
        let size = Int(st.st_size)
        guard size <= maxBytes else {
            throw FileSystem.Failure(reason: "\(ConfinedFiles.shown(path)) is \(ConfinedFiles.size(size)), more than the \(ConfinedFiles.size(maxBytes)) allowed (\(bound))")
        }
        // A regular file: O_NONBLOCK changes nothing, and the size bounds the loop (it may grow meanwhile).
        var result = [UInt8](repeating: 0, count: size)
        var offset = 0
        while offset < size {
            let n = result.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress! + offset, size - offset) }
            if n < 0 && errno == EINTR { continue }
            if n < 0 { throw FileSystem.Failure(reason: "\(ConfinedFiles.shown(path)): \(FileSystem.lastError())") }
            if n == 0 { break }
            offset += n
        }
        if offset < size { result.removeLast(size - offset) }
        return result
    }

    /// Refuses, before opening, what is not a regular file (a FIFO would block the open).
    private func requireRegular(_ full: [UInt8], shown: [UInt8], verb: String) throws(FileSystem.Failure) {
        var st = Glibc.stat()
        let found = ConfinedFiles.withCString(full) { stat($0, &st) } == 0
        if !found {
            if errno == ENOENT || errno == ENOTDIR { throw FileSystem.Failure(reason: "\(ConfinedFiles.shown(shown)): no such file") }
            throw FileSystem.Failure(reason: "\(ConfinedFiles.shown(shown)): \(FileSystem.lastError())")
        }
        if let problem = ConfinedFiles.notRegular(st.st_mode, shown, verb: verb) { throw problem }
    }

    private static func notRegular(_ mode: mode_t, _ path: [UInt8], verb: String) -> FileSystem.Failure? {
        switch mode & S_IFMT {
        case S_IFREG: return nil
        case S_IFDIR: return FileSystem.Failure(reason: "\(shown(path)) is a folder (fs.list reads folders)")
        case S_IFIFO: return FileSystem.Failure(reason: "\(shown(path)) is a FIFO, not a regular file: it is not \(verb)")
        case S_IFCHR, S_IFBLK: return FileSystem.Failure(reason: "\(shown(path)) is a device, not a regular file: it is not \(verb)")
        // Only a write sees the link itself: it would replace the link, wherever it leads.
        case S_IFLNK: return FileSystem.Failure(reason: "\(shown(path)) is a symbolic link, not a regular file: it is not \(verb)")
        default: return FileSystem.Failure(reason: "\(shown(path)) is not a regular file: it is not \(verb)")
        }
    }

    // MARK: - Writing

    /// Replaces (or creates) the file at `path` with `bytes`: written to a
    /// temporary file in the same folder, then renamed over it. The folder must exist.
    public func write(_ path: [UInt8], _ bytes: UnsafeRawBufferPointer) throws(FileSystem.Failure) {
        let full = try absolute(path)
        let slash = full.lastIndex(of: UInt8(ascii: "/"))!
        let name = Array(full[(slash + 1)...])
        let folder = slash == 0 ? [UInt8(ascii: "/")] : Array(full[..<slash])
        guard !name.isEmpty, name != Array(".".utf8) else {
            throw FileSystem.Failure(reason: "\(ConfinedFiles.shown(path)) names a folder, not a file")
        }
        var folderStat = Glibc.stat()
        guard ConfinedFiles.withCString(folder, { stat($0, &folderStat) }) == 0, folderStat.st_mode & S_IFMT == S_IFDIR else {
            throw FileSystem.Failure(reason: "\(ConfinedFiles.shown(path)): its folder does not exist (fs.write makes no folders)")
        }
        let dir = try open(folder, shown: path, flags: O_RDONLY | O_DIRECTORY)
        defer { close(dir) }
        var st = Glibc.stat()
        var mode: mode_t = 0o644
        if ConfinedFiles.withCString(name, { fstatat(dir, $0, &st, AT_SYMLINK_NOFOLLOW) }) == 0 {
            if let problem = ConfinedFiles.notRegular(st.st_mode, path, verb: "written") { throw problem }
            mode = st.st_mode & 0o777
        }
        let temporary = Array(".".utf8) + name.prefix(200) + Array(".uihost-\(getpid())-\(ConfinedFiles.nextTemporary()).tmp".utf8)
        let fd = ConfinedFiles.withCString(temporary) { openat(dir, $0, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode) }
        guard fd >= 0 else { throw FileSystem.Failure(reason: "\(ConfinedFiles.shown(path)): \(FileSystem.lastError())") }
        var offset = 0
        var failure: String?
        while offset < bytes.count {
            let n = Glibc.write(fd, bytes.baseAddress! + offset, bytes.count - offset)
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { failure = FileSystem.lastError(); break }
            offset += n
        }
        // On disk before it takes the name: a crash leaves the old file or the new, never an empty one.
        if failure == nil && fsync(fd) != 0 { failure = FileSystem.lastError() }
        close(fd)
        if failure == nil && ConfinedFiles.withCString(temporary, { t in ConfinedFiles.withCString(name) { renameat(dir, t, dir, $0) } }) != 0 {
            failure = FileSystem.lastError()
        }
        if let failure {
            _ = ConfinedFiles.withCString(temporary) { unlinkat(dir, $0, 0) }
            throw FileSystem.Failure(reason: "\(ConfinedFiles.shown(path)): \(failure)")
        }
    }

    nonisolated(unsafe) private static var temporaries = 0

    private static func nextTemporary() -> Int {
        temporaries += 1
        return temporaries
    }

    // MARK: - Looking

    /// The entry at `path`, symlinks followed (inside only); nil when nothing is there.
    public func lookUp(_ path: [UInt8]) throws(FileSystem.Failure) -> Entry? {
        let full = try absolute(path)
        var st = Glibc.stat()
        guard ConfinedFiles.withCString(full, { lstat($0, &st) }) == 0 else {
            if errno == ENOENT || errno == ENOTDIR {
                // Nothing there; its folder must still be inside (no probing outside).
                let parent = FileSystem.resolvedPath(String(decoding: full, as: UTF8.self))
                guard isInside(parent) else { throw outside(path) }
                return nil
            }
            throw FileSystem.Failure(reason: "\(ConfinedFiles.shown(path)): \(FileSystem.lastError())")
        }
        let isLink = st.st_mode & S_IFMT == S_IFLNK
        let real = ConfinedFiles.withCString(full) { FileSystem.realPath(String(cString: $0)) }
        guard let real else {
            // A symlink to nothing: there is a link, whose target does not exist.
            guard isInside(FileSystem.resolvedPath(String(decoding: full, as: UTF8.self))) else { throw outside(path) }
            return Entry(name: ConfinedFiles.lastComponent(full), kind: .link, size: 0, mtime: Int(st.st_mtim.tv_sec), isLink: true)
        }
        guard isInside(real) else { throw outside(path, opened: full, real: real) }
        if isLink { _ = ConfinedFiles.withCString(full) { stat($0, &st) } }
        var entry = ConfinedFiles.makeEntry(ConfinedFiles.lastComponent(full), st)
        entry.isLink = isLink
        return entry
    }

    /// The entries of the folder at `path`, sorted by name (bytes); symlinks
    /// are listed as links, not followed. At most `maxEntries`.
    public func list(_ path: [UInt8]) throws(FileSystem.Failure) -> [Entry] {
        let full = try absolute(path)
        var st = Glibc.stat()
        if ConfinedFiles.withCString(full, { stat($0, &st) }) == 0, st.st_mode & S_IFMT != S_IFDIR {
            throw FileSystem.Failure(reason: "\(ConfinedFiles.shown(path)) is not a folder")
        }
        let fd = try open(full, shown: path, flags: O_RDONLY | O_DIRECTORY)
        let listing = dup(fd)
        defer { close(fd) }
        guard listing >= 0, let dir = fdopendir(listing) else {
            if listing >= 0 { close(listing) }
            throw FileSystem.Failure(reason: "\(ConfinedFiles.shown(path)): \(FileSystem.lastError())")
        }
        defer { closedir(dir) }
        var entries: [Entry] = []
        while let found = readdir(dir) {
            let name: [UInt8] = withUnsafePointer(to: found.pointee.d_name) {
                $0.withMemoryRebound(to: UInt8.self, capacity: 256) { Array(UnsafeBufferPointer(start: $0, count: strlen(UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self)))) }
            }
            if name == [0x2E] || name == [0x2E, 0x2E] { continue }
            guard entries.count < ConfinedFiles.maxEntries else {
                throw FileSystem.Failure(reason: "\(ConfinedFiles.shown(path)) holds more than \(ConfinedFiles.maxEntries) entries")
            }
            var est = Glibc.stat()
            if ConfinedFiles.withCString(name, { fstatat(fd, $0, &est, AT_SYMLINK_NOFOLLOW) }) == 0 {
                entries.append(ConfinedFiles.makeEntry(name, est))
            }
        }
        entries.sort { $0.name.lexicographicallyPrecedes($1.name) }
        return entries
    }

    private static func makeEntry(_ name: [UInt8], _ st: Glibc.stat) -> Entry {
        let kind: Entry.Kind
        switch st.st_mode & S_IFMT {
        case S_IFREG: kind = .file
        case S_IFDIR: kind = .directory
        case S_IFLNK: kind = .link
        default: kind = .other
        }
        return Entry(name: name, kind: kind, size: Int(st.st_size), mtime: Int(st.st_mtim.tv_sec))
    }

    private static func lastComponent(_ path: [UInt8]) -> [UInt8] {
        guard let slash = path.lastIndex(of: UInt8(ascii: "/")) else { return path }
        return Array(path[(slash + 1)...])
    }

    // MARK: - Text

    static func withCString<R>(_ bytes: [UInt8], _ body: (UnsafePointer<CChar>) -> R) -> R {
        (bytes + [0]).withUnsafeBufferPointer { body(UnsafeRawPointer($0.baseAddress!).assumingMemoryBound(to: CChar.self)) }
    }

    /// A path for a message: quoted, control bytes and bytes that are not
    /// UTF-8 as `\n`, `\t`, `\xHH`.
    public static func shown(_ path: [UInt8]) -> String {
        var out = "'"
        var k = 0
        let bytes = Array(path.prefix(400))
        while k < bytes.count {
            let c = bytes[k]
            switch c {
            case 0x0A: out += "\\n"; k += 1
            case 0x09: out += "\\t"; k += 1
            case 0x0D: out += "\\r"; k += 1
            case UInt8(ascii: "\\"): out += "\\\\"; k += 1
            case 0..<0x20, 0x7F: out += "\\x" + hex(c); k += 1
            case 0x80...:
                let length = bytes.withUnsafeBufferPointer { LuaJSONDecoder.utf8Length($0.baseAddress! + k, bytes.count - k) }
                if length == 0 || (c == 0xC2 && k + 1 < bytes.count && bytes[k + 1] < 0xA0) {
                    out += "\\x" + hex(c); k += 1
                } else {
                    out += String(decoding: bytes[k..<(k + length)], as: UTF8.self); k += length
                }
            default: out.unicodeScalars.append(Unicode.Scalar(c)); k += 1
            }
        }
        return out + (path.count > 400 ? "…'" : "'")
    }

    private static func hex(_ c: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String(digits[Int(c >> 4)]) + String(digits[Int(c & 15)])
    }

    static func size(_ bytes: Int) -> String { LuaJSONDecoder.size(bytes) }
}
