import Foundation
import XCTest

/// `uihost stubs DIR` (SPEC §1): writes the LuaLS stubs, byte for byte the
/// repository's library/uihost.lua, which Scripts/gen-stubs.sh embeds in
/// Sources/uihost/Stubs.swift.
final class StubsTests: XCTestCase {
    /// The package root, found from this file: Tests/CLITests/StubsTests.swift.
    private static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    private static let binary = root.appendingPathComponent(".build/debug/uihost")
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

    private struct Result {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    /// Runs `executable` with `arguments` from the package root; output goes
    /// through files, so a full pipe cannot block the child.
    private func run(_ executable: URL, _ arguments: [String]) throws -> Result {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = StubsTests.root
        let out = directory.appendingPathComponent("stdout-\(UUID().uuidString)")
        let err = directory.appendingPathComponent("stderr-\(UUID().uuidString)")
        FileManager.default.createFile(atPath: out.path, contents: nil)
        FileManager.default.createFile(atPath: err.path, contents: nil)
        let outHandle = try FileHandle(forWritingTo: out)
        let errHandle = try FileHandle(forWritingTo: err)
        process.standardOutput = outHandle
        process.standardError = errHandle
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try outHandle.close()
        try errHandle.close()
        defer {
            try? FileManager.default.removeItem(at: out)
            try? FileManager.default.removeItem(at: err)
        }
        return Result(status: process.terminationStatus,
                      stdout: try String(contentsOf: out, encoding: .utf8),
                      stderr: try String(contentsOf: err, encoding: .utf8))
    }

    private func uihost(_ arguments: String...) throws -> Result {
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: StubsTests.binary.path),
                          "build the binary first: swift build")
        return try run(StubsTests.binary, arguments)
    }

    func testStubsWritesTheLibraryFileByteForByte() throws {
        // A folder that does not exist yet, two levels deep: stubs creates it.
        let target = directory.appendingPathComponent("types/uihost").path
        let result = try uihost("stubs", target)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, "wrote \(target)/uihost.lua\n")
        XCTAssertEqual(result.stderr, "")
        let written = try Data(contentsOf: URL(fileURLWithPath: target + "/uihost.lua"))
        let expected = try Data(contentsOf: StubsTests.library)
        XCTAssertEqual(written, expected, "the written stubs differ from library/uihost.lua (run Scripts/gen-stubs.sh)")
        XCTAssertTrue(String(decoding: written, as: UTF8.self).hasPrefix("---@meta"))
    }

    func testStubsOverwritesAnExistingFile() throws {
        let target = directory.path
        try "old".write(toFile: target + "/uihost.lua", atomically: true, encoding: .utf8)
        let result = try uihost("stubs", target + "/")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.stdout, "wrote \(target)/uihost.lua\n")
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

    /// Sources/uihost/Stubs.swift embeds library/uihost.lua as it is now.
    func testEmbeddedStubsAreUpToDate() throws {
        let script = StubsTests.root.appendingPathComponent("Scripts/gen-stubs.sh")
        let result = try run(URL(fileURLWithPath: "/bin/bash"), [script.path, "--check"])
        XCTAssertEqual(result.status, 0, result.stderr)
    }
}
