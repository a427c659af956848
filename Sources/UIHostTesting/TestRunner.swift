import CLua
import CLuaShim
import Glibc
import LuaBridge
import UIHostCore

public struct TestOptions: Sendable {
    public var updateSnapshots: Bool
    public var size: Size

    public init(updateSnapshots: Bool = false, size: Size = Size(cols: 80, rows: 24)) {
        self.updateSnapshots = updateSnapshots
        self.size = size
    }
}

/// `uihost test`: runs automation scripts in which a global `test` drives
/// headless apps (SPEC §4). Each script has a Lua state of its own; each app
/// it opens is a separate host with its own state.
public final class TestRunner {
    let options: TestOptions
    var output: (String) -> Void = { print($0) }
    private(set) var passed = 0
    private(set) var failed = 0

    public init(options: TestOptions) {
        self.options = options
    }

    /// Runs every script found under `paths`; returns the exit status.
    public func run(paths: [String]) -> Int32 {
        var scripts: [String] = []
        for path in paths {
            if FileSystem.isDirectory(path) {
                scripts += TestRunner.discover(path)
            } else if FileSystem.exists(path) {
                scripts.append(path)
            } else {
                FileSystem.writeStandardError("uihost: cannot open \(path): No such file or directory\n")
                return 2
            }
        }
        for script in scripts {
            let run = ScriptRun(path: script, options: options, output: output)
            run.execute()
            passed += run.passed
            failed += run.failed
        }
        output("\(passed) passed, \(failed) failed")
        return failed > 0 ? 1 : 0
    }

    /// `*_test.lua` files under a folder, sorted, recursively.
    static func discover(_ directory: String) -> [String] {
        var found: [String] = []
        for name in FileSystem.list(directory) {
            let path = FileSystem.join(directory, name)
            if name == "__snapshots__" || name.hasPrefix(".") { continue }
            if FileSystem.isDirectory(path) {
                found += discover(path)
            } else if name.hasSuffix("_test.lua") {
                found.append(path)
            }
        }
        return found
    }
}
