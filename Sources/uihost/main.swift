import Glibc
import LuaBridge
import TerminalIO
import UIHost
import UIHostCore
import UIHostTesting

/// uihost: parse the command line, run the subcommand, map errors to exit codes
/// (docs/API.md, "Command line": 0 success, 1 a test failed or the output could not be written,
/// 2 usage, 3 script error).
let version = "0.1.0"

/// Every message on stderr can carry script text (an error, a field name, a
/// print): escaped, so that none of it drives the terminal.
func standardError(_ text: String) {
    let safe = TerminalText.escape(text)
    FileSystem.writeStandardError(safe.hasSuffix("\n") ? safe : safe + "\n")
}

/// Writes a frame or a report line to stdout; a write that fails (stdout
/// closed, a full disk) ends the program with status 1 rather than lose it silently.
/// `escaped: false` only for text uihost itself made safe (a frame's styled
/// output: its cells hold no control characters, its escapes are ours).
func standardOutput(_ text: String, exitCode: Int32 = 1, escaped: Bool = true) {
    guard FileSystem.writeStandardOutput((escaped ? TerminalText.escape(text) : text) + "\n") else {
        standardError("uihost: cannot write to standard output: \(String(cString: strerror(errno)))")
        exit(exitCode)
    }
}

func environment(_ name: String) -> String? { getenv(name).map { String(cString: $0) } }

/// `NO_COLOR` set and not empty (no-color.org): no colour anywhere.
func noColor() -> Bool { environment("NO_COLOR").map { !$0.isEmpty } ?? false }

/// The variables named with `--env`, read once at start: all `ui.env` sees.
func namedEnvironment(_ args: Arguments) -> [String: String?] {
    var named: [String: String?] = [:]
    for name in args.environmentNames { named[name] = .some(environment(name)) }
    return named
}

/// The core host of a screen, or its error: what the testing tools
/// (`record`, `fuzz`) drive below the library, with `options` that
/// `ScriptHost.hostOptions(for:)` made.
func loadHost(_ path: String, _ host: ScriptHost, options: HostOptions) throws(CommandExit) -> Host {
    try CommandExit.requireFile(path)
    do {
        return try host.makeHost(path, options: options)
    } catch {
        throw .script(error)
    }
}

/// The core options of a screen's host, or its error (an unknown theme).
func coreOptions(_ path: String, _ host: ScriptHost) throws(CommandExit) -> HostOptions {
    do {
        return try host.hostOptions(for: path)
    } catch {
        throw .script(error)
    }
}

/// The library's host with the options of the command line: what every
/// command that runs a screen or reads plugins starts from (docs/EMBEDDING.md).
func scriptHost(_ args: Arguments) -> ScriptHost {
    var o = ScriptHost.Options()
    if let size = args.size { (o.columns, o.rows) = (size.cols, size.rows) }
    o.ascii = args.ascii
    o.theme = args.theme.name
    o.assetsDirectory = args.assets
    o.allowIO = args.allow.contains(.io)
    o.allowOS = args.allow.contains(.os)
    o.allowAll = args.allow.contains(.all)
    o.allowFS = args.allow.contains(.fs)
    o.allowedPaths = args.allowedPaths
    o.arguments = args.screenArguments
    o.environment = namedEnvironment(args)
    o.maxInstructions = args.maxInstructions
    o.maxSeconds = args.maxSeconds
    o.maxMemory = args.maxMemoryMiB << 20
    o.plugins = args.pluginDirectories
    o.grants = args.grants.mapValues { $0.map(\.rawValue).sorted() }
    o.trustStore = Trust.userStore?.path
    o.log = { standardError($0) }
    // Interactive runs send the log to a file; this one line is for the person who opened the screen.
    o.notice = { standardError($0) }
    return ScriptHost(options: o)
}

