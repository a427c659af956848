import Foundation
import XCTest

/// The Debian package Scripts/package.sh builds, and the release binary in it:
/// unpacked into a scratch root (`dpkg -x`), run from there with a bare
/// environment, it renders a screen; it links no Swift library, no
/// libwebsockets (its server, uihost-serve, does) and has no run path into
/// the toolchain; `uihost serve` finds the server; the man page and completions it carries are
/// what the binary writes. Scripts/test.sh runs these in its package stage,
/// with UIHOST_PACKAGE set to the .deb (the release build takes minutes, so
/// `swift test` alone skips them).
final class PackageTests: XCTestCase {
    private var directory: URL!
    private var package: String!
    /// The unpacked package.
    private var root: URL!

    override func setUpWithError() throws {
        let given = ProcessInfo.processInfo.environment["UIHOST_PACKAGE"]
        try XCTSkipIf(given == nil, "set UIHOST_PACKAGE to the .deb Scripts/package.sh built (Scripts/test.sh does)")
        package = given
        XCTAssertTrue(FileManager.default.fileExists(atPath: package), "no package at \(package!)")
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("uihost-package-" + UUID().uuidString.prefix(8))
        root = directory.appendingPathComponent("root")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let unpacked = try run("/usr/bin/dpkg", ["-x", package, root.path])
        XCTAssertEqual(unpacked.status, 0, unpacked.stderr)
    }

    override func tearDownWithError() throws {
        if let directory { try? FileManager.default.removeItem(at: directory) }
    }

    private var binary: URL { root.appendingPathComponent("usr/bin/uihost") }
    private var server: URL { root.appendingPathComponent("usr/libexec/uihost/uihost-serve") }

    private func run(_ executable: String, _ arguments: [String], environment: [String: String] = [:]) throws -> Uihost.Result {
        try Uihost.run(arguments, executable: URL(fileURLWithPath: executable), environment: environment,
                       scratch: directory, timeout: 120)
    }

    /// Runs the installed binary through `env -i`: no LD_LIBRARY_PATH, no
    /// PATH into the toolchain, nothing but what a new user's shell would have.
    private func installed(_ arguments: [String], from folder: URL? = nil) throws -> Uihost.Result {
        let bare = ["env", "-i", "PATH=/usr/bin:/bin", "HOME=" + directory.path, "LANG=C.UTF-8", binary.path]
        return try Uihost.run(Array(bare.dropFirst()) + arguments, executable: URL(fileURLWithPath: "/usr/bin/env"),
                              scratch: directory, timeout: 120, directory: folder ?? directory)
    }

    // MARK: - Tests

