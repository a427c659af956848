import Foundation
import XCTest

/// `uihost completions bash|zsh|fish` and `uihost manpage`: written from the
/// table the parser reads, so each offers exactly what `uihost help` lists,
/// and the parser takes every option help shows. The bash and fish scripts
/// are run in their shells and asked for completions, as a user's Tab would.
final class CompletionsTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        try XCTSkipUnless(Uihost.isBuilt, "build the binary first: swift build")
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("uihost-completions-" + UUID().uuidString.prefix(8))
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        if let directory { try? FileManager.default.removeItem(at: directory) }
    }

    private func uihost(_ arguments: String...) throws -> Uihost.Result {
        let result = try Uihost.run(arguments, scratch: directory)
        XCTAssertEqual(result.status, 0, result.stderr)
        return result
    }

    private func help() throws -> HelpText {
        let help = HelpText(try uihost("help").stdout)
        XCTAssertGreaterThanOrEqual(help.commands.count, 12, "help lists the commands: \(help.commands)")
        XCTAssertGreaterThanOrEqual(help.options.count, 30, "help lists the options: \(help.options)")
        return help
    }

    /// Writes `script` into the scratch folder and returns its path.
    private func save(_ script: String, as name: String) throws -> String {
        let file = directory.appendingPathComponent(name)
        try script.write(to: file, atomically: true, encoding: .utf8)
        return file.path
    }

    /// Runs `shell` with `arguments` in the scratch folder; its stdout.
    private func shell(_ shell: String, _ arguments: [String]) throws -> String {
        let path = ["/usr/bin/" + shell, "/bin/" + shell].first { FileManager.default.isExecutableFile(atPath: $0) }
        // Scripts/setup.sh installs zsh and fish for the tests.
        let executable = try XCTUnwrap(path, "\(shell) is not installed: run Scripts/setup.sh as root")
        let result = try Uihost.run(arguments, executable: URL(fileURLWithPath: executable), scratch: directory,
                                    timeout: 60, directory: directory)
        XCTAssertEqual(result.status, 0, "\(shell) \(arguments): \(result.stderr)")
        XCTAssertEqual(result.stderr, "", "\(shell) \(arguments)")
        return result.stdout
    }

    // MARK: - The parser takes what help shows

    /// A value each option accepts, so that the parser reaches the next word.
    private static let samples: [String: String] = [
        "--size": "80x24", "--keys": "tab", "--assets": "Assets", "--theme": "dark", "--format": "text",
        "--allow": "io", "--plugins": "plugins", "--grant": "x=io", "--max-instructions": "1000",
        "--max-time": "1", "--max-memory": "64", "--log": "-", "--junit": "j.xml", "--coverage": "c.info",
        "-j": "2", "--timeout": "5", "--shard": "1/2", "--seconds": "1", "--seed": "3", "-o": "out.lua",
        "--output": "out.lua", "--port": "8080", "--host": "127.0.0.1", "--max-sessions": "4", "--idle": "30m",
        "--token-file": "token", "--allow-path": "/tmp", "--env": "HOME",
    ]

    func testTheParserTakesEveryOptionHelpShows() throws {
        for (option, takesValue) in try help().options.sorted(by: { $0.key < $1.key }) {
            var arguments = [option]
            if takesValue {
                let sample = try XCTUnwrap(CompletionsTests.samples[option], "add a sample value for \(option)")
                arguments.append(sample)
            }
            // `--version` ends the parsing with status 0 once the option before it was taken.
            let result = try Uihost.run(arguments + ["--version"], scratch: directory)
            XCTAssertEqual(result.status, 0, "uihost \(arguments.joined(separator: " ")) --version: \(result.stderr)")
        }
    }

    func testAnUnknownOptionIsRefusedWithTheNearestOne() throws {
        let result = try Uihost.run(["render", "screens/form.lua", "--them", "light"], scratch: directory)
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.hasPrefix("uihost: unknown option '--them' (did you mean '--theme'?)"), result.stderr)
        // Internal options parse but are not offered.
        let help = try uihost("help").stdout
        XCTAssertFalse(help.contains("--worker"), help)
    }

    // MARK: - The scripts offer what help lists

    /// Every command and option of `uihost help` is in each script, and each
    /// script names no option that help does not list.
    func testEachScriptNamesExactlyTheCommandsAndOptionsOfHelp() throws {
        let help = try help()
        for shell in ["bash", "zsh", "fish"] {
            let script = try uihost("completions", shell).stdout
            XCTAssertTrue(script.contains("uihost completions \(shell)"), "\(shell): says what wrote it")
            for command in help.commands {
                XCTAssertTrue(script.contains(command), "\(shell) completion lacks the command \(command)")
            }
            var named = Set<String>()
            for option in help.options.keys {
                let spelt: String
                if shell == "fish" {
                    spelt = option.hasPrefix("--") ? "-l " + option.dropFirst(2) + " " : "-s " + option.dropFirst() + " "
                } else {
                    spelt = option
                }
                XCTAssertTrue(script.contains(spelt), "\(shell) completion lacks \(option)")
            }
            // The long options the script spells, compared with help's.
            if shell == "fish" {
                for match in script.matches(of: /-l ([a-z][a-z-]*)/) { named.insert("--" + match.1) }
            } else {
                // A long option starts after a space, a quote, a `(` or a `|` (not inside a word).
                for match in script.matches(of: /(?:^|[\s'"(|])(--[a-z][a-z-]*)/) { named.insert(String(match.1)) }
            }
            let shown = Set(help.options.keys.filter { $0.hasPrefix("--") })
            XCTAssertEqual(named.subtracting(shown), [], "\(shell) completion offers options help does not list")
        }
    }

    // MARK: - bash, asked as Tab asks

    /// What `_uihost` puts in COMPREPLY for the words typed so far (the last one being completed).
    private func bash(_ words: [String]) throws -> [String] {
        let script = try save(try uihost("completions", "bash").stdout, as: "uihost.bash")
        let quoted = words.map { "'" + $0 + "'" }.joined(separator: " ")
        let program = "source '\(script)'; COMP_WORDS=(\(quoted)); COMP_CWORD=\(words.count - 1); _uihost; "
            + "printf '%s\\n' \"${COMPREPLY[@]}\""
        return try shell("bash", ["--norc", "--noprofile", "-c", program]).split(separator: "\n").map(String.init).sorted()
    }

    func testBashCompletesCommandsOptionsAndValues() throws {
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("screens"), withIntermediateDirectories: true)
        _ = try save("return ui.screen {}", as: "hello.lua")
        _ = try save("notes", as: "notes.txt")
        XCTAssertEqual(try bash(["uihost", "ren"]), ["render"])
        XCTAssertEqual(try bash(["uihost", "help", "tr"]), ["trust"])
        XCTAssertEqual(try bash(["uihost", "completions", ""]), ["bash", "fish", "zsh"])
        XCTAssertEqual(try bash(["uihost", "--theme", ""]), ["dark", "light", "mono"])
        XCTAssertEqual(try bash(["uihost", "--theme", "=", ""]), ["dark", "light", "mono"])
        XCTAssertEqual(try bash(["uihost", "render", "x.lua", "--form"]), ["--format"])
        // Options go with their commands: --junit is for test, --force not for render.
        XCTAssertEqual(try bash(["uihost", "test", "--ju"]), ["--junit"])
        XCTAssertEqual(try bash(["uihost", "render", "--ju"]), [])
        XCTAssertEqual(try bash(["uihost", "stubs", "--f"]), ["--force"])
        XCTAssertEqual(try bash(["uihost", "doctor", "--j"]), ["--json"])
        // A screen is a .lua file (or a folder on the way to one).
        XCTAssertEqual(try bash(["uihost", "render", ""]).filter { !$0.hasPrefix("stdout-") && !$0.hasPrefix("stderr-") },
                       ["hello.lua", "screens"])
        XCTAssertEqual(try bash(["uihost", "--size", "80x24", "rec"]), ["record"], "an option's value is not the command")
    }

    // MARK: - fish, asked with complete -C

    private func fish(_ line: String) throws -> [String] {
        let script = try save(try uihost("completions", "fish").stdout, as: "uihost.fish")
        let out = try shell("fish", ["--no-config", "-c", "source '\(script)'; complete -C '\(line)'"])
        return out.split(separator: "\n").map { String($0.prefix { $0 != "\t" }) }.sorted()
    }

    func testFishCompletesCommandsOptionsAndValues() throws {
        XCTAssertEqual(try fish("uihost ren"), ["render"])
        XCTAssertEqual(try fish("uihost --theme "), ["dark", "light", "mono"])
        XCTAssertEqual(try fish("uihost test --ju"), ["--junit"])
        XCTAssertEqual(try fish("uihost render --ju"), [])
        XCTAssertEqual(try fish("uihost completions "), ["bash", "fish", "zsh"])
        XCTAssertTrue(try fish("uihost --").contains("--watch"))
        XCTAssertFalse(try fish("uihost trust --").contains("--watch"), "trust runs no screen")
    }

    // MARK: - zsh: the script parses

    func testZshScriptParses() throws {
        let script = try save(try uihost("completions", "zsh").stdout, as: "_uihost")
        XCTAssertTrue(try String(contentsOfFile: script, encoding: .utf8).hasPrefix("#compdef uihost\n"))
        _ = try shell("zsh", ["-n", script])
    }

    // MARK: - The man page

    /// uihost(1) formats without a warning and holds every command and option of help.
    func testTheManPageFormatsCleanlyAndNamesEverythingHelpLists() throws {
        let help = try help()
        let page = try save(try uihost("manpage").stdout, as: "uihost.1")
        let groff = try XCTUnwrap(["/usr/bin/groff"].first { FileManager.default.isExecutableFile(atPath: $0) },
                                  "groff is not installed: run Scripts/setup.sh as root")
        // -ww: every warning; -z: no output, only the warnings.
        let warnings = try Uihost.run(["-man", "-Tutf8", "-ww", "-z", page], executable: URL(fileURLWithPath: groff),
                                      scratch: directory)
        XCTAssertEqual(warnings.status, 0)
        XCTAssertEqual(warnings.stderr, "", "groff warns about uihost.1")
        let text = try Uihost.run(["-man", "-Tascii", "-rLL=200n", page], executable: URL(fileURLWithPath: groff),
                                  scratch: directory).stdout
        // Bold and underline are overstrikes in -Tascii: drop them.
        let plain = text.replacing(/.\x08/, with: "")
        XCTAssertTrue(plain.contains("UIHOST(1)"), plain)
        for command in help.commands {
            XCTAssertTrue(plain.contains("uihost " + command), "the man page lacks \(command)")
        }
        for option in help.options.keys {
            XCTAssertTrue(plain.contains(option), "the man page lacks \(option)")
        }
        for section in ["SYNOPSIS", "COMMANDS", "OPTIONS", "EXIT STATUS", "ENVIRONMENT", "FILES"] {
            XCTAssertTrue(plain.contains("\n" + section + "\n"), "the man page lacks \(section)")
        }
    }
}
