import Glibc

/// `--watch`: notices when any of a set of files changes, by polling them
/// (cheap: a `stat` and an `lstat` each, a few times a second), and reports a
/// change once it has settled for the debounce interval.
public struct FileWatcher {
    private var stamps: [String: Stamp] = [:]
    private var changedAt: Int?
    /// Milliseconds a change must settle before it is reported (editors write in steps).
    public var debounce = 100

    public init(files: [String]) {
        watch(files)
    }

    /// Watches exactly these files from now on. A file watched already keeps
    /// the time it was last seen with, and a change still settling stays
    /// pending: a save just before the list is renewed must not be lost.
    public mutating func watch(_ files: [String]) {
        var next: [String: Stamp] = [:]
        for file in files { next[file] = stamps[file] ?? FileWatcher.stamp(file) }
        stamps = next
    }

    /// Whether a watched file is other now than when it was first watched
    /// (no settling: for a one-off look, not for polling).
    public func differs() -> Bool {
        stamps.contains { FileWatcher.stamp($0.key) != $0.value }
    }

    /// What identifies a file's content at a path. The modification time alone
    /// misses a file replaced by another one (a link to an older file, a
    /// copy that kept its time, a link pointed elsewhere): the file behind the
    /// path (device and inode) and its size are compared too, and the change
    /// time, which no program can set back. The path itself is `lstat`ed as
    /// well, so that a link replaced or retargeted counts even when both
    /// targets look alike.
    struct Stamp: Equatable {
        /// What `stat` sees (the file a link leads to) and what `lstat` sees (the link itself).
        var target: Fields?
        var entry: Fields?
    }

    struct Fields: Equatable {
        var device: UInt64, inode: UInt64, size: Int64
        var modified: Int64, modifiedNanoseconds: Int64, changed: Int64, changedNanoseconds: Int64

        init(_ st: stat) {
            device = UInt64(st.st_dev)
            inode = UInt64(st.st_ino)
            size = Int64(st.st_size)
            modified = Int64(st.st_mtim.tv_sec)
            modifiedNanoseconds = Int64(st.st_mtim.tv_nsec)
            changed = Int64(st.st_ctim.tv_sec)
            changedNanoseconds = Int64(st.st_ctim.tv_nsec)
        }
    }

    static func stamp(_ path: String) -> Stamp {
        var target = stat(), entry = stat()
        return Stamp(target: stat(path, &target) == 0 ? Fields(target) : nil,
                     entry: lstat(path, &entry) == 0 ? Fields(entry) : nil)
    }

    /// True once, when a watched file changed and then stayed unchanged for `debounce` ms.
    public mutating func poll(now: Int) -> Bool {
        var changed = false
        for (file, old) in stamps {
            let new = FileWatcher.stamp(file)
            if new != old {
                stamps[file] = new
                changed = true
            }
        }
        if changed { changedAt = now }
        guard let at = changedAt, now - at >= debounce else { return false }
        changedAt = nil
        return true
    }
}
