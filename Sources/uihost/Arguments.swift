import LuaBridge
import UIHost
import UIHostCore
import UIHostTesting

/// The command line (`uihost --help`, docs/API.md), parsed.
struct Arguments {
    enum Command: Equatable {
        case run(String)
        case render(String)
        case test([String])
        /// Internal: run one script and write records for the parent.
        case testWorker(String)
        case check([String])
        case stubs(String)
        /// `uihost plugins DIR…`: list and check the plugins in each folder.
        case plugins([String])
        /// `uihost fuzz SCREEN`: random input until something breaks.
        case fuzz(String)
        /// `uihost record SCREEN`: an interactive session, written as a test.
        case record(String)
        /// `uihost trust [DIR]`, `--list`, `--revoke [DIR]`: the projects whose grants are given.
        case trust(String?)
        /// `uihost serve SCREEN`: the screen in a browser, a session per tab.
        case serve(String)
        /// `uihost doctor [--json]`: what the terminal offers and what uihost will use.
        case doctor
        /// `uihost completions SHELL`: the completion script for bash, zsh or fish.
        case completions(String)
        /// `uihost manpage`: uihost(1) as roff.
        case manpage
        /// `uihost help` and `uihost help COMMAND`.
        case help(String?)
        case version
    }

    var command: Command = .help(nil)
    /// `stubs`: rewrite the project's .luarc.json and .luacheckrc even when they exist.
    var force = false
    /// `trust --list`: show the trusted projects.
    var listTrusted = false
    /// `trust --revoke`: forget a project instead of trusting it.
    var revoke = false
    /// `doctor --json`.
    var json = false
    var size: Size?
    /// `--keys`, read and checked once.
    var keys: KeySequence?
    /// `--keys` as given (the screen reader sends them to the core host).
    var keyNames = ""
    /// `--assets`; nil: the Assets folder of the screen's project.
    var assets: String?
    var plain = false
    var theme: Theme = .dark
    var format: FrameFormat = .text
    var ascii = false
    var watch = false
    /// `--screen-reader`: linear text instead of a frame.
    var screenReader = false
    var allow: Set<Capability> = []
    /// The words after `--`: the screen's `ui.args`.
    var screenArguments: [String] = []
    /// Whether `--` was given (it goes with a command that runs one screen).
    var hasScreenArguments = false
    /// `--env NAME`, repeatable: the variables `ui.env` may read.
    var environmentNames: [String] = []
    /// `--allow-path DIR`, repeatable: folders `fs` reaches besides the project.
    var allowedPaths: [String] = []
    /// `--plugins DIR`, repeatable.
    var pluginDirectories: [String] = []
    /// `--grant NAME=io,os`, repeatable.
    var grants: PluginGrants = [:]
    var maxInstructions: Int64 = ScriptLimits.defaults.maxInstructions ?? 0
    var maxMemoryMiB = ScriptLimits.defaults.maxMemory >> 20
    var maxSeconds = ScriptLimits.defaults.maxSeconds
    var noMouse = false
    var logFile: String?
    var updateSnapshots = false
    var junit: String?
    var jobs = 1
    var timeout = 10.0
    var shard: Shard?
    var coverage: String?
    var worker = false
    /// What the test runner hands a worker (`TestOptions.workerArgument`).
    var workerOptions: String?
    /// `fuzz --seconds N`: how long to explore.
    var fuzzSeconds = 10.0
    /// `fuzz --seed S`.
    var fuzzSeed: UInt64 = 1
    /// `-o FILE`: where `fuzz` writes the failing script.
    var output: String?
    /// Internal: `fuzz` run as the worker, logging to this file.
    var fuzzWorkerLog: String?
    /// Internal: `fuzz` replaying the events in this file.
    var fuzzReplay: String?
    /// `serve`: where it listens. nil: loopback (anything else must be asked for).
    var serveHost: String?
    var servePort = 8080
    var maxSessions = 16
    /// `serve --idle` as given (`30m`): the server checks it (uihost-serve).
    var idle: String?
    /// `serve --token-file`: a token shared by the servers behind one proxy.
    var tokenFile: String?
    /// The serve options given, to refuse them with another command.
    var serveOptions: [String] = []
    /// Internal: a session of `serve` (links written as text, for the page to link).
    var session = false

