import UIHost
import UIHostCore

/// The command line as data: every subcommand and option, once. The parser
/// accepts only the options listed here, and `uihost help`, the man page
/// (`uihost manpage`) and the shell completions (`uihost completions SHELL`)
/// are all written from it, so none of them can name an option the others lack
/// (swift-argument-parser builds its help and completion scripts the same way).
enum CommandTable {
    /// What a command's operands are, for the completions.
    enum Operand: Equatable {
        case none
        /// Screen files (`*.lua`).
        case screen
        /// Files or folders.
        case paths
        /// Folders.
        case folders
        /// One of these words.
        case words([String])
    }

    /// One subcommand. `run` is `uihost SCREEN.lua`, named in the table but not typed.
    struct Command {
        let name: String
        /// The overview's line(s) for it: `uihost render SCREEN.lua [options]`.
        let synopsis: [String]
        /// The overview's description, beside the synopsis.
        let summary: [String]
        let operand: Operand
        /// The long help (`uihost help NAME`), starting with its usage line(s).
        let help: String
        /// Whether its name is typed (false for `run`, which is `uihost SCREEN`).
        var typed = true
    }

    /// What an option's value is, for the completions.
    enum Value: Equatable {
        /// Free text, shown as this placeholder.
        case text(String)
        case file(String)
        case folder(String)
        /// One of these words.
        case choice(String, [String])

        var placeholder: String {
            switch self {
            case .text(let p), .file(let p), .folder(let p), .choice(let p, _): p
            }
        }
    }

    struct Option {
        /// Spellings, the first the one shown: `["--help", "-h"]`.
        let names: [String]
        let value: Value?
        /// The overview's description lines.
        let help: [String]
        /// The commands it is for; empty: any command that runs a screen.
        var commands: [String] = []
        /// Internal (the test runner's workers, the fuzzer's child): parsed, never shown.
        var hidden = false
        /// May be given more than once (`--plugins A --plugins B`).
        var repeatable = false

        var name: String { names[0] }
    }

    // MARK: - The commands

    static let commands: [Command] = [
        Command(name: "run", synopsis: ["uihost SCREEN.lua [options] [-- ARGS]"],
                summary: ["run a screen (acts as `render` without a terminal)"],
                operand: .screen, help: Help.run, typed: false),
        Command(name: "render", synopsis: ["uihost render SCREEN.lua [options] [-- ARGS]"],
                summary: ["apply --keys headless and print the final frame"], operand: .screen, help: Help.render),
        Command(name: "test", synopsis: ["uihost test [PATH ...] [options]"],
                summary: ["run automation scripts (*_test.lua in folders)"], operand: .paths, help: Help.test),
        Command(name: "check", synopsis: ["uihost check PATH ..."],
                summary: ["load and validate screens (and folders of them)"], operand: .paths, help: Help.check),
        Command(name: "record", synopsis: ["uihost record SCREEN.lua [-o FILE]"],
                summary: ["run the screen; on quit, write the session as a test"], operand: .screen, help: Help.record),
        Command(name: "fuzz", synopsis: ["uihost fuzz SCREEN.lua [--seconds N] [--seed S] [-o FILE]"],
                summary: ["random input until something breaks; writes", "the shrunk failing sequence as a test"],
                operand: .screen, help: Help.fuzz),
        Command(name: "stubs", synopsis: ["uihost stubs DIR [--force]"],
                summary: ["write the LuaLS stubs into DIR, and .luarc.json", "and .luacheckrc here"],
                operand: .folders, help: Help.stubs),
        Command(name: "serve", synopsis: ["uihost serve SCREEN.lua [--port N] [--host ADDR] [--max-sessions N] [--idle T]"],
                summary: ["the screen in a browser: one session per tab"], operand: .screen, help: Help.serve),
        Command(name: "plugins", synopsis: ["uihost plugins DIR ..."],
                summary: ["list the plugins in each folder and check them", "(exit 3 when one is broken)"],
                operand: .folders, help: Help.plugins),
        Command(name: "trust", synopsis: ["uihost trust [DIR]"],
                summary: ["let the project's uihost.lua grant its plugins", "capabilities (--list, --revoke DIR)"],
                operand: .folders, help: Help.trust),
        Command(name: "doctor", synopsis: ["uihost doctor [--json]"],
                summary: ["what this terminal offers and what uihost will use"], operand: .none, help: Help.doctor),
        Command(name: "completions", synopsis: ["uihost completions bash|zsh|fish"],
                summary: ["the shell completion script for uihost"], operand: .words(Completions.shells),
                help: Help.completions),
        Command(name: "manpage", synopsis: ["uihost manpage"],
                summary: ["the man page uihost(1), as roff"], operand: .none, help: Help.manpage),
        Command(name: "help", synopsis: ["uihost help [COMMAND]"],
                summary: ["this text, or more about one command"], operand: .words([]), help: Help.overviewUsage),
    ]

