import Glibc
import LuaBridge
import XCTest
@testable import UIHostCore

private typealias Host = UIHostCore.Host

/// Untrusted projects (docs/API.md, "Trusted projects"): a project's `uihost.lua` grant is given only
/// once the user trusted the project as it is now; the trust store's format;
/// manifests read for `check` and `plugins` without running plugin code.
final class TrustTests: XCTestCase {
    private var scratch: ScratchDirectory!
    private var store: TrustStore!
    private var project: String { FileSystem.join(scratch.path, "proj") }

    override func setUp() {
        scratch = ScratchDirectory(prefix: "uihtrust")
        store = TrustStore(path: FileSystem.join(scratch.path, "state/uihost/trust"))
    }

    override func tearDown() { scratch.remove() }

    /// A project granting itself `os` for plugin `helper`, whose `setup`
    /// leaves a mark in the plugin's state only `os.getenv` can make.
    private func writeProject(config: String = "plugins = { \"plugins\" }\ngrant = { helper = { \"os\" } }\n") throws {
        try scratch.write("proj/uihost.lua", config)
        try scratch.write("proj/plugins/helper/plugin.lua", """
        return { name = "helper", permissions = { "os" },
                 setup = function(state) state.home = os.getenv("HOME") end,
                 commands = { { id = "helper.go", title = "Go", run = function() end } } }
        """)
        try scratch.write("proj/screen.lua", "return ui.screen { title = 'S', ui.text { text = 'hi' } }")
    }

    private final class Lines: @unchecked Sendable {
        var lines: [String] = []
    }

    private func open(_ screen: String? = nil, grants: PluginGrants = [:], store: TrustStore?? = .none,
                      runsPlugins: Bool = true, notices: Lines = Lines()) throws -> Host {
        var options = HostOptions(size: Size(cols: 40, rows: 5))
        options.trustStore = store ?? self.store
        options.grants = grants
        options.runsPlugins = runsPlugins
        options.notice = { notices.lines.append($0) }
        return try Host(script: screen ?? FileSystem.join(project, "screen.lua"), options: options)
    }

    private func trustProject(_ folder: String? = nil) throws {
        try store.record(ProjectFingerprint.read(project: folder ?? project).fingerprint)
    }

    private func helperLoaded(_ host: Host) -> Bool {
        host.pluginReports.first { $0.name == "helper" }?.loaded ?? false
    }

    // MARK: - Restricted mode

    func testUntrustedProjectsGrantIsNotGivenAndANoticeSaysHowToTrust() throws {
        try writeProject()
        let notices = Lines()
        let host = try open(notices: notices)
        XCTAssertFalse(helperLoaded(host))
        XCTAssertTrue(host.errors.contains { $0.contains("plugin 'helper' was not loaded: it asks for the 'os' permission, which was not granted") },
                      "\(host.errors)")
        XCTAssertEqual(notices.lines.count, 1, "\(notices.lines)")
        XCTAssertEqual(notices.lines.first, "uihost: restricted mode: \(project)/uihost.lua grants helper (os), which is not given: "
                       + "the project is not trusted; to trust it: uihost trust \(project)")
        XCTAssertNil(host.commandIDs.first { $0 == "helper.go" })
    }

    func testTrustedProjectsGrantIsGiven() throws {
        try writeProject()
        try trustProject()
        let notices = Lines()
        let host = try open(notices: notices)
        XCTAssertTrue(helperLoaded(host), "\(host.errors)")
        XCTAssertEqual(host.errors, [])
        XCTAssertEqual(notices.lines, [])
    }

    func testAProjectGrantsFSLikeIOOnlyOnceTrusted() throws {
        try writeProject(config: "plugins = { \"plugins\" }\ngrant = { reader = \"fs\" }\n")
        try scratch.write("proj/plugins/reader/plugin.lua", """
        return { name = "reader", permissions = { "fs" },
                 setup = function(state) state.own = fs.read("plugin.lua") end }
        """)
        try scratch.write("proj/plugins/helper/plugin.lua", "return { name = 'helper' }")
        let notices = Lines()
        let untrusted = try open(notices: notices)
        XCTAssertTrue(untrusted.errors.contains { $0.contains("plugin 'reader' was not loaded: it asks for the 'fs' permission") },
                      "\(untrusted.errors)")
        XCTAssertTrue(notices.lines.first?.contains("grants reader (fs), which is not given") == true, "\(notices.lines)")
        try trustProject()
        let trusted = try open()
        XCTAssertEqual(trusted.errors, [])
        XCTAssertTrue(trusted.pluginReports.first { $0.name == "reader" }?.loaded == true)
    }