    struct UsageError: Error {
        let message: String
    }

    static func parse(_ argv: [String]) throws(UsageError) -> Arguments {
        var a = Arguments()
        var positional: [String] = []
        var i = 0
        func value(_ flag: String, _ inline: String?) throws(UsageError) -> String {
            if let inline { return inline }
            i += 1
            guard i < argv.count else { throw UsageError(message: "option \(flag) needs a value") }
            return argv[i]
        }
        while i < argv.count {
            let arg = argv[i]
            // Everything after `--` is the screen's, options or not.
            if arg == "--" {
                a.screenArguments = Array(argv[(i + 1)...])
                a.hasScreenArguments = true
                break
            }
            var flag = arg
            var inline: String?
            if arg.hasPrefix("--"), let eq = arg.firstIndex(of: "=") {
                flag = String(arg[..<eq])
                inline = String(arg[arg.index(after: eq)...])
            }
            // Only the options of the table (what help, the man page and the completions show).
            if arg.hasPrefix("-") && arg != "-" && CommandTable.option(flag) == nil && !isJobs(arg) {
                let spellings = CommandTable.shownOptions.flatMap(\.names)
                throw UsageError(message: "unknown option '\(arg)'" + suggestion(flag, spellings))
            }
            switch flag {
            case "--help", "-h": a.command = .help(nil); return a
            case "--version": a.command = .version; return a
            case "--size": a.size = try parseSize(try value(flag, inline))
            case "--keys":
                a.keyNames = try value(flag, inline)
                do {
                    a.keys = try KeySequence(a.keyNames)
                } catch {
                    throw UsageError(message: "--keys: " + error.message)
                }
            case "--assets": a.assets = try value(flag, inline)
            case "--plain": a.plain = true
            case "--theme": a.theme = try parseTheme(try value(flag, inline))
            case "--format": a.format = try parseFormat(try value(flag, inline))
            case "--ascii": a.ascii = true
            case "--watch": a.watch = true
            case "--screen-reader": a.screenReader = true
            case "--no-mouse": a.noMouse = true
            case "--update-snapshots": a.updateSnapshots = true
            case "--force": a.force = true
            case "--list": a.listTrusted = true
            case "--revoke": a.revoke = true
            case "--json": a.json = true
            case "--worker": a.worker = true
            case "--worker-options": a.workerOptions = try value(flag, inline)
            case "--allow":
                for name in try value(flag, inline).split(separator: ",") {
                    guard let cap = Capability(rawValue: String(name)) else {
                        throw UsageError(message: "--allow: unknown capability '\(name)' (expected io, os, fs or all)")
                    }
                    a.allow.insert(cap)
                }
            case "--plugins": a.pluginDirectories.append(try value(flag, inline))
            case "--allow-path":
                let dir = try value(flag, inline)
                guard FileSystem.isDirectory(dir) else { throw UsageError(message: "--allow-path: \(dir) is not a folder") }
                a.allowedPaths.append(dir)
            case "--env":
                let name = try value(flag, inline)
                guard let first = name.utf8.first, !(48...57).contains(first),
                      name.utf8.allSatisfy({ $0 == 95 || (48...57).contains($0) || (65...90).contains($0) || (97...122).contains($0) }) else {
                    throw UsageError(message: "--env: expected the name of an environment variable such as HOME, got '\(name)'")
                }
                a.environmentNames.append(name)
            case "--grant":
                let v = try value(flag, inline)
                let parts = v.split(separator: "=", maxSplits: 1).map(String.init)
                guard parts.count == 2, !parts[0].isEmpty else {
                    throw UsageError(message: "--grant: expected NAME=io,os (such as clock=os), got '\(v)'")
                }
                for name in parts[1].split(separator: ",") {
                    guard let cap = Capability(rawValue: String(name)), cap != .all else {
                        throw UsageError(message: "--grant: unknown permission '\(name)' (expected io, os or fs)")
                    }
                    a.grants[parts[0], default: []].insert(cap)
                }
            case "--max-instructions":
                let v = try value(flag, inline)
                guard let n = Int64(v), n > 0 else { throw UsageError(message: "--max-instructions: expected a positive integer, got '\(v)'") }
                a.maxInstructions = n
            case "--max-time":
                let v = try value(flag, inline)
                guard let s = Double(v), s >= 0, s <= 86_400 else { throw UsageError(message: "--max-time: expected seconds (0 for none), got '\(v)'") }
                a.maxSeconds = s
            case "--max-memory":
                let v = try value(flag, inline)
                guard let n = Int(v), n > 0, n <= 1 << 20 else { throw UsageError(message: "--max-memory: expected a size in MiB, got '\(v)'") }
                a.maxMemoryMiB = n
            case "--log": a.logFile = try value(flag, inline)
            case "--seconds":
                let v = try value(flag, inline)
                guard let t = Double(v), t > 0, t <= 86_400 else {
                    throw UsageError(message: "--seconds: expected a number of seconds above 0, got '\(v)'")
                }
                a.fuzzSeconds = t
            case "--seed":
                let v = try value(flag, inline)
                guard let n = UInt64(v) else { throw UsageError(message: "--seed: expected a whole number 0 or above, got '\(v)'") }
                a.fuzzSeed = n
            case "-o", "--output": a.output = try value(flag, inline)
            case "--fuzz-worker": a.fuzzWorkerLog = try value(flag, inline)
            case "--fuzz-replay": a.fuzzReplay = try value(flag, inline)
            case "--session": a.session = true
            case "--host":
                a.serveHost = try value(flag, inline)
                guard !a.serveHost!.isEmpty else { throw UsageError(message: "--host: expected an address such as 127.0.0.1 or 0.0.0.0") }
                a.serveOptions.append(flag)
            case "--port":
                let v = try value(flag, inline)
                guard let n = Int(v), (0...65535).contains(n) else { throw UsageError(message: "--port: expected a port 0 to 65535 (0: any free one), got '\(v)'") }
                a.servePort = n
                a.serveOptions.append(flag)
            case "--max-sessions":
                let v = try value(flag, inline)
                guard let n = Int(v), (1...10_000).contains(n) else { throw UsageError(message: "--max-sessions: expected a number 1 to 10000, got '\(v)'") }
                a.maxSessions = n
                a.serveOptions.append(flag)
            case "--idle":
                a.idle = try value(flag, inline)
                a.serveOptions.append(flag)
            case "--token-file":
                a.tokenFile = try value(flag, inline)
                a.serveOptions.append(flag)
            case "--junit": a.junit = try value(flag, inline)
            case "--coverage": a.coverage = try value(flag, inline)
            case "--shard":
                let v = try value(flag, inline)
                guard let shard = Shard(parsing: v) else {
                    throw UsageError(message: "--shard: expected K/N with 1 ≤ K ≤ N (such as 2/3), got '\(v)'")
                }
                a.shard = shard
            case "-j":
                let v = try value(flag, inline)
                guard let n = Int(v), n >= 1, n <= 256 else { throw UsageError(message: "-j: expected a number of jobs, got '\(v)'") }
                a.jobs = n
            case "--timeout":
                let v = try value(flag, inline)
                guard let t = Double(v), t > 0, t.isFinite else { throw UsageError(message: "--timeout: expected seconds, got '\(v)'") }
                a.timeout = t
            default:
                if isJobs(arg) {
                    a.jobs = Int(arg.dropFirst(2)) ?? 1
                } else if arg.hasPrefix("-") && arg != "-" {
                    // In the table but not handled above: a mistake here, not the user's.
                    throw UsageError(message: "option '\(flag)' is not handled (a bug in uihost)")
                } else {
                    positional.append(arg)
                }
            }
            i += 1
        }
        if a.json && positional.first != "doctor" {
            throw UsageError(message: "--json goes with doctor (uihost doctor --json)")
        }
        if (a.listTrusted || a.revoke) && positional.first != "trust" {
            throw UsageError(message: (a.listTrusted ? "--list" : "--revoke") + " goes with trust (uihost trust --list, uihost trust --revoke DIR)")
        }
        guard let first = positional.first else {
            throw UsageError(message: "no screen given")
        }
        let rest = Array(positional.dropFirst())
        let runsOneScreen = ["render"].contains(first) || !CommandTable.typedNames.contains(first)
        if a.hasScreenArguments && !runsOneScreen {
            throw UsageError(message: "-- ARGS goes with a screen: uihost SCREEN -- ARGS, or uihost render SCREEN -- ARGS")
        }
        switch first {
        case "render":
            guard rest.count == 1 else { throw UsageError(message: "render takes one screen (got \(rest.count))") }
            a.command = .render(rest[0])
        case "test":
            if a.worker {
                guard rest.count == 1 else { throw UsageError(message: "--worker takes one script") }
                a.command = .testWorker(rest[0])
            } else {
                a.command = .test(rest.isEmpty ? [FileSystem.isDirectory("Scripts/tests") ? "Scripts/tests" : "."] : rest)
            }
        case "check":
            guard !rest.isEmpty else { throw UsageError(message: "check needs at least one screen or folder") }
            a.command = .check(rest)
        case "help":
            guard rest.count <= 1 else { throw UsageError(message: "help takes one command at most") }
            guard rest.isEmpty || CommandTable.helpNames.contains(rest[0]) else {
                throw UsageError(message: "help: no command '\(rest[0])'" + Arguments.suggestion(rest[0], CommandTable.helpNames))
            }
            a.command = .help(rest.first)
        case "stubs":
            guard rest.count == 1 else { throw UsageError(message: "stubs takes one directory") }
            a.command = .stubs(rest[0])
        case "fuzz":
            guard rest.count == 1 else { throw UsageError(message: "fuzz takes one screen (got \(rest.count))") }
            a.command = .fuzz(rest[0])
        case "record":
            guard rest.count == 1 else { throw UsageError(message: "record takes one screen (got \(rest.count))") }
            a.command = .record(rest[0])
        case "plugins":
            guard !rest.isEmpty else { throw UsageError(message: "plugins needs a folder of plugins") }
            a.command = .plugins(rest)
        case "serve":
            guard rest.count == 1 else { throw UsageError(message: "serve takes one screen (got \(rest.count))") }
            a.command = .serve(rest[0])
            // The browser's window gives the size; the keys are the person's.
            for (given, flag) in [(a.size != nil, "--size"), (a.keys != nil, "--keys"), (a.screenReader, "--screen-reader")] where given {
                throw UsageError(message: "serve: \(flag) is not for serve (each tab has the size of its window)")
            }
        case "doctor":
            guard rest.isEmpty else { throw UsageError(message: "doctor takes no arguments (got '\(rest[0])')") }
            a.command = .doctor
        case "completions":
            guard rest.count == 1, Completions.shells.contains(rest[0]) else {
                throw UsageError(message: "completions takes one shell: " + Completions.shells.joined(separator: ", ")
                                 + (rest.first.map { " (got '\($0)')" + suggestion($0, Completions.shells) } ?? ""))
            }
            a.command = .completions(rest[0])
        case "manpage":
            guard rest.isEmpty else { throw UsageError(message: "manpage takes no arguments (got '\(rest[0])')") }
            a.command = .manpage
        case "trust":
            guard rest.count <= 1 else { throw UsageError(message: "trust takes one project folder at most") }
            guard !(a.listTrusted && a.revoke) else { throw UsageError(message: "trust: --list and --revoke go apart") }
            guard !(a.listTrusted && !rest.isEmpty) else { throw UsageError(message: "trust --list takes no folder") }
            a.command = .trust(rest.first)
        default:
            guard rest.isEmpty else { throw UsageError(message: "unexpected argument '\(rest[0])'") }
            a.command = .run(first)
        }
        if let flag = a.serveOptions.first {
            if case .serve = a.command {} else { throw UsageError(message: "\(flag) goes with serve (uihost serve SCREEN \(flag) …)") }
        }
        // A render prints a frame, exactly (docs and tests compare it); the
        // screen reader's lines are a session, which `uihost SCREEN
        // --screen-reader --keys "…"` already gives headless. One spelling.
        if a.screenReader {
            if case .run = a.command {} else {
                throw UsageError(message: "--screen-reader runs a screen (uihost SCREEN.lua --screen-reader --keys \"…\"); "
                                 + "\(first) does not take it")
            }
        }
        return a
    }

