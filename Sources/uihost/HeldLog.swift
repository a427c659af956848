import LuaBridge
import UIHostCore

/// `--log -`: what `print`, `ui.log` and tracebacks write while the terminal
/// shows the frame, held in memory and written to stderr once the app has
/// exited and the terminal is back to normal. Escaped as the log file is, and
/// bounded as it is (`LogFile.defaultLimit` bytes, then one line says so).
final class HeldLog: @unchecked Sendable {
    private var lines: [String] = []
    private var size = 0
    private var full = false
    private let limit: Int

    init(limit: Int = LogFile.defaultLimit) {
        self.limit = limit
    }

    func write(_ text: String) {
        guard !full else { return }
        var line = TerminalText.escape(text)
        if !line.hasSuffix("\n") { line += "\n" }
        if size + line.utf8.count > limit {
            full = true
            line = "uihost: the log reached its limit of \(limit >> 20) MiB; later lines are dropped\n"
        }
        size += line.utf8.count
        lines.append(line)
    }

    /// Writes what was held to stderr, once.
    func flush() {
        for line in lines { _ = FileSystem.writeStandardError(line) }
        lines.removeAll()
    }
}

/// Counts what went to the interactive log file, so that the app can say
/// where it went once it exits (a file nobody looks at otherwise).
final class LogTally: @unchecked Sendable {
    private(set) var lines = 0
    func count() { lines += 1 }
}