    func testChangedConfigNeedsTrustAgainAndTheNoticeSaysWhatChanged() throws {
        try writeProject()
        try trustProject()
        try scratch.write("proj/uihost.lua", "plugins = { \"plugins\" }\ngrant = { helper = { \"os\" }, other = { \"io\" } }\n")
        let notices = Lines()
        let host = try open(notices: notices)
        XCTAssertFalse(helperLoaded(host))
        XCTAssertEqual(notices.lines, ["uihost: restricted mode: \(project)/uihost.lua grants helper (os) and other (io), which is not given: "
                                       + "the project changed since you trusted it (uihost.lua changed); if the changes are yours: uihost trust \(project)"])
        try trustProject()
        XCTAssertTrue(helperLoaded(try open()))
    }

    func testChangedOrNewManifestNeedsTrustAgain() throws {
        try writeProject()
        try trustProject()
        try scratch.write("proj/plugins/helper/plugin.lua", "return { name = 'helper', permissions = { 'os' } } -- now different")
        let notices = Lines()
        XCTAssertFalse(helperLoaded(try open(notices: notices)))
        XCTAssertTrue(notices.lines.first?.contains("(plugins/helper/plugin.lua changed)") ?? false, "\(notices.lines)")

        try trustProject()
        XCTAssertTrue(helperLoaded(try open()))
        // A plugin that comes later could take a grant the user never saw it under.
        try scratch.write("proj/plugins/zz/plugin.lua", "return { name = 'zz' }")
        let later = Lines()
        XCTAssertFalse(helperLoaded(try open(notices: later)))
        XCTAssertTrue(later.lines.first?.contains("(plugins/zz/plugin.lua is new)") ?? false, "\(later.lines)")
    }

    func testCommandLineGrantWorksUntrustedWithoutANotice() throws {
        try writeProject()
        let notices = Lines()
        let host = try open(grants: ["helper": [.os]], notices: notices)
        XCTAssertTrue(helperLoaded(host), "\(host.errors)")
        XCTAssertEqual(notices.lines, [], "what --grant gives is not withheld")
    }

    func testWithoutATrustStoreNoProjectIsTrustedAndTheNoticeOffersNoCommand() throws {
        try writeProject()
        try trustProject()
        let notices = Lines()
        XCTAssertFalse(helperLoaded(try open(store: .some(nil), notices: notices)))
        XCTAssertEqual(notices.lines, ["uihost: restricted mode: \(project)/uihost.lua grants helper (os), which is not given: the project is not trusted"])
    }

    func testASymlinkedProjectFolderIsTheSameProject() throws {
        try writeProject()
        let link = FileSystem.join(scratch.path, "link")
        XCTAssertEqual(symlink(project, link), 0)
        try trustProject(link)
        XCTAssertTrue(helperLoaded(try open()), "trusted through the link, opened by the real path")
        try store.revoke(XCTUnwrap(ProjectFingerprint.realPath(project)))
        try trustProject()
        XCTAssertTrue(helperLoaded(try open(FileSystem.join(link, "screen.lua"))), "trusted by the real path, opened through the link")
    }

    func testACopyOfATrustedProjectIsNotTrusted() throws {
        try writeProject()
        try trustProject()
        let copy = FileSystem.join(scratch.path, "copy")
        for file in ["uihost.lua", "screen.lua", "plugins/helper/plugin.lua"] {
            try scratch.write("copy/" + file, FileSystem.readText(FileSystem.join(project, file)))
        }
        XCTAssertFalse(helperLoaded(try open(FileSystem.join(copy, "screen.lua"))))
    }

    func testOpeningAProjectNeverWritesTheStore() throws {
        try writeProject()
        _ = try open()
        XCTAssertFalse(FileSystem.exists(store.path))
        try trustProject()
        let before = try FileSystem.read(store.path)
        try scratch.write("proj/uihost.lua", "plugins = { \"plugins\" }\ngrant = { helper = { \"os\", \"io\" } }\n")
        _ = try open()
        XCTAssertEqual(try FileSystem.read(store.path), before)
    }