    func testTheInstalledBinaryRendersAScreenFromTheScratchRoot() throws {
        let screen = root.appendingPathComponent("usr/share/uihost/screens/launcher.lua").path
        let result = try installed(["render", screen, "--size", "60x10", "--keys", "down"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stderr, "")
        // The same frame as the debug build draws from the repository.
        let expected = try Uihost.run(["render", "screens/launcher.lua", "--size", "60x10", "--keys", "down"], scratch: directory)
        XCTAssertEqual(result.stdout, expected.stdout)
        XCTAssertTrue(result.stdout.contains("› ≡ NavigationListView"), result.stdout)
        // Pictures come from the package's Assets/, beside its screens.
        let sidebar = root.appendingPathComponent("usr/share/uihost/screens/sidebar.lua").path
        let picture = try installed(["render", sidebar, "--size", "50x16", "--keys", "wait:1500 f2"])
        XCTAssertEqual(picture.status, 0, picture.stderr)
        XCTAssertTrue(picture.stdout.contains("Simba"), picture.stdout)
    }

    /// cmark-gfm is not linked but loaded (dlopen) by its name when a document
    /// is first parsed: the packaged binary finds it and draws a table.
    func testTheInstalledBinaryLoadsTheMarkdownParserWhenItParses() throws {
        let screen = directory.appendingPathComponent("doc.lua")
        try Data(#"return ui.screen { title = "Doc", ui.markdown { text = "| a | b |\n|---|---|\n| *one* | two |" } }"#.utf8).write(to: screen)
        let result = try installed(["render", screen.path, "--size", "30x6"])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertFalse(result.stdout.contains("cannot parse"), result.stdout)
        XCTAssertTrue(result.stdout.contains("one") && result.stdout.contains("two") && !result.stdout.contains("|---"),
                      result.stdout)
    }

    func testTheBinaryNeedsNoSwiftLibraryAndNoRunPath() throws {
        // Debian's own libraries only: the C library, libm, libgcc_s (the unwinder) and Lua.
        // The Swift runtime and libstdc++ are linked in; cmark-gfm is loaded when
        // ui.markdown first parses, so the package depends on it by name.
        let libraries = try needed(binary)
        XCTAssertTrue(libraries.contains("liblua5.4.so.0"), libraries.description)
        let debian = ["libc.so.6", "libm.so.6", "libgcc_s.so.1", "ld-linux-x86-64.so.2", "ld-linux-aarch64.so.1",
                      "liblua5.4.so.0"]
        let others = libraries.filter { !debian.contains($0) }
        XCTAssertEqual(others, [], "the binary links more than it needs to run a screen (libwebsockets is uihost-serve's)")
        let depends = try run("/usr/bin/dpkg-deb", ["-f", package, "Depends"])
        XCTAssertTrue(depends.stdout.contains("libcmark-gfm-extensions"), depends.stdout)
        // The server alone links libwebsockets, with the libcap and TLS libraries it needs.
        let serverLibraries = try needed(server)
        XCTAssertTrue(serverLibraries.contains { $0.hasPrefix("libwebsockets.so.") }, serverLibraries.description)
        for program in [binary, server] {
            let ldd = try run("/usr/bin/ldd", [program.path])
            XCTAssertEqual(ldd.status, 0, ldd.stderr)
            XCTAssertFalse(ldd.stdout.contains("swift"), ldd.stdout)
            XCTAssertFalse(ldd.stdout.contains("not found"), ldd.stdout)
        }
        let version = try installed(["--version"])
        XCTAssertEqual(version.status, 0, version.stderr)
        XCTAssertTrue(version.stdout.hasPrefix("uihost "), version.stdout)
    }

    /// `uihost serve` finds its server in the package's /usr/libexec/uihost and
    /// runs it: with the port taken, the server's own message and status.
    func testServeRunsThePackagesServer() throws {
        try withBusyLoopbackPort { port in
            let screen = root.appendingPathComponent("usr/share/uihost/screens/launcher.lua").path
            let result = try installed(["serve", screen, "--port", port])
            XCTAssertEqual(result.status, 1, result.stderr)
            XCTAssertEqual(result.stdout, "")
            XCTAssertTrue(result.stderr.contains("cannot listen on 127.0.0.1 port \(port)"), result.stderr)
        }
    }

    /// The shared libraries a program names (`readelf -d`), after checking it names no run path.
    private func needed(_ program: URL, file: StaticString = #filePath, line: UInt = #line) throws -> [String] {
        let dynamic = try run("/usr/bin/readelf", ["-d", program.path])
        XCTAssertEqual(dynamic.status, 0, dynamic.stderr, file: file, line: line)
        XCTAssertFalse(dynamic.stdout.contains("RPATH") || dynamic.stdout.contains("RUNPATH"),
                       "a run path would look into the build or the toolchain:\n" + dynamic.stdout, file: file, line: line)
        return dynamic.stdout.split(separator: "\n").compactMap { line -> String? in
            guard line.contains("(NEEDED)"), let open = line.firstIndex(of: "["), let close = line.lastIndex(of: "]") else { return nil }
            return String(line[line.index(after: open)..<close])
        }
    }

    func testThePackageCarriesItsManPageCompletionsStubsAndExamples() throws {
        let share = root.appendingPathComponent("usr/share")
        let page = try run("/bin/sh", ["-c", "gzip -dc '\(share.path)/man/man1/uihost.1.gz'"])
        XCTAssertEqual(page.stdout, try installed(["manpage"]).stdout)
        for (shell, path) in [("bash", "bash-completion/completions/uihost"), ("zsh", "zsh/vendor-completions/_uihost"),
                              ("fish", "fish/vendor_completions.d/uihost.fish")] {
            let file = try String(contentsOf: share.appendingPathComponent(path), encoding: .utf8)
            XCTAssertEqual(file, try installed(["completions", shell]).stdout, path)
        }
        let stubs = try Data(contentsOf: share.appendingPathComponent("uihost/library/uihost.lua"))
        XCTAssertEqual(stubs, try Data(contentsOf: Uihost.root.appendingPathComponent("library/uihost.lua")))
        for file in ["uihost/screens/form.lua", "uihost/Assets/avatar.txt", "uihost/plugins/clock/plugin.lua",
                     "doc/uihost/copyright", "doc/uihost/changelog.gz", "doc/uihost/API.md.gz"] {
            XCTAssertTrue(FileManager.default.fileExists(atPath: share.appendingPathComponent(file).path), file)
        }
        // Every example screen of the package loads.
        let check = try installed(["check", share.appendingPathComponent("uihost/screens").path])
        XCTAssertEqual(check.status, 0, check.stderr)
        let depends = try run("/usr/bin/dpkg-deb", ["-f", package, "Depends"])
        XCTAssertTrue(depends.stdout.contains("liblua5.4-0"), depends.stdout)
        XCTAssertFalse(depends.stdout.contains("swift"), depends.stdout)
    }

    /// The release build embeds the sandbox prelude as bytecode, after a
    /// marker and the text it was compiled from (Scripts/prelude/precompile.c).
    /// The binary uses it only while that text is the one compiled into it, so
    /// a stale copy would silently cost the parse again: the text after the
    /// marker must be today's sandbox.lua, and Lua's bytecode signature follow.
    func testThePackagedBinaryCarriesTheCurrentSandboxAsBytecode() throws {
        let program = try Data(contentsOf: binary)
        let marker = Data("uihost precompiled prelude\n".utf8)
        let found = try XCTUnwrap(program.range(of: marker), "no precompiled prelude in the packaged uihost")
        let text = try Data(contentsOf: Uihost.root.appendingPathComponent("Sources/UIHostCore/Lua/sandbox.lua"))
        let after = program[found.upperBound...]
        XCTAssertEqual(after.prefix(text.count), text, "the embedded prelude was compiled from other text")
        XCTAssertEqual(after.dropFirst(text.count).prefix(4), Data([0x1B, 0x4C, 0x75, 0x61]), "no Lua bytecode after the text")
    }

    /// Scripts/install.sh puts the same release binary, stripped, and its man
    /// page and completions under a prefix. Scripts/test.sh runs it into a
    /// scratch prefix before these tests (UIHOST_INSTALLED): a `swift build`
    /// inside `swift test` would wait for the build folder's lock forever.
    func testInstallScriptInstallsTheStandaloneBinary() throws {
        let given = ProcessInfo.processInfo.environment["UIHOST_INSTALLED"]
        try XCTSkipIf(given == nil, "set UIHOST_INSTALLED to the prefix Scripts/install.sh installed into (Scripts/test.sh does)")
        let prefix = URL(fileURLWithPath: given!)
        let installed = prefix.appendingPathComponent("bin/uihost").path
        for program in [installed, prefix.appendingPathComponent("libexec/uihost/uihost-serve").path] {
            let needed = try run("/usr/bin/readelf", ["-d", program])
            XCTAssertEqual(needed.status, 0, needed.stderr)
            XCTAssertFalse(needed.stdout.contains("swift") || needed.stdout.contains("RUNPATH") || needed.stdout.contains("RPATH"),
                           needed.stdout)
            let symbols = try run("/usr/bin/readelf", ["-S", program])
            XCTAssertFalse(symbols.stdout.contains(".symtab"), "install.sh strips \(program)")
        }
        for (file, command) in [("share/man/man1/uihost.1", ["manpage"]),
                                ("share/bash-completion/completions/uihost", ["completions", "bash"]),
                                ("share/zsh/site-functions/_uihost", ["completions", "zsh"]),
                                ("share/fish/vendor_completions.d/uihost.fish", ["completions", "fish"])] {
            let text = try String(contentsOf: prefix.appendingPathComponent(file), encoding: .utf8)
            XCTAssertEqual(text, try Uihost.run(command, scratch: directory).stdout, file)
        }
        let version = try Uihost.run(["-i", "PATH=/usr/bin:/bin", installed, "--version"],
                                     executable: URL(fileURLWithPath: "/usr/bin/env"), scratch: directory)
        XCTAssertEqual(version.status, 0, version.stderr)
    }
}