    /// `-j4`: the job count written against its flag.
    static func isJobs(_ arg: String) -> Bool {
        guard arg.hasPrefix("-j"), let n = Int(arg.dropFirst(2)) else { return false }
        return n >= 1 && n <= 256
    }

    /// ` (did you mean 'x'?)` for a near miss, else "".
    static func suggestion(_ word: String, _ known: [String]) -> String {
        UIHostCore.suggestion(for: word, among: known).map { " (did you mean '\($0)'?)" } ?? ""
    }

    /// `COLSxROWS`, each 1…1000: a terminal is never empty (`test.open` allows 0, to test drawing in nothing).
    static func parseSize(_ s: String) throws(UsageError) -> Size {
        guard let size = Size(parsing: s) else {
            throw UsageError(message: "--size: expected COLSxROWS such as 80x24, got '\(s)'")
        }
        guard size.isWithin(1...1000) else {
            throw UsageError(message: "--size: \(s) is out of range (1x1 to 1000x1000)")
        }
        return size
    }

    static func parseTheme(_ name: String) throws(UsageError) -> Theme {
        if let theme = Theme.named(name) { return theme }
        let names = Theme.builtIn.map(\.name)
        var message = "--theme: unknown theme '\(name)' (expected " + names.joined(separator: ", ") + ")"
        if let guess = UIHostCore.suggestion(for: name, among: names) { message += " (did you mean '\(guess)'?)" }
        throw UsageError(message: message)
    }