    /// The names a user types after `uihost` (and `uihost help` takes).
    static var typedNames: [String] { commands.filter(\.typed).map(\.name) }

    /// Every command `uihost help NAME` explains: the typed ones and `run`.
    static var helpNames: [String] { commands.map(\.name) }

    static func command(_ name: String) -> Command? { commands.first { $0.name == name } }

    // MARK: - The options

    /// The commands that run a screen: where the options for one apply.
    static let screenCommands = ["run", "render", "test", "check", "record", "fuzz", "serve"]

    static let options: [Option] = [
        Option(names: ["--size"], value: .text("COLSxROWS"),
               help: ["frame size (default: the terminal's, or 80x24 headless)"],
               commands: ["run", "render", "test", "check", "record", "fuzz"]),
        Option(names: ["--keys"], value: .text("\"K K ...\""),
               help: ["(render) key names applied in order; wait:MS advances the clock"], commands: ["run", "render"]),
        Option(names: ["--assets"], value: .folder("DIR"),
               help: ["where ui.image finds assets (default: the nearest Assets/",
                      "at or above the screen's folder)"]),
        Option(names: ["--plain"], value: nil, help: ["no colour or attributes (as does NO_COLOR)"],
               commands: screenCommands + ["doctor"]),
        Option(names: ["--theme"], value: .choice("NAME", Theme.builtIn.map(\.name)),
               help: ["colours of the theme tokens: dark (default), light, mono"]),
        Option(names: ["--format"], value: .choice("FORMAT", FrameFormat.allCases.map(\.rawValue)),
               help: ["(render) text (default), ansi, svg or html; the last",
                      "three in full colour unless --plain or NO_COLOR"], commands: ["run", "render"]),
        Option(names: ["--ascii"], value: nil, help: ["ASCII-only glyphs"]),
        Option(names: ["--watch"], value: nil,
               help: ["reload the screen when it or a required module changes,",
                      "keeping typed values, cursors, open tabs and focus, and",
                      "calling onChange of what it gave back"], commands: ["run"]),
        Option(names: ["--screen-reader"], value: nil,
               help: ["linear text instead of a frame: the focused control and",
                      "one line per change (keys from --keys or standard input);",
                      "running a screen only (render prints a frame)"], commands: ["run"]),
        Option(names: ["--allow"], value: .choice("CAP,...", Capability.allCases.map(\.rawValue)),
               help: ["lift parts of the sandbox: io, os, fs, all"]),
        Option(names: ["--allow-path"], value: .folder("DIR"),
               help: ["a folder fs may reach besides the project (repeatable)"], repeatable: true),
        Option(names: ["--env"], value: .text("NAME"),
               help: ["a variable ui.env may read (repeatable); no other is visible"], repeatable: true),
        Option(names: ["--plugins"], value: .folder("DIR"),
               help: ["load the plugins in DIR (repeatable; also plugins = { \"DIR\" }",
                      "in a uihost.lua beside the screen)"], repeatable: true),
        Option(names: ["--grant"], value: .text("NAME=CAP,..."),
               help: ["give plugin NAME the io, os and/or fs it asks for (repeatable);",
                      "a grant in uihost.lua counts only once the project is",
                      "trusted (uihost help trust)"], commands: screenCommands + ["plugins"], repeatable: true),
        Option(names: ["--max-instructions"], value: .text("N"),
               help: ["instruction budget per handler call (default 100000000)"], commands: screenCommands + ["plugins"]),
        Option(names: ["--max-time"], value: .text("S"),
               help: ["CPU seconds per handler call, for work inside library",
                      "functions (default 5; 0 for none)"], commands: screenCommands + ["plugins"]),
        Option(names: ["--max-memory"], value: .text("MiB"),
               help: ["memory limit for scripts (default 256)"], commands: screenCommands + ["plugins"]),
        Option(names: ["--no-mouse"], value: nil, help: ["do not ask the terminal for mouse reports"], commands: ["run", "record", "doctor"]),
        Option(names: ["--log"], value: .file("FILE"),
               help: ["where print and ui.log go when interactive; --log - holds",
                      "them and writes them to stderr after the app exits"], commands: ["run", "record", "doctor"]),
        Option(names: ["--update-snapshots"], value: nil,
               help: ["(test) rewrite snapshot files instead of comparing"], commands: ["test"]),
        Option(names: ["--junit"], value: .file("FILE"), help: ["(test) also write a JUnit XML report"], commands: ["test"]),
        Option(names: ["--coverage"], value: .file("FILE"),
               help: ["(test) write LCOV line coverage of the screens the tests ran"], commands: ["test"]),
        Option(names: ["-j"], value: .text("N"), help: ["(test) run N scripts in parallel"], commands: ["test"]),
        Option(names: ["--timeout"], value: .text("S"),
               help: ["(test) per-case time limit in seconds (default 10)"], commands: ["test"]),
        Option(names: ["--shard"], value: .text("K/N"),
               help: ["(test) run the K-th of N slices of the cases (for CI)"], commands: ["test"]),
        Option(names: ["--seconds"], value: .text("N"), help: ["(fuzz) how long to explore (default 10)"], commands: ["fuzz"]),
        Option(names: ["--seed"], value: .text("S"), help: ["(fuzz) the seed of the run (default 1)"], commands: ["fuzz"]),
        Option(names: ["-o", "--output"], value: .file("FILE"),
               help: ["(record, fuzz) write the script to FILE, not stdout"], commands: ["record", "fuzz"]),
        Option(names: ["--force"], value: nil,
               help: ["(record, fuzz) replace FILE; (stubs) rewrite .luarc.json", "and .luacheckrc"],
               commands: ["record", "fuzz", "stubs"]),
        Option(names: ["--list"], value: nil, help: ["(trust) the trusted projects, and which changed"], commands: ["trust"]),
        Option(names: ["--revoke"], value: nil, help: ["(trust) stop trusting the project"], commands: ["trust"]),
        Option(names: ["--json"], value: nil, help: ["(doctor) the report as JSON, for a bug report"], commands: ["doctor"]),
        Option(names: ["--port"], value: .text("N"), help: ["(serve) the port (default 8080; 0: a free one)"], commands: ["serve"]),
        Option(names: ["--host"], value: .text("ADDR"),
               help: ["(serve) the address to listen on (default 127.0.0.1)"], commands: ["serve"]),
        Option(names: ["--max-sessions"], value: .text("N"), help: ["(serve) sessions at once (default 16)"], commands: ["serve"]),
        Option(names: ["--idle"], value: .text("T"),
               help: ["(serve) end a session after T without input (default 30m)"], commands: ["serve"]),
        Option(names: ["--token-file"], value: .file("FILE"),
               help: ["(serve) the token, for servers behind one proxy"], commands: ["serve"]),
        Option(names: ["--help", "-h"], value: nil, help: ["this text"], commands: ["*"]),
        Option(names: ["--version"], value: nil, help: ["the version"], commands: ["*"]),
        // Internal: what the test runner and the fuzzer give the processes they start.
        Option(names: ["--worker"], value: nil, help: [], commands: ["test"], hidden: true),
        Option(names: ["--worker-options"], value: .text("TEXT"), help: [], commands: ["test"], hidden: true),
        Option(names: ["--fuzz-worker"], value: .file("FILE"), help: [], commands: ["fuzz"], hidden: true),
        Option(names: ["--fuzz-replay"], value: .file("FILE"), help: [], commands: ["fuzz"], hidden: true),
        // Internal: what `uihost serve` gives each session's process.
        Option(names: ["--session"], value: nil, help: [], commands: ["run"], hidden: true),
    ]

    /// The options people see, in the order of the table.
    static var shownOptions: [Option] { options.filter { !$0.hidden } }

    /// The option spelt `flag` (`--size`, `-o`).
    static func option(_ flag: String) -> Option? { options.first { $0.names.contains(flag) } }

    /// Whether `option` is offered after `command` (nil: no command yet, as `uihost SCREEN`).
    static func offers(_ option: Option, for command: String) -> Bool {
        if option.commands.contains("*") { return true }
        if option.commands.isEmpty { return screenCommands.contains(command) }
        return option.commands.contains(command)
    }
}
