import UIHostCore

/// `--junit FILE`: one testsuite per script, one testcase per case, a failure
/// carrying the message and the frame.
enum JUnit {
    static func report(_ suites: [SuiteResult]) -> String {
        let tests = suites.map(\.cases.count).reduce(0, +)
        let failures = suites.map { $0.cases.filter { !$0.passed }.count }.reduce(0, +)
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<testsuites name=\"uihost\" tests=\"\(tests)\" failures=\"\(failures)\">\n"
        for suite in suites {
            let failed = suite.cases.filter { !$0.passed }.count
            xml += "  <testsuite name=\"\(escape(suite.script))\" tests=\"\(suite.cases.count)\" failures=\"\(failed)\""
            xml += " errors=\"0\" time=\"\(format(suite.seconds))\">\n"
            for c in suite.cases {
                xml += "    <testcase classname=\"\(escape(suite.script))\" name=\"\(escape(c.name))\" time=\"\(format(c.seconds))\""
                if c.passed {
                    xml += "/>\n"
                } else {
                    let first = c.message.split(separator: "\n").first.map(String.init) ?? "failed"
                    xml += ">\n      <failure message=\"\(escape(first))\">\(escape(c.message))</failure>\n    </testcase>\n"
                }
            }
            xml += "  </testsuite>\n"
        }
        return xml + "</testsuites>\n"
    }

    /// XML text: controls shown as on the console (`TerminalText`), then
    /// what XML needs (`XMLText`: markup escaped, forbidden characters replaced).
    static func escape(_ s: String) -> String {
        XMLText.escape(TerminalText.escape(s), attribute: true)
    }

    private static func format(_ seconds: Double) -> String {
        String(Double(Int(seconds * 1000)) / 1000)
    }
}