/// `render`: apply the keys headless, print the final frame. A screen that
/// does not load still prints a frame: blank, with the error banner (docs/API.md, "Errors").
func render(_ path: String, _ args: Arguments) throws(CommandExit) -> Int32 {
    try CommandExit.requireFile(path)
    let plain = args.plain || noColor()
    let host = scriptHost(args)
    host.options.color = !plain
    host.options.linkURLs = plain || args.format == .text
    let app: ScriptApp
    do {
        app = try host.open(path)
    } catch {
        standardOutput(host.errorFrame(error), exitCode: 3)
        throw .script(error)
    }
    if let keys = args.keys { app.press(keys) }
    standardOutput(app.render(args.format), exitCode: app.errors.isEmpty ? 1 : 3, escaped: args.format == .text)
    // The process ends with this frame, and the kernel takes its memory back
    // at once: the app is not torn down (closing the Lua state and freeing
    // the tree, object by object, was 0.24 M instructions, 4% of a render; as
    // clang's -disable-free). Except with `--allow all`: its `__gc`
    // finalizers run when the Lua state closes.
    if !host.options.allowAll { _ = Unmanaged.passRetained(app) }
    return app.errors.isEmpty ? app.quitCode ?? 0 : 3
}

/// Where `print` and `ui.log` go interactively: `--log FILE`, else
/// `$XDG_STATE_HOME/uihost/uihost.log` (`~/.local/state/uihost/uihost.log`).
/// Only says where (`uihost doctor` reports it); `logPath` makes its folder.
func logLocation(_ args: Arguments) -> String? {
    if let file = args.logFile { return file }
    guard let state = environment("XDG_STATE_HOME") ?? environment("HOME").map({ $0 + "/.local/state" }) else { return nil }
    return state + "/uihost/uihost.log"
}

/// The log file's place, its folder made, for a run that writes it.
func logPath(_ args: Arguments) -> String? {
    guard let path = logLocation(args) else { return nil }
    if args.logFile == nil { FileSystem.makeDirectories(FileSystem.directory(of: path)) }
    return path
}

/// A screen on a terminal: raw mode, the diff renderer, keys and mouse.
func runInteractive(_ path: String, _ args: Arguments) throws(CommandExit) -> Int32 {
    let host = scriptHost(args)
    host.options.mouse = !args.noMouse
    host.options.color = !args.plain
    host.options.watch = args.watch
    // A browser session (`serve`): xterm.js shows no OSC 8 link, but links
    // the URLs it sees in the text.
    if args.session {
        host.options.linkURLs = true
        host.options.waitsForSize = true
    }
    // `--log -` holds the lines for stderr after the app; else they go to the file.
    let held = args.logFile == "-" ? HeldLog() : nil
    let file = held == nil ? logPath(args) : nil
    let log = file.flatMap { LogFile(path: $0) }
    let tally = LogTally()
    host.options.log = { text in
        if let held { held.write(text) } else { log?.write(text) }
        tally.count()
    }
    try CommandExit.requireFile(path)
    var ended: ScriptApp?
    let code: Int32
    do {
        code = try host.run(path) { ended = $0 }
    } catch {
        throw .script(error)
    }
    held?.flush()
    if let app = ended, let last = app.errors.last, app.quitCode == nil && code != 0 {
        standardError("uihost: " + last)
    }
    if let file, log != nil, tally.lines > 0 {
        let lines = tally.lines == 1 ? "1 line" : "\(tally.lines) lines"
        standardError("uihost: \(lines) of print, ui.log and error output went to \(file); --log - writes them here instead")
    }
    return code
}

/// `check`: load every screen; report every problem of each.
func check(_ paths: [String], _ args: Arguments) throws(CommandExit) -> Int32 {
    var failed = false
    // A folder stands for the screens directly in it.
    let screens = paths.flatMap { path in
        FileSystem.isDirectory(path)
            ? FileSystem.list(path).filter { $0.hasSuffix(".lua") && !$0.hasPrefix(".") && $0 != Host.configName }.sorted()
                .map { FileSystem.join(path, $0) }
            : [path]
    }
    let host = scriptHost(args)
    for path in screens {
        try CommandExit.requireFile(path)
        let problems = host.check(path)
        if problems.isEmpty {
            standardOutput("ok \(path)", exitCode: failed ? 3 : 1)
        } else {
            failed = true
            for problem in problems { standardError("uihost: " + problem) }
        }
    }
    return failed ? 3 : 0
}

