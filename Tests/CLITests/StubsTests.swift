import Foundation
import XCTest

/// `uihost stubs DIR`: writes the LuaLS stubs, byte for byte the
/// repository's library/uihost.lua, which SwiftPM embeds in the binary
/// (`.embedInCode`, through the link Sources/uihost/uihost.lua).
final class StubsTests: XCTestCase {
    private static let root = Uihost.root
    private static let library = root.appendingPathComponent("library/uihost.lua")

    private var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("uihost-stubs-" + UUID().uuidString.prefix(8))
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        if let directory { try? FileManager.default.removeItem(at: directory) }
    }

    private typealias Result = Uihost.Result

    private func run(_ executable: URL, _ arguments: [String]) throws -> Result {
        try Uihost.run(arguments, executable: executable, scratch: directory)
    }

    private func uihost(_ arguments: String...) throws -> Result {
        try XCTSkipUnless(Uihost.isBuilt, "build the binary first: swift build")
        return try run(Uihost.binary, arguments)
    }

    func testStubsWritesTheLibraryFileByteForByte() throws {
        // A folder that does not exist yet, two levels deep: stubs creates it.
        let target = directory.appendingPathComponent("types/uihost").path
        let result = try uihost("stubs", target)
        XCTAssertEqual(result.status, 0, result.stderr)
        // Then the project's .luarc.json and .luacheckrc, kept here: they exist.
        XCTAssertEqual(result.stdout.split(separator: "\n").first.map(String.init), "wrote \(target)/uihost.lua")
        XCTAssertEqual(result.stderr, "")
        let written = try Data(contentsOf: URL(fileURLWithPath: target + "/uihost.lua"))
        let expected = try Data(contentsOf: StubsTests.library)
        XCTAssertEqual(written, expected, "the written stubs differ from library/uihost.lua (rebuild)")
        XCTAssertTrue(String(decoding: written, as: UTF8.self).hasPrefix("---@meta"))
    }

    func testStubsOverwritesAnExistingFile() throws {
        let target = directory.path
        try "old".write(toFile: target + "/uihost.lua", atomically: true, encoding: .utf8)
        let result = try uihost("stubs", target + "/")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout.split(separator: "\n").first.map(String.init), "wrote \(target)/uihost.lua")
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: target + "/uihost.lua")),
                       try Data(contentsOf: StubsTests.library))
    }

    func testStubsIntoAPlaceThatCannotBeWrittenExitsThree() throws {
        // A regular file where the directory should be.
        let blocker = directory.appendingPathComponent("not-a-directory").path
        try "x".write(toFile: blocker, atomically: true, encoding: .utf8)
        let result = try uihost("stubs", blocker)
        XCTAssertEqual(result.status, 3)
        XCTAssertEqual(result.stdout, "")
        XCTAssertTrue(result.stderr.hasPrefix("uihost: cannot write \(blocker)/uihost.lua"), result.stderr)
    }

    func testStubsWithoutADirectoryIsAUsageError() throws {
        let result = try uihost("stubs")
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.hasPrefix("uihost: "), result.stderr)
    }

    /// The embedded stubs are the repository's file through a link, not a copy.
    func testTheEmbeddedStubsAreALinkToTheLibrary() throws {
        let link = StubsTests.root.appendingPathComponent("Sources/uihost/uihost.lua").path
        XCTAssertEqual(try FileManager.default.destinationOfSymbolicLink(atPath: link), "../../library/uihost.lua")
    }

    // MARK: - The .luacheckrc it writes

    /// luacheck over a new project, with the `.luacheckrc` that `uihost stubs`
    /// wrote: its uihost.lua, a screen that keeps state for `app:eval` in a
    /// global, and a test of it are clean; a misspelt `ui.pussh` and a global
    /// set by mistake inside a handler are still caught.
    func testTheWrittenLuacheckrcPassesAProjectAndCatchesMistakes() throws {
        let luacheck = try XCTUnwrap(["/usr/bin/luacheck", "/usr/local/bin/luacheck"].first { FileManager.default.isExecutableFile(atPath: $0) },
                                     "luacheck is not installed: run Scripts/setup.sh as root")
        try XCTSkipUnless(Uihost.isBuilt, "build the binary first: swift build")
        let stubs = try Uihost.run(["stubs", "library"], scratch: directory, directory: directory)
        XCTAssertEqual(stubs.status, 0, stubs.stderr)
        func write(_ path: String, _ text: String) throws {
            let url = directory.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        try write("uihost.lua", """
            plugins = { "plugins" }
            grant = { clock = { "os" } }
            options = { clock = { format = "%H:%M" } }

            """)
        try write("screens/count.lua", """
            -- COUNT is read by the tests: app:eval("return COUNT").
            COUNT = 0
            local label = ui.text "0"
            return ui.screen {
              label,
              ui.button { title = "Add", onSelect = function()
                COUNT = COUNT + 1
                label.text = tostring(COUNT)
              end },
            }

            """)
        try write("Scripts/tests/count_test.lua", """
            test.case("counts", function()
              local app = test.open("screens/count.lua")
              app:press("enter")
              assert(app:eval("return COUNT") == 1)
            end)

            """)
        let clean = try Uihost.run(["--no-color", "--formatter", "plain", "."], executable: URL(fileURLWithPath: luacheck),
                                   scratch: directory, directory: directory)
        XCTAssertEqual(clean.status, 0, "luacheck warns about a correct project:\n" + clean.stdout + clean.stderr)
        // The project's tests pass too: the screen is right, not only quiet.
        let tests = try Uihost.run(["test", "Scripts/tests"], scratch: directory, directory: directory)
        XCTAssertEqual(tests.status, 0, tests.stdout)

        try write("screens/typo.lua", """
            local total = 0
            return ui.screen {
              ui.button { title = "Go", onSelect = function()
                totl = total + 1
                ui.pussh("screens/count.lua")
              end },
            }

            """)
        let caught = try Uihost.run(["--no-color", "--formatter", "plain", "screens/typo.lua"],
                                    executable: URL(fileURLWithPath: luacheck), scratch: directory, directory: directory)
        XCTAssertNotEqual(caught.status, 0)
        XCTAssertTrue(caught.stdout.contains("totl"), caught.stdout)
        XCTAssertTrue(caught.stdout.contains("pussh"), caught.stdout)
    }
}
