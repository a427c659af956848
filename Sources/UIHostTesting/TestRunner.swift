import Glibc
import LuaBridge
import UIHostCore

public struct TestOptions: Sendable {
    public var updateSnapshots: Bool
    public var size: Size
    /// Per-case time limit in seconds.
    public var timeout: Double
    /// Scripts run at once, each in a worker process.
    public var jobs: Int
    public var junit: String?
    /// Where `test.open` apps find their images unless the script says.
    /// `--assets`; nil: the Assets folder of each opened screen's project.
    public var assets: String?
    /// The limits of the apps `test.open` starts (`--max-instructions`, `--max-time`, `--max-memory`).
    public var limits = ScriptLimits.defaults
    /// `--shard K/N`: run only this slice of the cases.
    public var shard: Shard?
    /// `--coverage FILE`: where the LCOV line coverage of the apps' scripts goes
    /// (in a worker, any value: count lines and report them).
    public var coverage: String?

    public init(updateSnapshots: Bool = false, size: Size = Size(cols: 80, rows: 24), timeout: Double = 10,
                jobs: Int = 1, junit: String? = nil, assets: String? = nil) {
        self.assets = assets
        self.updateSnapshots = updateSnapshots
        self.size = size
        self.timeout = timeout
        self.jobs = jobs
        self.junit = junit
    }
}

/// A monotonic clock for timing cases.
enum EventClock {
    static func now() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    static func seconds(since start: Double) -> Double { now() - start }
}

/// `uihost test`: runs automation scripts in which a global `test` drives
/// headless apps (docs/API.md §10). Each script has a Lua state of its own; each app
/// it opens is a separate host with its own state.
public final class TestRunner {
    let options: TestOptions
    /// Report lines hold what scripts printed and raised: escaped, so none reaches the terminal raw.
    var output: (String) -> Void = { print(TerminalText.escape($0)) }
    private(set) var passed = 0
    private(set) var failed = 0

    public init(options: TestOptions) {
        self.options = options
    }

    /// Runs every script found under `paths`, each in a worker process (so
    /// that one that crashes or hangs fails only its own cases), `jobs` at a
    /// time; prints the reports in script order; returns the exit status.
    public func run(paths: [String]) -> Int32 {
        // An unwritable report is a usage error found before the tests, not after them.
        for (flag, file) in [("--junit", options.junit), ("--coverage", options.coverage)] {
            guard let file else { continue }
            do throws(FileSystem.Failure) {
                try FileSystem.checkWritable(file)
            } catch {
                FileSystem.writeStandardError(TerminalText.escape("uihost: \(flag): cannot write \(file): \(error.reason)") + "\n")
                return 2
            }
        }
        var scripts: [String] = []
        for path in paths {
            if FileSystem.isDirectory(path) {
                scripts += TestRunner.discover(path)
            } else if !FileSystem.exists(path) {
                FileSystem.writeStandardError(TerminalText.escape("uihost: cannot open \(path): No such file or directory") + "\n")
                return 2
            } else if let reason = FileSystem.notRegularFile(path) {
                // A FIFO would block the worker that opens it.
                FileSystem.writeStandardError(TerminalText.escape("uihost: cannot open \(path): \(reason)") + "\n")
                return 2
            } else {
                scripts.append(path)
            }
        }
        scripts = Array(Set(scripts)).sorted()
        let pool = WorkerPool(scripts: scripts, options: options, output: output)
        let results = pool.run()
        for suite in results {
            passed += suite.cases.filter(\.passed).count
            failed += suite.cases.filter { !$0.passed }.count
        }
        for line in RunReport.slowest(results) { output(line) }
        output("\(passed) passed, \(failed) failed" + (options.shard.map { " (shard \($0.text))" } ?? ""))
        if let junit = options.junit {
            do throws(FileSystem.Failure) {
                try FileSystem.write(junit, JUnit.report(results))
            } catch {
                // The report is lost, but a failing run still says so by its status.
                FileSystem.writeStandardError(TerminalText.escape("uihost: cannot write \(junit): \(error.reason)") + "\n")
                return failed > 0 ? 1 : 2
            }
        }
        if let file = options.coverage {
            do throws(FileSystem.Failure) {
                try FileSystem.write(file, pool.coverage.inside(TestRunner.projectFolders(of: scripts)).lcov)
            } catch {
                FileSystem.writeStandardError(TerminalText.escape("uihost: cannot write \(file): \(error.reason)") + "\n")
                return failed > 0 ? 1 : 2
            }
        }
        return failed > 0 ? 1 : 0
    }

    /// Worker mode: runs one script in this process, writing records to stdout.
    /// A worker runs its script from the script's project root (the nearest
    /// folder above it holding `screens/` or a `uihost.lua`), so that the paths
    /// a test names (`test.open("screens/x.lua")`, `io.open("library/…")`) mean
    /// the same wherever `uihost test` was started. Returns the script's path
    /// from there.
    static func enterProject(of script: String) -> String {
        guard let root = ProjectPaths.projectRoot(of: script), let full = FileSystem.realPath(script),
              full.hasPrefix(root + "/"), chdir(root) == 0 else { return script }
        return String(full.dropFirst(root.count + 1))
    }

    public func runWorker(script: String) -> Int32 {
        // Records go straight to the pipe (unbuffered), so the parent sees progress as it happens.
        let line = { (text: String) in _ = FileSystem.writeStandardOutput(text + "\n") }
        // What the script writes to stderr joins its output in the pipe, where the
        // parent escapes it, instead of reaching the terminal raw.
        dup2(1, 2)
        let run = ScriptRun(path: TestRunner.enterProject(of: script), options: options, output: line)
        run.onRegistered = { names in for name in names { line(WorkerProtocol.registered(name)) } }
        run.onShardedAway = { line(WorkerProtocol.shardedAway($0)) }
        run.onStart = { line(WorkerProtocol.started($0)) }
        run.onFinish = { line(WorkerProtocol.finished($0)) }
        run.coverage = options.coverage == nil ? nil : LuaCoverage()
        run.execute()
        if let coverage = run.coverage {
            run.closeApps()
            var report = CoverageReport()
            report.merge(coverage)
            for (path, lines) in report.files { line(CoverageReport.record(path, lines)) }
        }
        return run.failed > 0 ? 1 : 0
    }

    /// The folders a coverage report may list files of: each script's project
    /// root (the folder its worker runs from), or the current folder for a
    /// script outside any project; real paths, as the report's are.
    static func projectFolders(of scripts: [String]) -> [String] {
        let current = FileSystem.realPath(".")
        return Array(Set(scripts.compactMap { ProjectPaths.projectRoot(of: $0) ?? current })).sorted()
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
