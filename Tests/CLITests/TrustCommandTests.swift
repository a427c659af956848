import Foundation
import XCTest

/// Untrusted projects end to end (docs/API.md, "Trusted projects"): the built binary, a project whose
/// `uihost.lua` grants its `helper` plugin `io` and `os`, and the user's
/// state folder (`XDG_STATE_HOME`) in a scratch folder. The helper's `setup`
/// creates a file: whether it exists says whether the grant was given.
final class TrustCommandTests: XCTestCase {
    private var directory: URL!
    private var project: String { directory.appendingPathComponent("proj").path }
    private var state: String { directory.appendingPathComponent("state").path }
    private var mark: String { directory.appendingPathComponent("mark").path }
    private var screen: String { project + "/screen.lua" }

    override func setUpWithError() throws {
        try XCTSkipUnless(Uihost.isBuilt, "build the binary first: swift build")
        // Resolved: /tmp may be a symlink, and the store records real paths.
        let temporary = URL(fileURLWithPath: FileManager.default.temporaryDirectory.path).resolvingSymlinksInPath()
        directory = temporary.appendingPathComponent("uihost-trust-" + UUID().uuidString.prefix(8))
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try write("proj/uihost.lua", """
        plugins = { "plugins" }
        grant = { helper = { "io", "os" } }
        """)
        try write("proj/plugins/helper/plugin.lua", """
        return {
          name = "helper", permissions = { "io", "os" },
          setup = function() local f = io.open(os.getenv("UIHOST_MARK"), "w"); f:write("ran"); f:close() end,
        }
        """)
        try write("proj/screen.lua", "return ui.screen { title = 'S', ui.text { text = 'hi' } }")
    }

    override func tearDownWithError() throws {
        if let directory { try? FileManager.default.removeItem(at: directory) }
    }

    private func write(_ name: String, _ text: String) throws {
        let url = directory.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }

    private func uihost(_ arguments: String...) throws -> Uihost.Result {
        try Uihost.run(arguments, environment: ["XDG_STATE_HOME": state, "UIHOST_MARK": mark], scratch: directory)
    }

    private var setupRan: Bool { FileManager.default.fileExists(atPath: mark) }

    private func render(_ extra: String...) throws -> Uihost.Result {
        try? FileManager.default.removeItem(atPath: mark)
        return try Uihost.run(["render", screen, "--size", "40x5"] + extra, environment: ["XDG_STATE_HOME": state, "UIHOST_MARK": mark],
                              scratch: directory)
    }

    // MARK: - Restricted mode