/// `plugins DIR…`: one line per plugin (name, version, permissions, ok or
/// its problems); 0, or 3 when one is broken.
func listPlugins(_ directories: [String], _ args: Arguments) throws(CommandExit) -> Int32 {
    let host = scriptHost(args)
    host.options.log = { _ in }
    var broken = false
    for directory in directories {
        guard FileSystem.isDirectory(directory) else { throw .usage("plugins: \(directory) is not a folder") }
        host.options.plugins = [directory]
        let reports: [ScriptHost.PluginReport]
        do {
            reports = try host.inspectPlugins()
        } catch {
            standardError("uihost: " + error.message)
            return 3
        }
        // A folder's name and what a manifest says are the plugin's: each
        // report and each problem stays one line, whatever they hold.
        if reports.isEmpty { standardOutput(TerminalText.oneLine("\(directory): no plugins")) }
        for report in reports {
            let permissions = report.permissions.map { report.granted.contains($0) ? $0 : $0 + " (not granted)" }
            var line = "\(report.name) \(report.version ?? "-")"
            line += permissions.isEmpty ? "  no permissions" : "  permissions: " + permissions.joined(separator: ", ")
            line += report.loaded ? "  ok" : "  BROKEN"
            standardOutput(TerminalText.oneLine(line), exitCode: 3)
            for problem in report.problems { standardOutput("  " + TerminalText.oneLine(problem), exitCode: 3) }
            if !report.loaded { broken = true }
        }
    }
    return broken ? 3 : 0
}

func testOptions(_ args: Arguments) -> TestOptions {
    var options = TestOptions(updateSnapshots: args.updateSnapshots, size: args.size ?? Size(cols: 80, rows: 24),
                              timeout: args.timeout, jobs: args.jobs, junit: args.junit, assets: args.assets)
    options.limits = scriptLimits(args)
    options.shard = args.shard
    options.coverage = args.coverage
    return options
}

func scriptLimits(_ args: Arguments) -> ScriptLimits {
    ScriptLimits(maxInstructions: args.maxInstructions, maxSeconds: args.maxSeconds, maxMemory: args.maxMemoryMiB << 20)
}

/// Runs the command the arguments name: its exit status, or how it ended early.
func run(_ arguments: Arguments) throws(CommandExit) -> Int32 {
    switch arguments.command {
    case .help(let command):
        standardOutput(Help.text(for: command))
        return 0
    case .doctor:
        return Doctor.run(arguments)
    case .completions(let shell):
        // The parser took only the shells `Completions` writes.
        standardOutput(Completions.script(for: shell) ?? "", escaped: false)
        return 0
    case .manpage:
        standardOutput(ManPage.text, escaped: false)
        return 0
    case .version:
        print("uihost \(version)")
        return 0
    case .run(let path):
        // A log that cannot be written would drop every line unseen: say so before the screen starts.
        if let file = arguments.logFile, file != "-" {
            do throws(FileSystem.Failure) {
                try FileSystem.checkWritable(file)
            } catch {
                throw .usage("--log: cannot write \(file): \(error.reason)")
            }
        }
        if arguments.screenReader { return try runScreenReader(path, arguments) }
        if Terminal.isTerminal(0) && Terminal.isTerminal(1) { return try runInteractive(path, arguments) }
        return try render(path, arguments)
    case .render(let path):
        return try render(path, arguments)
    case .check(let paths):
        return try check(paths, arguments)
    case .test(let paths):
        return TestRunner(options: testOptions(arguments)).run(paths: paths)
    case .testWorker(let script):
        guard let options = arguments.workerOptions.map({ TestOptions(workerArgument: $0) }) ?? testOptions(arguments) else {
            throw .usage("--worker-options: not options the test runner wrote")
        }
        return TestRunner(options: options).runWorker(script: script)
    case .record(let path):
        return try record(path, arguments)
    case .fuzz(let path):
        return try fuzz(path, arguments)
    case .plugins(let directories):
        return try listPlugins(directories, arguments)
    case .serve(let path):
        try ServeLauncher.exec(path, arguments)
    case .trust(let directory):
        return try Trust.run(directory, arguments)
    case .stubs(let directory):
        let wrote = Stubs.write(to: directory)
        guard wrote == 0 else { return wrote }
        return ProjectConfig.write(library: directory, stubs: Stubs.uihostLua, force: arguments.force)
    }
}

// The one place the program ends, whatever the command: with its status, or
// with what ended it early said on stderr.
let status: Int32
do throws(CommandExit) {
    let arguments: Arguments
    do {
        arguments = try Arguments.parse(Array(CommandLine.arguments.dropFirst()))
    } catch {
        throw .usage(error.message)
    }
    status = try run(arguments)
} catch {
    if let message = error.message { standardError(message) }
    status = error.status
}
exit(status)
