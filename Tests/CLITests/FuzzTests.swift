import Foundation
import XCTest

/// `uihost fuzz`: finds a planted bug, shrinks it, writes a script that fails
/// the same way; the same seed gives the same run; crashes and hangs are reported.
final class FuzzTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        try XCTSkipUnless(Uihost.isBuilt, "build the binary first: swift build")
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("uihost-fuzz-" + UUID().uuidString.prefix(8))
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        if let directory { try? FileManager.default.removeItem(at: directory) }
    }

    private let planted = "Tests/CLITests/fixtures/fuzz_planted.lua"

    /// The number of events the report says the failure was shrunk to.
    private func shrunkCount(_ r: Uihost.Result) -> Int? {
        guard let line = r.lines.first(where: { $0.hasPrefix("shrunk from ") }) else { return nil }
        return Int(line.split(separator: " ")[4])
    }

    func testThePlantedBugIsFoundShrunkAndItsScriptFailsTheSameWay() throws {
        let script = directory.appendingPathComponent("planted_test.lua").path
        // The bug is found within a second here: --seconds leaves room for a slow machine.
        let r = try Uihost.run(["fuzz", planted, "--seconds", "10", "--seed", "1", "-o", script], scratch: directory)
        XCTAssertEqual(r.status, 1, r.stdout + r.stderr)
        XCTAssertTrue(r.stdout.contains("found a script error: \(planted):9: planted bug: the third x after ab"), r.stdout)
        XCTAssertTrue(r.lines[0].contains("events/s"), r.stdout)
        let count = try XCTUnwrap(shrunkCount(r), r.stdout)
        XCTAssertLessThanOrEqual(count, 6)
        let text = try String(contentsOfFile: script, encoding: .utf8)
        XCTAssertTrue(text.contains("test.case("), text)
        XCTAssertTrue(text.contains("abxxx"), text)
        // The script fails, with the planted error.
        let replay = try Uihost.run(["test", script], scratch: directory)
        XCTAssertEqual(replay.status, 1, replay.stdout)
        XCTAssertTrue(replay.stdout.contains("a handler raised an error: \(planted):9: planted bug"), replay.stdout)
    }

    func testTheSameSeedGivesTheSameRun() throws {
        var scripts: [String] = []
        for n in 0..<2 {
            let script = directory.appendingPathComponent("run\(n).lua").path
            let r = try Uihost.run(["fuzz", planted, "--seconds", "10", "--seed", "7", "-o", script], scratch: directory)
            XCTAssertEqual(r.status, 1, r.stdout)
            scripts.append(try String(contentsOfFile: script, encoding: .utf8))
            XCTAssertTrue(r.lines.contains { $0.hasPrefix("shrunk from ") }, r.stdout)
        }
        XCTAssertEqual(scripts[0], scripts[1])
    }

    func testAScreenWithoutBugsPassesAndPrintsTheRate() throws {
        // Exploring ends at --seconds: a run that went on would be stopped by the 60 s guard and fail.
        let r = try Uihost.run(["fuzz", "screens/launcher.lua", "--seconds", "1", "--seed", "3"], scratch: directory)
        XCTAssertEqual(r.status, 0, r.stdout + r.stderr)
        XCTAssertTrue(r.stdout.contains("events/s"), r.stdout)
        XCTAssertTrue(r.stdout.contains("nothing found"), r.stdout)
    }

    func testAHandlerStoppedByTheLimitsIsReportedAsAHang() throws {
        let script = directory.appendingPathComponent("hang_test.lua").path
        let r = try Uihost.run(["fuzz", "Tests/CLITests/fixtures/fuzz_hang.lua", "--seconds", "10", "--max-instructions", "100000",
                                "-o", script], scratch: directory)
        XCTAssertEqual(r.status, 1, r.stdout + r.stderr)
        XCTAssertTrue(r.stdout.contains("found a hang"), r.stdout)
        XCTAssertLessThanOrEqual(try XCTUnwrap(shrunkCount(r), r.stdout), 2)
        let replay = try Uihost.run(["test", script, "--max-instructions", "100000"], scratch: directory)
        XCTAssertEqual(replay.status, 1, replay.stdout)
        XCTAssertTrue(replay.stdout.contains("a handler ran into the limits"), replay.stdout)
    }

    func testACrashOfTheWorkerIsCaughtAndShrunkInSeparateProcesses() throws {
        // UIHOST_FUZZ_CRASH_KEY makes the worker die on that key, as a crash of the host would.
        let script = directory.appendingPathComponent("crash_test.lua").path
        let r = try Uihost.run(["fuzz", planted, "--seconds", "10", "-o", script],
                               environment: ["UIHOST_FUZZ_CRASH_KEY": "space"], scratch: directory)
        XCTAssertEqual(r.status, 1, r.stdout + r.stderr)
        XCTAssertTrue(r.stdout.contains("found a crash of the host: the host crashed (signal 11)"), r.stdout)
        XCTAssertEqual(shrunkCount(r), 1, r.stdout)
        let text = try String(contentsOfFile: script, encoding: .utf8)
        XCTAssertTrue(text.contains("app:press(\"space\")"), text)
    }

    /// A screen's file name is the user's, not uihost's: one that is Lua code
    /// (a newline, a call, a newline) must stay a string in the script that
    /// `fuzz -o` writes, which runs with the full standard library.
    func testAScreenNamedLikeCodeStaysAStringInTheScript() throws {
        let name = "x\nio.open(\"PWNED\",\"w\"):write(\"pwned\")\n--.lua"
        try FileManager.default.copyItem(at: Uihost.root.appendingPathComponent(planted),
                                         to: directory.appendingPathComponent(name))
        let script = directory.appendingPathComponent("named_test.lua").path
        let r = try Uihost.run(["fuzz", name, "--seconds", "10", "--seed", "1", "-o", script], scratch: directory, directory: directory)
        XCTAssertEqual(r.status, 1, r.stdout + r.stderr)
        let text = try String(contentsOfFile: script, encoding: .utf8)
        XCTAssertTrue(text.contains(#"test.open("x\nio.open(\"PWNED\",\"w\"):write(\"pwned\")\n--.lua""#), text)
        for line in text.split(separator: "\n") {
            XCTAssertFalse(line.hasPrefix("io.open"), "the name's code is a line of its own:\n" + text)
        }
        // The script runs (and fails with the planted bug) without running the name.
        let replay = try Uihost.run(["test", script], scratch: directory, directory: directory)
        XCTAssertEqual(replay.status, 1, replay.stdout)
        XCTAssertTrue(replay.stdout.contains("planted bug: the third x after ab"), replay.stdout)
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory.appendingPathComponent("PWNED").path),
                       "the script ran the file name as code:\n" + text)
    }

    func testBadInput() throws {
        for args in [["--seconds", "0"], ["--seed", "-1"], ["--seconds", "x"]] {
            let r = try Uihost.run(["fuzz", planted] + args, scratch: directory)
            XCTAssertEqual(r.status, 2, "\(args): \(r.stderr)")
        }
        // A screen that does not load: its error, exit 3, no script written.
        let broken = directory.appendingPathComponent("broken.lua")
        try "return ui.screen { ui.list { rowz = 3 } }".write(to: broken, atomically: true, encoding: .utf8)
        let script = directory.appendingPathComponent("out.lua").path
        let r = try Uihost.run(["fuzz", broken.path, "-o", script], scratch: directory)
        XCTAssertEqual(r.status, 3, r.stderr)
        XCTAssertTrue(r.stderr.contains("unknown field 'rowz'"), r.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: script))
        // An existing output file is kept unless --force.
        try "keep".write(toFile: script, atomically: true, encoding: .utf8)
        let refused = try Uihost.run(["fuzz", planted, "-o", script], scratch: directory)
        XCTAssertEqual(refused.status, 2, refused.stderr)
        XCTAssertEqual(try String(contentsOfFile: script, encoding: .utf8), "keep")
    }
}
