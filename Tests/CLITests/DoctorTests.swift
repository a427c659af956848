import Foundation
import Glibc
import XCTest

/// `uihost doctor`: exit 0 and a JSON report whatever the terminal, asked on
/// a pseudo-terminal where the test plays a terminal (answering, or silent),
/// and with no terminal at all.
final class DoctorTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        try XCTSkipUnless(Uihost.isBuilt, "build the binary first: swift build")
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("uihost-doctor-" + UUID().uuidString.prefix(8))
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        if let directory { try? FileManager.default.removeItem(at: directory) }
    }

    private func object(_ text: String) throws -> [String: Any] {
        let parsed = try JSONSerialization.jsonObject(with: Data(text.utf8))
        return try XCTUnwrap(parsed as? [String: Any], text)
    }

    private func field(_ report: [String: Any], _ path: String...) -> Any? {
        var value: Any? = report
        for key in path { value = (value as? [String: Any])?[key] }
        return value
    }

    // MARK: - No terminal

    /// In a session of its own (setsid), with stdin from /dev/null and stdout
    /// a file, there is no terminal to ask: doctor says so at once.
    func testWithoutATerminalItSaysSoAndReportsTheRest() throws {
        let env = ["TERM": "xterm-256color", "COLORTERM": "", "NO_COLOR": "", "XDG_STATE_HOME": directory.path]
        let result = try Uihost.run(["-w", Uihost.binary.path, "doctor", "--json"],
                                    executable: URL(fileURLWithPath: "/usr/bin/setsid"), environment: env, scratch: directory)
        XCTAssertEqual(result.status, 0, result.stderr)
        let report = try object(result.stdout)
        XCTAssertTrue(field(report, "terminal", "asked") is NSNull)
        XCTAssertTrue((field(report, "terminal", "notAskedBecause") as? String)?.contains("no terminal") ?? false, result.stdout)
        XCTAssertEqual(field(report, "terminal", "answered") as? Bool, false)
        XCTAssertEqual(field(report, "terminal", "interactive") as? Bool, false)
        XCTAssertEqual(field(report, "color", "depth") as? String, "256")
        XCTAssertTrue((field(report, "color", "because") as? String)?.contains("TERM=xterm-256color") ?? false, result.stdout)
        XCTAssertTrue((field(report, "lua", "release") as? String)?.hasPrefix("5.4.") ?? false, result.stdout)
        XCTAssertEqual(field(report, "lua", "number") as? Int, 504)
        XCTAssertEqual(field(report, "logFile") as? String, directory.path + "/uihost/uihost.log")
        XCTAssertFalse(FileManager.default.fileExists(atPath: directory.path + "/uihost"), "doctor creates nothing")
        let widths = try XCTUnwrap(field(report, "widths") as? [[String: Any]])
        XCTAssertEqual(widths.map { $0["name"] as? String }, ["CJK ideograph", "emoji", "ZWJ sequence", "emoji with VS16", "combining accent"])
        XCTAssertEqual(widths.map { $0["uihost"] as? Int }, [2, 2, 2, 2, 1])
        XCTAssertTrue(widths.allSatisfy { $0["terminal"] is NSNull })
    }

    func testTheColourDepthAndItsReasonFollowTheEnvironment() throws {
        let cases: [([String: String], String, String)] = [
            (["NO_COLOR": "1", "COLORTERM": "truecolor"], "none", "NO_COLOR"),
            (["NO_COLOR": "", "TERM": "dumb", "COLORTERM": ""], "none", "TERM=dumb"),
            (["NO_COLOR": "", "TERM": "xterm", "COLORTERM": "truecolor"], "truecolor", "COLORTERM=truecolor"),
            (["NO_COLOR": "", "TERM": "vt100", "COLORTERM": ""], "16", "TERM=vt100"),
        ]
        for (env, depth, reason) in cases {
            let result = try Uihost.run(["doctor", "--json"], environment: env, scratch: directory)
            XCTAssertEqual(result.status, 0, result.stderr)
            let report = try object(result.stdout)
            XCTAssertEqual(field(report, "color", "depth") as? String, depth, "\(env)")
            XCTAssertTrue((field(report, "color", "because") as? String)?.contains(reason) ?? false, "\(env): \(result.stdout)")
        }
        let plain = try Uihost.run(["doctor", "--json", "--plain"], environment: ["COLORTERM": "truecolor"], scratch: directory)
        XCTAssertEqual(field(try object(plain.stdout), "color", "depth") as? String, "none")
    }

    func testJsonGoesOnlyWithDoctor() throws {
        let result = try Uihost.run(["render", "screens/form.lua", "--json"], scratch: directory)
        XCTAssertEqual(result.status, 2)
        XCTAssertTrue(result.stderr.contains("--json goes with doctor"), result.stderr)
    }

    // MARK: - On a terminal

    /// Runs `uihost doctor --json` on a pseudo-terminal; `answer` is what the
    /// test, as the terminal, sends once it has read the whole query (nil:
    /// nothing). Returns the exit status, what doctor wrote before its report
    /// (the query), and the report.
    private func doctor(answering answer: String?) throws -> (status: Int32, query: String, report: [String: Any]) {
        let session = try TerminalSession(["doctor", "--json"], cols: 80, rows: 24, environment: ["TERM": "xterm-256color"])
        if let answer {
            XCTAssertTrue(session.waitFor("\u{1B}[c"), "the query ends with a device-attributes request: \(session.text.debugDescription)")
            session.send(answer)
        }
        // Doctor waits a second at most for answers; the session's guard only against a hang.
        let status = session.finish()
        let text = session.text.replacingOccurrences(of: "\r\n", with: "\n")
        guard let end = text.range(of: "\u{1B}[c") else {
            XCTFail("no query on the terminal: \(text.debugDescription)")
            return (status, text, [:])
        }
        let report = try object(String(text[end.upperBound...]))
        return (status, String(text[..<end.upperBound]), report)
    }

    func testOnATerminalThatAnswersItReportsWhatItSaid() throws {
        let (status, query, report) = try doctor(answering:
            "\u{1B}[?1u\u{1B}[?1000;2$y\u{1B}[?1002;2$y\u{1B}[?1006;2$y\u{1B}[?2004;2$y\u{1B}[?1049;0$y"
            + "\u{1B}[1;3R\u{1B}[1;3R\u{1B}[1;6R\u{1B}[1;2R\u{1B}[1;2R\u{1B}[?62;22c")
        XCTAssertEqual(status, 0)
        XCTAssertTrue(query.hasPrefix("\u{1B}[?u"), query.debugDescription)
        XCTAssertEqual(query.components(separatedBy: "\u{1B}[6n").count - 1, 5, "one cursor question per sample")
        XCTAssertTrue(query.contains("\u{1B}[?2004$p"), query.debugDescription)
        XCTAssertEqual(field(report, "terminal", "asked") as? String, "standard input and output")
        XCTAssertEqual(field(report, "terminal", "answered") as? Bool, true)
        XCTAssertEqual(field(report, "terminal", "deviceAttributes") as? String, "62;22")
        XCTAssertEqual(field(report, "terminal", "interactive") as? Bool, true)
        XCTAssertEqual(field(report, "terminal", "size") as? String, "80x24")
        XCTAssertEqual(field(report, "kittyKeyboard", "supported") as? Bool, true)
        XCTAssertEqual(field(report, "kittyKeyboard", "flags") as? Int, 1)
        XCTAssertEqual(field(report, "mouse", "modes", "1006") as? String, "reset")
        XCTAssertEqual(field(report, "bracketedPaste", "mode") as? String, "reset")
        XCTAssertEqual(field(report, "alternateScreen", "mode") as? String, "not recognised")
        let widths = try XCTUnwrap(field(report, "widths") as? [[String: Any]])
        XCTAssertEqual(widths.map { $0["terminal"] as? Int }, [2, 2, 5, 1, 1])
        XCTAssertEqual(widths.map { $0["uihost"] as? Int }, [2, 2, 2, 2, 1])
    }

    func testOnATerminalThatNeverAnswersItDoesNotHang() throws {
        let (status, _, report) = try doctor(answering: nil)
        XCTAssertEqual(status, 0)
        XCTAssertEqual(field(report, "terminal", "asked") as? String, "standard input and output")
        XCTAssertEqual(field(report, "terminal", "answered") as? Bool, false)
        XCTAssertTrue(field(report, "kittyKeyboard", "supported") is NSNull)
        let widths = try XCTUnwrap(field(report, "widths") as? [[String: Any]])
        XCTAssertTrue(widths.allSatisfy { $0["terminal"] is NSNull })
    }
}
