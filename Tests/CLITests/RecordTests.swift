import Foundation
import XCTest

/// `uihost record`: a session in a pseudo-terminal becomes a script that
/// replays green; an existing output file and a broken screen are refused.
final class RecordTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        try XCTSkipUnless(Uihost.isBuilt, "build the binary first: swift build")
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("uihost-record-" + UUID().uuidString.prefix(8))
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        if let directory { try? FileManager.default.removeItem(at: directory) }
    }

    /// Runs `uihost record` in an 80x24 pseudo-terminal from `folder`, sends
    /// `keys` (all at once), waits for `until` on the screen, then ends the
    /// session with ctrl-c.
    private func record(_ screen: String, keys: String, until: String, output script: String,
                        from folder: URL = Uihost.root) throws -> Int32 {
        let session = try TerminalSession(["record", screen, "-o", script, "--no-mouse",
                                           "--log", directory.appendingPathComponent("log").path],
                                          cols: 80, rows: 24, directory: folder)
        XCTAssertTrue(session.waitFor("Sign up"), "the form is drawn")
        session.send(keys)
        XCTAssertTrue(session.waitFor(until), session.text.debugDescription)
        session.send("\u{03}")
        return session.finish()
    }

    func testARecordedSessionOfTheFormReplaysGreen() throws {
        let script = directory.appendingPathComponent("form_test.lua").path
        let status = try record("screens/form.lua", keys: "Ada\tada@example.org\tsecret123\u{13}",
                                until: "Please choose a country.", output: script)
        XCTAssertEqual(status, 0)
        let text = try String(contentsOfFile: script, encoding: .utf8)
        XCTAssertTrue(text.contains("app:type(\"Ada\")"), text)
        XCTAssertTrue(text.contains("app:press(\"ctrl-s\")"), text)
        XCTAssertFalse(text.contains("ctrl-c"), "the key that ended the session is not replayed: \(text)")
        XCTAssertTrue(text.contains("app:expect(\"Please choose a country.\")"), text)
        let replay = try Uihost.run(["test", script], scratch: directory)
        XCTAssertEqual(replay.status, 0, replay.stdout)
        // The snapshot it wrote on the first run holds on the second.
        let again = try Uihost.run(["test", script], scratch: directory)
        XCTAssertEqual(again.status, 0, again.stdout)
        XCTAssertTrue(again.stdout.contains("1 passed, 0 failed"), again.stdout)
    }

    /// A screen's file name is the user's: one that is Lua code (a newline, a
    /// call, a newline) must stay a string in the recorded script, which runs
    /// with the full standard library.
    func testAScreenNamedLikeCodeStaysAStringInTheRecording() throws {
        let name = "x\nio.open(\"PWNED\",\"w\"):write(\"pwned\")\n--.lua"
        try FileManager.default.copyItem(at: Uihost.root.appendingPathComponent("screens/form.lua"),
                                         to: directory.appendingPathComponent(name))
        let script = directory.appendingPathComponent("named_test.lua").path
        let status = try record(name, keys: "Ada\tada@example.org\tsecret123\u{13}", until: "Please choose a country.",
                                output: script, from: directory)
        XCTAssertEqual(status, 0)
        let text = try String(contentsOfFile: script, encoding: .utf8)
        XCTAssertTrue(text.contains(#"test.open("x\nio.open(\"PWNED\",\"w\"):write(\"pwned\")\n--.lua""#), text)
        for line in text.split(separator: "\n") {
            XCTAssertFalse(line.hasPrefix("io.open"), "the name's code is a line of its own:\n" + text)
        }
        let replay = try Uihost.run(["test", script], scratch: directory, directory: directory)
        XCTAssertEqual(replay.status, 0, replay.stdout)
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory.appendingPathComponent("PWNED").path),
                       "the script ran the file name as code:\n" + text)
    }

    func testBadInput() throws {
        let script = directory.appendingPathComponent("exists.lua")
        try "keep".write(to: script, atomically: true, encoding: .utf8)
        let refused = try Uihost.run(["record", "screens/form.lua", "-o", script.path], scratch: directory)
        XCTAssertEqual(refused.status, 2, refused.stderr)
        XCTAssertTrue(refused.stderr.contains("exists"), refused.stderr)
        XCTAssertEqual(try String(contentsOf: script, encoding: .utf8), "keep")

        let broken = directory.appendingPathComponent("broken.lua")
        try "return ui.screen { ui.list { rowz = 3 } }".write(to: broken, atomically: true, encoding: .utf8)
        let out = directory.appendingPathComponent("out.lua").path
        // The load error comes before the terminal is needed.
        let r = try Uihost.run(["record", broken.path, "-o", out], scratch: directory)
        XCTAssertEqual(r.status, 3, r.stderr)
        XCTAssertTrue(r.stderr.contains("unknown field 'rowz'"), r.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: out))
    }
}
