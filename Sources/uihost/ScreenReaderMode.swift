import Glibc
import LuaBridge
import UIHost

/// `uihost SCREEN --screen-reader`: linear text instead of a frame, one line
/// per change. Keys come from `--keys` (said after each), else from standard
/// input (`ScriptHost.runScreenReader`).
func runScreenReader(_ path: String, _ args: Arguments) -> Never {
    guard FileSystem.exists(path) else { usageExit("cannot open \(path): No such file or directory") }
    let host = scriptHost(args)
    guard !args.keyNames.isEmpty else {
        let code: Int32
        do throws(ScriptHostError) {
            code = try host.runScreenReader(path) { standardOutput($0) }
        } catch {
            scriptFailed(error)
        }
        exit(code)
    }
    let app: ScriptApp
    do {
        app = try host.open(path)
    } catch {
        scriptFailed(error)
    }
    for line in app.announcements() { standardOutput(line) }
    // The parser checked every name (`Arguments.keys`).
    for name in args.keyNames.split(separator: " ") where app.quitCode == nil {
        do {
            try app.press(String(name))
        } catch {
            usageExit(error.message)
        }
        for line in app.announcements() { standardOutput(line) }
    }
    exit(app.quitCode ?? 0)
}
