import Glibc
import LuaBridge

/// The interactive log (`--log FILE`): where `print`, `ui.log` and tracebacks
/// go while the terminal shows the frame. Every line is escaped
/// (`TerminalText`), so `cat` or `tail -f` of the log cannot drive a terminal;
/// and the file stops growing at `limit` bytes, so a handler printing in a
/// loop cannot fill the disk (docs/API.md, "Errors").
public final class LogFile: @unchecked Sendable {
    /// 10 MiB.
    public static let defaultLimit = 10 << 20

    private let fd: Int32
    private let limit: Int
    private var size: Int
    private var full = false

    /// Opens `path` for appending; a file already at the limit is started afresh.
    public init?(path: String, limit: Int = LogFile.defaultLimit) {
        guard !path.utf8.contains(0) else { return nil }
        let fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
        guard fd >= 0 else { return nil }
        var st = stat()
        if fstat(fd, &st) == 0, (st.st_mode & S_IFMT) == S_IFDIR {
            close(fd)
            return nil
        }
        var size = fstat(fd, &st) == 0 && (st.st_mode & S_IFMT) == S_IFREG ? Int(st.st_size) : 0
        if size >= limit, ftruncate(fd, 0) == 0 { size = 0 }
        self.fd = fd
        self.limit = limit
        self.size = size
    }

    deinit {
        close(fd)
    }

    /// Appends `text` as one line; past the limit, one line says so and the rest is dropped.
    public func write(_ text: String) {
        guard !full else { return }
        var line = TerminalText.escape(text)
        if !line.hasSuffix("\n") { line += "\n" }
        // Room is kept for the closing note, so the file never passes the limit.
        let shown = limit % (1 << 20) == 0 ? "\(limit >> 20) MiB" : "\(limit) bytes"
        let note = "uihost: the log reached its limit of \(shown); later lines are dropped\n"
        if size + line.utf8.count + note.utf8.count > limit {
            full = true
            line = note
        }
        size += line.utf8.count
        FileSystem.writeAll(fd, line)
    }
}