    func testUntrustedProjectRunsRestrictedWithANoticeSayingHowToTrustIt() throws {
        let result = try render()
        XCTAssertEqual(result.status, 3, result.stderr)
        XCTAssertFalse(setupRan, "the project's own grant was given")
        let notices = result.stderrLines.filter { $0.hasPrefix("uihost: restricted mode: ") }
        XCTAssertEqual(notices, ["uihost: restricted mode: \(project)/uihost.lua grants helper (io, os), which is not given: "
                                 + "the project is not trusted; to trust it: uihost trust \(project)"])
        XCTAssertTrue(result.stderr.contains("plugin 'helper' was not loaded: it asks for the 'io' permission, which was not granted"),
                      result.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: state + "/uihost/trust"), "opening a project records nothing")
    }

    func testTrustedProjectsGrantIsGiven() throws {
        let trusted = try uihost("trust", project)
        XCTAssertEqual(trusted.status, 0, trusted.stderr)
        XCTAssertEqual(trusted.lines.first, "trusted \(project)")
        XCTAssertTrue(trusted.stdout.contains("its uihost.lua grants helper (io, os)"), trusted.stdout)
        let store = try String(contentsOfFile: state + "/uihost/trust", encoding: .utf8)
        XCTAssertTrue(store.contains("\nproject \(project)\n"), store)
        XCTAssertTrue(store.contains(" plugins/helper/plugin.lua\n"), store)

        let result = try render()
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(setupRan)
        XCTAssertEqual(result.stderr, "")
    }

    func testChangedConfigOrManifestIsRestrictedAgainNamingTheChange() throws {
        XCTAssertEqual(try uihost("trust", project).status, 0)
        try write("proj/uihost.lua", "plugins = { \"plugins\" }\ngrant = { helper = { \"io\", \"os\" } } -- edited\n")
        var result = try render()
        XCTAssertFalse(setupRan)
        XCTAssertTrue(result.stderr.contains("the project changed since you trusted it (uihost.lua changed); "
                                             + "if the changes are yours: uihost trust \(project)"), result.stderr)

        let again = try uihost("trust", project)
        XCTAssertTrue(again.stdout.contains("changed since you last trusted it: uihost.lua changed"), again.stdout)
        XCTAssertEqual(try render().status, 0)
        XCTAssertTrue(setupRan)

        try write("proj/plugins/helper/plugin.lua", "return { name = 'helper', permissions = { 'io', 'os' } }")
        result = try render()
        XCTAssertEqual(result.status, 3)
        XCTAssertTrue(result.stderr.contains("(plugins/helper/plugin.lua changed)"), result.stderr)
    }

    func testCommandLineGrantWorksWithoutTrust() throws {
        XCTAssertEqual(try render().status, 3)
        XCTAssertFalse(setupRan)
        let result = try render("--grant", "helper=io,os")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(setupRan)
        XCTAssertEqual(result.stderr, "")
    }

    func testASymlinkToATrustedProjectIsTrusted() throws {
        let link = directory.appendingPathComponent("link").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: project)
        let trusted = try uihost("trust", link)
        XCTAssertEqual(trusted.lines.first, "trusted \(project)", "recorded by its real path")
        XCTAssertEqual(try render().status, 0)
        XCTAssertTrue(setupRan)
    }

    // MARK: - check and plugins run no plugin code with a capability

    func testCheckRunsNoSetupEvenTrustedOrGranted() throws {
        XCTAssertEqual(try uihost("trust", project).status, 0)
        let result = try uihost("check", screen, "--grant", "helper=io,os")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, "ok \(screen)\n")
        XCTAssertFalse(setupRan)
    }

    func testPluginsReadsManifestsWithoutRunningPluginCode() throws {
        try write("proj/plugins/helper/plugin.lua", """
        io.open(os.getenv("UIHOST_MARK"), "w"):write("top level ran")
        return { name = "helper", version = "1.0", permissions = { "io", "os" },
                 setup = function() io.open(os.getenv("UIHOST_MARK"), "w"):write("setup ran") end }
        """)
        let result = try uihost("plugins", project + "/plugins", "--grant", "helper=io,os")
        XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        XCTAssertEqual(result.stdout, "helper 1.0  permissions: io, os  ok\n")
        XCTAssertFalse(setupRan)
    }

    // MARK: - trust --list, --revoke, help

    func testListAndRevoke() throws {
        XCTAssertEqual(try uihost("trust", "--list").stdout, "no trusted projects (uihost trust DIR trusts one)\n")
        XCTAssertEqual(try uihost("trust", project).status, 0)
        XCTAssertEqual(try uihost("trust", "--list").stdout, "\(project)  trusted\n")
        try write("proj/uihost.lua", "plugins = { \"plugins\" }\n")
        XCTAssertEqual(try uihost("trust", "--list").stdout,
                       "\(project)  changed (uihost.lua changed): restricted until trusted again\n")
        let revoked = try uihost("trust", "--revoke", project)
        XCTAssertEqual(revoked.status, 0, revoked.stderr)
        XCTAssertEqual(revoked.stdout, "revoked \(project)\n")
        XCTAssertEqual(try uihost("trust", "--revoke", project).stdout, "\(project) was not trusted\n")
    }

    func testTrustRefusesAFolderWithoutConfig() throws {
        let result = try uihost("trust", directory.path)
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains("has no uihost.lua"), result.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: state + "/uihost/trust"))
    }

    func testHelpTrustExplainsRestrictedMode() throws {
        let result = try uihost("help", "trust")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("usage: uihost trust [DIR]"), result.stdout)
        XCTAssertTrue(result.stdout.contains("restricted mode"), result.stdout)
        XCTAssertTrue(try uihost("--help").stdout.contains("uihost trust [DIR]"))
    }
}
