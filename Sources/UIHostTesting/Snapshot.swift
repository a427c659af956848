import LuaBridge
import UIHostCore

/// `app:snapshot(name)`: the frame as plain text in
/// `__snapshots__/<script>/<name>.txt` beside the script (in a sized case,
/// `__snapshots__/<script>/<COLSxROWS>/<name>.txt`). A missing file is
/// written and reported as new; a mismatch fails with a line diff.
/// `app:snapshot(name, { styles = true })` also keeps `<name>.ansi.txt`: the
/// frame with its colours (truecolor SGR, the app's theme).
extension TestModule {
    static let snapshot: LuaSwiftFunction = { L in
        let s = LuaStack(L!)
        guard let app = app(s, "snapshot") else { return LuaTrampoline.raiseWhere }
        guard let name = s.string(at: 2) else { return s.argumentError(2, "snapshot", expected: "string") }
        // A NUL would cut the file name short in C ("nul\0tail" wrote `nul.txt`).
        guard !name.utf8.contains(0) else {
            return s.raise("snapshot: bad name '\(TerminalText.escape(name))' (no NUL bytes)")
        }
        guard !name.isEmpty, !name.contains("/"), !name.contains("\\"), name != ".", name != ".." else {
            return s.raise("snapshot: bad name '\(name)' (no path separators)")
        }
        let run = run(s)
        let script = run.path.split(separator: "/").last.map(String.init) ?? run.path
        let scriptName = script.hasSuffix(".lua") ? String(script.dropLast(4)) : script
        var directory = FileSystem.join(FileSystem.join(FileSystem.directory(of: run.path), "__snapshots__"), scriptName)
        // A run of a size matrix keeps its frames in a folder per size: one name, one file per size.
        if let size = run.caseSize { directory = FileSystem.join(directory, size.text) }
        var styles = false
        if s.type(at: 3) == .table {
            styles = s.rawGet(at: 3, "styles") == .boolean && s.boolean(at: -1) == true
            s.pop()
        } else if s.type(at: 3) != .nil, s.type(at: 3) != .none {
            return s.argumentError(3, "snapshot", expected: "table")
        }
        let frame = app.render()
        var goldens = [(file: FileSystem.join(directory, name + ".txt"), text: frame.text + "\n")]
        if styles { goldens.append((FileSystem.join(directory, name + ".ansi.txt"), frame.ansiText(theme: app.host.theme) + "\n")) }
        for (file, actual) in goldens {
            if !run.options.updateSnapshots, let expected = try? FileSystem.readText(file) {
                if expected == actual { continue }
                return s.raise("snapshot '\(name)' differs from \(file):\n--- \(file)\n+++ the frame now\n"
                             + Snapshot.diff(expected: TerminalText.escape(expected), actual: TerminalText.escape(actual)))
            }
            FileSystem.makeDirectories(directory)
            do throws(FileSystem.Failure) {
                try FileSystem.writeReplacing(file, actual)
            } catch {
                return s.raise("snapshot: cannot write \(file): \(error.reason)")
            }
            run.output("  new snapshot \(file)")
        }
        return 0
    }
}

enum Snapshot {
    /// The rows that differ, numbered as frame rows: `-` expected, `+` actual
    /// (frames keep their row count, so rows pair up without a search).
    static func diff(expected: String, actual: String) -> String {
        let a = expected.split(separator: "\n", omittingEmptySubsequences: false)
        let b = actual.split(separator: "\n", omittingEmptySubsequences: false)
        var out: [String] = []
        for row in 0..<max(a.count, b.count) {
            let x = row < a.count ? String(a[row]) : nil
            let y = row < b.count ? String(b[row]) : nil
            if x == y { continue }
            if let x { out.append(String(format3(row + 1)) + " - " + x) }
            if let y { out.append(String(format3(row + 1)) + " + " + y) }
        }
        return out.joined(separator: "\n")
    }

    private static func format3(_ n: Int) -> String {
        let s = String(n)
        return String(repeating: " ", count: max(0, 3 - s.count)) + s
    }
}