    func testALoopInTheConfigIsStoppedByItsBudget() throws {
        try writeProject(config: "while true do end")
        XCTAssertThrowsError(try open()) { error in
            let message = (error as? LuaError)?.message ?? ""
            XCTAssertTrue(message.contains("instruction budget exceeded (1000000 instructions)"), message)
        }
    }

    // MARK: - check: manifests only

    func testCheckingRunsNoSetupAndGrantsNothingEvenWhenTrusted() throws {
        let mark = FileSystem.join(scratch.path, "mark")
        try writeProject(config: "plugins = { \"plugins\" }\ngrant = { helper = { \"io\" } }\n")
        try scratch.write("proj/plugins/helper/plugin.lua", """
        return { name = "helper", permissions = { "io" },
                 setup = function() io.open("\(mark)", "w"):close() end,
                 commands = { { id = "helper.go", title = "Go", run = function() io.open("\(mark)", "w"):close() end } } }
        """)
        try trustProject()
        XCTAssertTrue(helperLoaded(try open()), "the setup works when the plugin runs")
        XCTAssertTrue(FileSystem.exists(mark))
        unlink(mark)

        let notices = Lines()
        let host = try open(grants: ["helper": [.io]], runsPlugins: false, notices: notices)
        XCTAssertEqual(host.errors, [])
        XCTAssertEqual(host.pluginReports.map(\.name), ["helper"])
        XCTAssertFalse(FileSystem.exists(mark), "no setup ran")
        XCTAssertFalse(host.commandIDs.contains("helper.go"), "nothing of the plugin is registered")
        XCTAssertEqual(notices.lines, [])
    }

    // MARK: - Reading a manifest without running it

    private func inspect(_ source: String, extra: [String: String] = [:]) throws -> [PluginReport] {
        try scratch.write("plugins/p/plugin.lua", source)
        for (name, text) in extra { try scratch.write("plugins/" + name, text) }
        var options = HostOptions()
        options.pluginDirectories = [FileSystem.join(scratch.path, "plugins")]
        options.readsProjectConfig = false
        options.grants = ["p": [.io, .os]]
        return try Host.inspectPlugins(options: options)
    }

    func testManifestCodeReachesNoCapabilityAndNoOtherFile() throws {
        let mark = FileSystem.join(scratch.path, "mark")
        let reports = try inspect("""
        local fmt = require "format"
        io.open("\(mark)", "w"):write("x")
        os.execute("touch \(mark)")
        ui.log(fmt.now())
        print("x")
        return { name = "p", version = "1.0", permissions = { "io" }, setup = function() io.open("\(mark)", "w") end }
        """, extra: ["p/format.lua": "io.open('\(mark)', 'w'); return {}"])
        XCTAssertEqual(reports.map(\.problems), [[]])
        XCTAssertEqual(reports.first?.version, "1.0")
        XCTAssertEqual(reports.first?.granted, ["io"], "shown as granted, given nothing")
        XCTAssertFalse(FileSystem.exists(mark))
    }

    func testManifestCodeSeesOnlyFrozenPureLibraries() throws {
        let reports = try inspect("""
        assert(string.dump == nil and type(load) == "table" and type(os) == "table", "no dump, load or os")
        assert(not pcall(function() string.upper = nil end), "string is read-only")
        assert(getmetatable("") == nil, "the string metatable is out of reach")
        for _ in ipairs(require "m") do error("a module stands for nothing") end
        local names = 0
        for _ in pairs(string) do names = names + 1 end
        assert(names > 10, "the views list their library")
        local ok, err = pcall(setmetatable, {}, { __gc = function() end })
        assert(not ok and err:find("__gc"), "no finalizers")
        return { name = "p", version = string.format("%d.%d", math.max(1, 0), #table.concat { "a" }) }
        """)
        XCTAssertEqual(reports.map(\.problems), [[]])
        XCTAssertEqual(reports.first?.version, "1.1")
    }

    func testALoopInAManifestIsStoppedByItsTightBudget() throws {
        let reports = try inspect("while true do end")
        XCTAssertEqual(reports.count, 1)
        XCTAssertTrue(reports[0].problems.first?.contains("instruction budget exceeded (1000000 instructions)") ?? false,
                      "\(reports[0].problems)")
    }

