import Glibc

/// `--watch`: notices when any of a set of files changes, by polling their
/// modification times (cheap: one `stat` each, a few times a second), and
/// reports a change once it has settled for the debounce interval.
public struct FileWatcher {
    private var stamps: [String: timespec] = [:]
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
        var next: [String: timespec] = [:]
        for file in files { next[file] = stamps[file] ?? FileWatcher.stamp(file) }
        stamps = next
    }

    static func stamp(_ path: String) -> timespec {
        var st = stat()
        guard stat(path, &st) == 0 else { return timespec(tv_sec: -1, tv_nsec: 0) }
        return st.st_mtim
    }

    /// True once, when a watched file changed and then stayed unchanged for `debounce` ms.
    public mutating func poll(now: Int) -> Bool {
        var changed = false
        for (file, old) in stamps {
            let new = FileWatcher.stamp(file)
            if new.tv_sec != old.tv_sec || new.tv_nsec != old.tv_nsec {
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
