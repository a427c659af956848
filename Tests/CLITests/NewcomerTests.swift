import Foundation
import XCTest

/// What a new user meets first: self-contained docs, help, paths that follow
/// the screen and the test script, and a project set up by `uihost stubs`.
final class NewcomerTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        try XCTSkipUnless(Uihost.isBuilt, "build the binary first: swift build")
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("uihost-new-" + UUID().uuidString.prefix(8))
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        if let directory { try? FileManager.default.removeItem(at: directory) }
    }

    private func uihost(_ arguments: String..., from folder: URL? = nil) throws -> Uihost.Result {
        try Uihost.run(arguments, scratch: directory, directory: folder ?? Uihost.root)
    }

    func testNoDocumentPointsOutsideTheRepository() throws {
        var offenders: [String] = []
        let tree = FileManager.default.enumerator(at: Uihost.root, includingPropertiesForKeys: nil)!
        for case let url as URL in tree {
            let relative = url.path.dropFirst(Uihost.root.path.count + 1)
            let top = relative.split(separator: "/").first.map(String.init) ?? ""
            guard ["README.md", "docs", "library", "screens", "Scripts", "Sources", "Tests"].contains(top),
                  !relative.hasSuffix("NewcomerTests.swift"),
                  let text = try? String(contentsOf: url, encoding: .utf8) else { continue }
            if text.contains("../" + "shared") { offenders.append(String(relative)) }
        }
        XCTAssertEqual(offenders, [], "these refer to material outside the repository")
    }

    /// The README says what uihost is for and shows a frame before anything
    /// else, then the two commands, the tutorial and the examples, in that
    /// order; its Speed section is a summary that links the full figures.
    func testTheREADMELeadsWithItsPurposeAndAPicture() throws {
        let text = try String(contentsOf: Uihost.root.appendingPathComponent("README.md"), encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        func line(_ prefix: String) -> Int { lines.firstIndex { $0.hasPrefix(prefix) } ?? Int.max }
        let picture = line("`uihost render ")
        XCTAssertTrue(lines[1..<min(picture, lines.count)].contains { $0.hasPrefix("uihost is for") }, "purpose first")
        XCTAssertLessThan(picture, lines.firstIndex { $0.hasPrefix("## ") } ?? 0, "a picture before the first section")
        let order = ["## Two commands", "## Your first screen", "## Test your screen", "## Example screens"].map(line)
        XCTAssertEqual(order, order.sorted(), "commands, tutorial, examples: \(order)")
        XCTAssertFalse(order.contains(Int.max), "\(order)")
        let speed = line("## Speed")
        let next = lines[(speed + 1)...].firstIndex { $0.hasPrefix("## ") } ?? lines.count
        XCTAssertLessThanOrEqual(next - speed, 10, "Speed is a summary")
        XCTAssertTrue(lines[speed..<next].joined().contains("(docs/PERFORMANCE.md)"))
    }

    /// The README's build time is a measurement: the command it was taken
    /// with, and a figure in minutes and seconds, not a guess.
    func testTheREADMEBuildTimeSaysHowItWasMeasured() throws {
        let text = try String(contentsOf: Uihost.root.appendingPathComponent("README.md"), encoding: .utf8)
        let flat = text.split(whereSeparator: { $0 == "\n" }).joined(separator: " ")
        XCTAssertTrue(flat.contains("`time Scripts/build-release.sh`"), "the README names the command the build time was measured with")
        XCTAssertNotNil(flat.firstMatch(of: /took \d+ min \d+ s/), "the README gives the measured figure")
        XCTAssertFalse(flat.contains("about a minute"), "the old guess")
    }

    func testHelpAndHelpForACommand() throws {
        let help = try uihost("help")
        XCTAssertEqual(help.status, 0)
        XCTAssertTrue(help.stdout.contains("docs/API.md"), help.stdout)
        XCTAssertTrue(help.stdout.contains("Ctrl-C quits"), help.stdout)
        let test = try uihost("help", "test")
        XCTAssertTrue(test.stdout.hasPrefix("usage: uihost test"), test.stdout)
        let typo = try uihost("help", "tset")
        XCTAssertEqual(typo.status, 2)
        XCTAssertTrue(typo.stderr.contains("no command 'tset' (did you mean 'test'?)"), typo.stderr)
    }

    func testCheckTakesAFolderOfScreens() throws {
        let result = try uihost("check", "screens")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains("ok screens/launcher.lua"), result.stdout)
        XCTAssertTrue(result.stdout.contains("ok screens/tabbar.lua"), result.stdout)
    }

    func testAssetsFollowTheScreenNotTheCurrentFolder() throws {
        let screen = Uihost.root.appendingPathComponent("screens/tabbar.lua").path
        let result = try uihost("render", screen, "--size", "60x20", from: directory)
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertFalse(result.stdout.contains("missing image"), result.stdout)
    }

    func testTestsRunFromTheirOwnFolder() throws {
        let folder = Uihost.root.appendingPathComponent("Scripts/tests")
        let result = try uihost("test", "navigation_test.lua", from: folder)
        XCTAssertEqual(result.status, 0, result.stdout)
        XCTAssertTrue(result.stdout.contains("0 failed"), result.stdout)
    }

    /// A relative test.open path is the test's project's file even when the
    /// current folder has one of the same name; a script outside any project
    /// reads the current folder's; a missing one names the file it looked for.
    func testTestOpenReadsTheTestsProjectWhereverTheRunStarts() throws {
        func write(_ path: String, _ text: String) throws {
            let url = directory.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        try write("app/screens/home.lua", "return ui.screen { title = \"the project's\" }\n")
        try write("elsewhere/screens/home.lua", "return ui.screen { title = \"the current folder's\" }\n")
        try write("app/tests/home_test.lua", """
            test.case("home", function() test.open("screens/home.lua"):expect("the project's") end)
            test.case("missing", function() test.open("screens/gone.lua") end)

            """)
        try write("loose/loose_test.lua", """
            test.case("loose", function() test.open("screens/home.lua"):expect("the current folder's") end)

            """)
        let elsewhere = directory.appendingPathComponent("elsewhere")
        let result = try uihost("test", directory.appendingPathComponent("app/tests").path, from: elsewhere)
        XCTAssertTrue(result.stdout.contains("ok home\n"), result.stdout)
        let project = directory.appendingPathComponent("app").resolvingSymlinksInPath().path
        XCTAssertTrue(result.stdout.contains("test.open: cannot open screens/gone.lua: no file \(project)/screens/gone.lua"),
                      result.stdout)
        let loose = try uihost("test", directory.appendingPathComponent("loose").path, from: elsewhere)
        XCTAssertEqual(loose.status, 0, loose.stdout)
    }

    func testStubsSetUpANewProjectAndKeepItsOwnConfig() throws {
        let first = try uihost("stubs", "library", from: directory)
        XCTAssertEqual(first.status, 0, first.stderr)
        let luarc = try String(contentsOf: directory.appendingPathComponent(".luarc.json"), encoding: .utf8)
        XCTAssertTrue(luarc.contains("\"library\": [\"library\"]"), luarc)
        let luacheckrc = try String(contentsOf: directory.appendingPathComponent(".luacheckrc"), encoding: .utf8)
        XCTAssertTrue(luacheckrc.contains("\"screen\""), luacheckrc)
        XCTAssertTrue(luacheckrc.contains("\"case\""), luacheckrc)

        try "-- mine\n".write(to: directory.appendingPathComponent(".luacheckrc"), atomically: true, encoding: .utf8)
        let again = try uihost("stubs", "library", from: directory)
        XCTAssertTrue(again.stdout.contains("kept .luacheckrc"), again.stdout)
        XCTAssertEqual(try String(contentsOf: directory.appendingPathComponent(".luacheckrc"), encoding: .utf8), "-- mine\n")
        _ = try uihost("stubs", "library", "--force", from: directory)
        XCTAssertNotEqual(try String(contentsOf: directory.appendingPathComponent(".luacheckrc"), encoding: .utf8), "-- mine\n")
    }

    /// The folder given to `stubs` is data in .luarc.json: a quote in it does
    /// not write settings (lua-language-server runs `runtime.plugin`).
    func testAStubsFolderNamedLikeJSONStaysAString() throws {
        let folder = "lib\"], \"runtime\": {\"plugin\": \"evil.lua\"}, \"x\": [\"\n\u{2028}"
        let r = try uihost("stubs", folder, "--force", from: directory)
        XCTAssertEqual(r.status, 0, r.stderr)
        let data = try Data(contentsOf: directory.appendingPathComponent(".luarc.json"))
        let json = try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        XCTAssertEqual((json["workspace"] as? [String: Any])?["library"] as? [String], [folder])
        XCTAssertEqual((json["runtime"] as? [String: Any])?.keys.sorted(), ["version"], String(decoding: data, as: UTF8.self))
    }

    func testLuacheckAcceptsANewProjectWrittenByStubs() throws {
        let luacheck = URL(fileURLWithPath: "/usr/bin/luacheck")
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: luacheck.path), "luacheck is not installed")
        _ = try uihost("stubs", "library", from: directory)
        try "return ui.screen { title = \"Hi\", ui.text \"hello\" }\n"
            .write(to: directory.appendingPathComponent("hello.lua"), atomically: true, encoding: .utf8)
        let lint = try Uihost.run(["-q", "hello.lua"], executable: luacheck, scratch: directory, directory: directory)
        XCTAssertEqual(lint.status, 0, lint.stdout + lint.stderr)
    }
}