    static func parseFormat(_ name: String) throws(UsageError) -> FrameFormat {
        if let format = FrameFormat(rawValue: name) { return format }
        let names = FrameFormat.allCases.map(\.rawValue)
        var message = "--format: unknown format '\(name)' (expected " + names.joined(separator: ", ") + ")"
        if let guess = UIHostCore.suggestion(for: name, among: names) { message += " (did you mean '\(guess)'?)" }
        throw UsageError(message: message)
    }

    /// The arguments of a `serve` session's child: the screen and every option
    /// of `uihost SCREEN` that was given, so that each tab runs with the same
    /// sandbox, limits, plugins, grants and look.
    func sessionArguments(screen: String) -> [String] {
        var out = [screen, "--session"]
        if plain { out.append("--plain") }
        if ascii { out.append("--ascii") }
        if noMouse { out.append("--no-mouse") }
        if watch { out.append("--watch") }
        out += ["--theme", theme.name]
        if let assets { out += ["--assets", assets] }
        if !allow.isEmpty { out += ["--allow", allow.map(\.rawValue).sorted().joined(separator: ",")] }
        for directory in pluginDirectories { out += ["--plugins", directory] }
        for name in grants.keys.sorted() {
            out += ["--grant", name + "=" + grants[name]!.map(\.rawValue).sorted().joined(separator: ",")]
        }
        out += ["--max-instructions", String(maxInstructions), "--max-time", String(maxSeconds),
                "--max-memory", String(maxMemoryMiB)]
        if let logFile { out += ["--log", logFile] }
        return out
    }
}
