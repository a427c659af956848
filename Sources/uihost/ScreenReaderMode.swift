import Glibc
import LuaBridge
import UIHost

/// `uihost SCREEN --screen-reader`: linear text instead of a frame, one line
/// per change. Keys come from `--keys` (said after each), else from standard
/// input (`ScriptHost.runScreenReader`).
func runScreenReader(_ path: String, _ args: Arguments) throws(CommandExit) -> Int32 {
    try CommandExit.requireFile(path)
    let host = scriptHost(args)
    guard !args.keyNames.isEmpty else {
        do throws(ScriptHostError) {
            return try host.runScreenReader(path) { standardOutput($0) }
        } catch {
            throw .script(error)
        }
    }
    let app: ScriptApp
    do {
        app = try host.open(path)
    } catch {
        throw .script(error)
    }
    for line in app.announcements() { standardOutput(line) }
    // The parser checked every name (`Arguments.keys`).
    for name in args.keyNames.split(separator: " ") where app.quitCode == nil {
        do {
            try app.press(String(name))
        } catch {
            throw .usage(error.message)
        }
        for line in app.announcements() { standardOutput(line) }
    }
    return app.quitCode ?? 0
}