    func testInspectedManifestProblemsAreNamed() throws {
        let named = try inspect("return { name = 'q' }").first?.problems ?? []
        XCTAssertTrue(named.contains { $0.hasSuffix("name \"q\" differs from its folder 'p'; a plugin's name is its folder's name") }, "\(named)")
        let reports = try inspect("return { name = 'p', requires = '>= 99', screens = { s = 'missing.lua' } }")
        let problems = reports.first?.problems ?? []
        XCTAssertTrue(problems.contains { $0.contains("99") }, "\(problems)")
        XCTAssertTrue(problems.contains { $0.hasPrefix("screens.s: no file ") }, "\(problems)")
    }

    // MARK: - The store

    func testStoreRoundTripsPathsThatCouldBreakALine() throws {
        let hash = String(repeating: "ab", count: 32)
        let odd: [UInt8] = Array("/tmp/a\nproject /etc\\x\r".utf8) + [0xFF, 0x41]
        let entries = [
            ProjectFingerprint(path: odd, files: [.init(name: "uihost.lua", hash: hash), .init(name: "p\nfile x/plugin.lua", hash: hash)]),
            ProjectFingerprint(path: Array("/home/é/proj".utf8), files: [.init(name: "uihost.lua", hash: hash)]),
        ]
        let text = TrustStore.format(entries)
        XCTAssertEqual(text.split(separator: "\n").filter { $0.hasPrefix("project ") }.count, 2, text)
        XCTAssertTrue(text.contains("project /home/é/proj\n"), "UTF-8 paths stay readable")
        XCTAssertEqual(TrustStore.parse(Array(text.utf8)), entries)
    }

    func testStoreWithAnotherVersionIsNotReadNorOverwritten() throws {
        try scratch.write("state/uihost/trust", "uihost-trust 2\nproject /x\n")
        XCTAssertEqual(store.entries(), [])
        try writeProject()
        XCTAssertThrowsError(try trustProject())
        XCTAssertEqual(try FileSystem.readText(store.path), "uihost-trust 2\nproject /x\n")
    }

    func testDamagedFileLineTrustsNothing() throws {
        try writeProject()
        try trustProject()
        let text = try FileSystem.readText(store.path)
        try FileSystem.write(store.path, text.replacing(/file [0-9a-f]{64} plugins/, with: "file XYZ plugins"))
        XCTAssertFalse(helperLoaded(try open()))
    }

    func testRevokeForgetsTheProject() throws {
        try writeProject()
        try trustProject()
        XCTAssertTrue(try store.revoke(XCTUnwrap(ProjectFingerprint.realPath(project))))
        XCTAssertFalse(try store.revoke(XCTUnwrap(ProjectFingerprint.realPath(project))))
        XCTAssertFalse(helperLoaded(try open()))
    }

    func testUserStoreFollowsXDGStateHome() {
        func path(_ env: [String: String]) -> String? { TrustStore.user(environment: { env[$0] })?.path }
        XCTAssertEqual(path(["XDG_STATE_HOME": "/s", "HOME": "/h"]), "/s/uihost/trust")
        XCTAssertEqual(path(["XDG_STATE_HOME": "rel", "HOME": "/h"]), "/h/.local/state/uihost/trust", "a relative one is ignored")
        XCTAssertEqual(path(["HOME": "/h"]), "/h/.local/state/uihost/trust")
        XCTAssertNil(path([:]))
    }

    func testShellWordQuotesWhatTheShellWouldSplit() {
        XCTAssertEqual(ProjectTrust.shellWord("proj/a-b"), "proj/a-b")
        XCTAssertEqual(ProjectTrust.shellWord("my proj"), "'my proj'")
        XCTAssertEqual(ProjectTrust.shellWord("it's"), "'it'\\''s'")
        XCTAssertEqual(ProjectTrust.shellWord("-x"), "./-x")
    }

    func testSHA256MatchesTheStandardVectors() {
        XCTAssertEqual(SHA256.hex([]), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        XCTAssertEqual(SHA256.hex(Array("abc".utf8)), "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        XCTAssertEqual(SHA256.hex(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)),
                       "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        XCTAssertEqual(SHA256.hex([UInt8](repeating: 0x61, count: 1000)),
                       "41edece42d63e8d9bf515a9ba6932e1c20cbc9f5a5d134645adb5db1b9737ea3")
    }
}
