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
}
