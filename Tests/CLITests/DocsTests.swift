import Foundation
import XCTest

/// docs/API.md stays true: every example written as
///
///     <!-- render 40x10 keys="tab enter" options="--allow fs -- a b" -->
///     ```lua
///     …a screen script…
///     ```
///     ```text
///     …the frame…
///     ```
///
/// is run with `uihost render FILE --size 40x10 --keys "tab enter" --assets Assets --allow fs -- a b`
/// from the package root, and must print exactly the text block (trailing empty
/// rows of the frame left out).
final class DocsTests: XCTestCase {
    private static let root = Uihost.root
    private static let document = root.appendingPathComponent("docs/API.md")
    /// Fewer examples than this means the parser (or the document) lost them.
    private static let minimumExamples = 15

    private var directory: URL!

    override func setUpWithError() throws {
        try XCTSkipUnless(Uihost.isBuilt, "build the binary first: swift build")
        directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("uihost-docs-" + UUID().uuidString.prefix(8))
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        if let directory { try? FileManager.default.removeItem(at: directory) }
    }

    // MARK: - The document

    struct Example {
        /// 1-based line of the `<!-- render … -->` comment in API.md.
        let line: Int
        let size: String
        let keys: String?
        /// More arguments, after the others (`--allow fs`, `-- ARGS`).
        var options: [String] = []
        let lua: String
        let expected: [String]
    }

    /// The examples of `text`, and a message for every render comment that is
    /// not followed by a well-formed ```lua and ```text pair.
    static func examples(in text: String) -> (examples: [Example], problems: [String]) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let comment = /^<!-- render (\d+x\d+)(?: keys="([^"]*)")?(?: options="([^"]*)")? -->$/
        var examples: [Example] = []
        var problems: [String] = []

        /// The lines after the fence at `start` up to the closing fence, and the closing fence's index.
        func block(at start: Int, fence: String) -> (body: [String], end: Int)? {
            guard start < lines.count, lines[start] == fence else { return nil }
            var i = start + 1
            while i < lines.count, lines[i] != "```" { i += 1 }
            guard i < lines.count else { return nil }
            return (Array(lines[(start + 1)..<i]), i)
        }

        var i = 0
        while i < lines.count {
            defer { i += 1 }
            guard lines[i].hasPrefix("<!-- render") else { continue }
            guard let match = lines[i].wholeMatch(of: comment) else {
                problems.append("docs/API.md:\(i + 1): a render comment must read <!-- render WxH keys=\"…\" --> (got \(lines[i]))")
                continue
            }
            guard let lua = block(at: i + 1, fence: "```lua") else {
                problems.append("docs/API.md:\(i + 1): the render comment must be followed at once by a closed ```lua block")
                continue
            }
            guard let frame = block(at: lua.end + 1, fence: "```text") else {
                problems.append("docs/API.md:\(i + 1): the ```lua block must be followed at once by a closed ```text block")
                continue
            }
            examples.append(Example(line: i + 1, size: String(match.1), keys: match.2.map(String.init),
                                    options: match.3.map { $0.split(separator: " ").map(String.init) } ?? [],
                                    lua: lua.body.joined(separator: "\n") + "\n", expected: frame.body))
            i = frame.end
        }
        return (examples, problems)
    }

    // MARK: - Running uihost

    private typealias Result = Uihost.Result

    /// Runs uihost from the package root; a run longer than 30 s is stopped.
    private func uihost(_ arguments: [String]) throws -> Result {
        try Uihost.run(arguments, scratch: directory, timeout: 30)
    }

    /// The frame's rows, without the empty rows at its bottom.
    private static func frameLines(_ stdout: String) -> [String] {
        var lines = stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        while lines.last == "" { lines.removeLast() }
        return lines
    }

    private static func boxed(_ lines: [String]) -> String {
        lines.isEmpty ? "    (nothing)" : lines.map { "    |" + $0 }.joined(separator: "\n")
    }

    // MARK: - Tests

    func testEveryRenderExampleMatchesTheBinary() throws {
        let text = try String(contentsOf: DocsTests.document, encoding: .utf8)
        let (examples, problems) = DocsTests.examples(in: text)
        for problem in problems { XCTFail(problem) }
        XCTAssertGreaterThanOrEqual(examples.count, DocsTests.minimumExamples,
                                    "docs/API.md should hold at least \(DocsTests.minimumExamples) render examples")
        for example in examples {
            let file = directory.appendingPathComponent("example-line-\(example.line).lua")
            try example.lua.write(to: file, atomically: true, encoding: .utf8)
            var arguments = ["render", file.path, "--size", example.size]
            if let keys = example.keys { arguments += ["--keys", keys] }
            arguments += ["--assets", "Assets"] + example.options
            let result = try uihost(arguments)
            let actual = DocsTests.frameLines(result.stdout)
            if actual != example.expected {
                let command = "uihost render EXAMPLE.lua --size \(example.size)"
                    + (example.keys.map { " --keys \"\($0)\"" } ?? "") + " --assets Assets"
                    + example.options.map { " " + $0 }.joined()
                XCTFail("""
                    docs/API.md:\(example.line): the example's frame differs from what `\(command)` prints \
                    (exit \(result.status)).
                    expected (the ```text block):
                    \(DocsTests.boxed(example.expected))
                    actual:
                    \(DocsTests.boxed(actual))
                    stderr:
                    \(result.stderr.isEmpty ? "    (nothing)" : result.stderr)
                    """)
            }
        }
    }

    /// The parser finds well-formed examples and reports malformed ones, so a
    /// broken example cannot silently drop out of the check above.
    /// The README's frames of the example screens: each follows a line that
    /// starts with the command that draws it (`uihost render SCREEN --size WxH --keys "…"`).
    /// docs/API.md shows whole example screens the same way.
    func testREADMEFramesMatchTheBinary() throws {
        XCTAssertGreaterThanOrEqual(try checkScreenFrames(in: "README.md"), 2, "the README shows frames of the example screens")
        XCTAssertGreaterThanOrEqual(try checkScreenFrames(in: "docs/API.md"), 2, "docs/API.md shows the form and the search")
    }

    /// Checks every `uihost render SCREEN …` frame of `document`; how many there were.
    private func checkScreenFrames(in document: String) throws -> Int {
        let text = try String(contentsOf: DocsTests.root.appendingPathComponent(document), encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let command = /^`uihost render (\S+) --size (\d+x\d+) --keys "([^"]*)"`/
        var checked = 0
        for (i, line) in lines.enumerated() {
            guard let match = line.prefixMatch(of: command) else { continue }
            guard let open = lines[(i + 1)...].firstIndex(of: "```"),
                  let close = lines[(open + 1)...].firstIndex(of: "```") else {
                XCTFail("\(document):\(i + 1): the command must be followed by a ``` block with its frame")
                continue
            }
            let result = try uihost(["render", String(match.1), "--size", String(match.2), "--keys", String(match.3)])
            let expected = Array(lines[(open + 1)..<close])
            let actual = DocsTests.frameLines(result.stdout)
            XCTAssertEqual(actual, expected, "\(document):\(i + 1): the frame is stale; it is now:\n" + DocsTests.boxed(actual))
            checked += 1
        }
        return checked
    }

    func testParserFindsExamplesAndReportsMalformedOnes() {
        let text = """
            intro
            <!-- render 20x5 keys="tab enter" -->
            ```lua
            return ui.screen { title = "A" }
            ```
            ```text
                    A
            ```
            <!-- render 30x4 -->
            ```lua
            return ui.screen {}
            ```
            ```text
            ```
            <!-- render 20x5 -->

            ```lua
            ```
            <!-- render big -->
            """
        let (examples, problems) = DocsTests.examples(in: text)
        XCTAssertEqual(examples.count, 2)
        XCTAssertEqual(examples.first?.line, 2)
        XCTAssertEqual(examples.first?.size, "20x5")
        XCTAssertEqual(examples.first?.keys, "tab enter")
        XCTAssertEqual(examples.first?.lua, "return ui.screen { title = \"A\" }\n")
        XCTAssertEqual(examples.first?.expected, ["        A"])
        XCTAssertEqual(examples.last?.line, 9)
        XCTAssertNil(examples.last?.keys)
        XCTAssertEqual(examples.last?.expected, [])
        XCTAssertEqual(problems.count, 2, problems.joined(separator: "\n"))
        XCTAssertTrue(problems.first?.hasPrefix("docs/API.md:15:") ?? false, problems.joined(separator: "\n"))
        XCTAssertTrue(problems.last?.hasPrefix("docs/API.md:19:") ?? false, problems.joined(separator: "\n"))
    }

    // MARK: - What the documents say about themselves and each other

    /// GitHub's anchor of a heading: lower case, punctuation other than `-`
    /// dropped, spaces as `-`; a repeated anchor gets `-1`, `-2`, ….
    static func anchors(in text: String) -> [String] {
        var seen: [String: Int] = [:]
        var anchors: [String] = []
        var fenced = false
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") { fenced.toggle() }
            guard !fenced, line.hasPrefix("#") else { continue }
            let title = line.drop { $0 == "#" }.drop { $0 == " " }
            var anchor = String(title.lowercased().filter { $0.isLetter || $0.isNumber || $0 == "-" || $0 == " " || $0 == "_" })
            anchor = anchor.map { $0 == " " ? "-" : String($0) }.joined()
            if let n = seen[anchor] {
                seen[anchor] = n + 1
                anchors.append(anchor + "-\(n + 1)")
            } else {
                seen[anchor] = 0
                anchors.append(anchor)
            }
        }
        return anchors
    }

    /// The contents list of docs/API.md links every numbered section and every
    /// component of section 3, and each of its links reaches a heading.
    func testTheContentsListLinksEverySectionAndComponent() throws {
        let text = try String(contentsOf: DocsTests.document, encoding: .utf8)
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let start = try XCTUnwrap(lines.firstIndex(of: "Contents:"))
        let end = try XCTUnwrap(lines[start...].firstIndex { $0.hasPrefix("## ") })
        let contents = lines[start..<end].joined(separator: "\n")
        let links = contents.matches(of: /\]\(#([^)]+)\)/).map { String($0.1) }
        let anchors = Set(DocsTests.anchors(in: text))
        for link in links {
            XCTAssertTrue(anchors.contains(link), "docs/API.md contents: #\(link) reaches no heading")
        }
        var wanted: [(String, String)] = []
        var inComponents = false
        for line in lines[end...] {
            if line.hasPrefix("## ") {
                inComponents = line.hasPrefix("## 3.")
                wanted.append((line, DocsTests.anchors(in: line)[0]))
            } else if inComponents && line.hasPrefix("### ui.") {
                wanted.append((line, DocsTests.anchors(in: line)[0]))
            }
        }
        XCTAssertGreaterThanOrEqual(wanted.count, 12 + 25, "the sections and the components were found")
        for (heading, anchor) in wanted {
            XCTAssertTrue(links.contains(anchor), "docs/API.md contents leaves out \(heading) (#\(anchor))")
        }
    }

    func testAnchorsFollowGitHub() {
        XCTAssertEqual(DocsTests.anchors(in: "### ui.picker (style = \"menu\")\n## 12. Plugins\n## 12. Plugins"),
                       ["uipicker-style--menu", "12-plugins", "12-plugins-1"])
    }

    /// Where a relative `test.open` path is read from, said in the same words
    /// by docs/API.md, the README and `uihost help test` (the rule is
    /// `TestRunner.enterProject` and `ProjectPaths.resolve`; NewcomerTests hold the binary to it).
    func testTestOpenPathsAreDescribedAlikeEverywhere() throws {
        let rule = "is read from the test script's project (the nearest folder at or above the script holding "
            + "screens/ or a uihost.lua), the folder each script runs in"
        func normalised(_ text: String) -> String {
            text.replacing("`", with: "").split(whereSeparator: { $0 == " " || $0 == "\n" }).joined(separator: " ")
        }
        let api = try String(contentsOf: DocsTests.document, encoding: .utf8)
        let readme = try String(contentsOf: DocsTests.root.appendingPathComponent("README.md"), encoding: .utf8)
        let help = try uihost(["help", "test"]).stdout
        for (name, text) in [("docs/API.md", api), ("README.md", readme), ("uihost help test", help)] {
            XCTAssertTrue(normalised(text).contains(rule), "\(name) does not say where test.open reads a relative path: \(rule)")
        }
        XCTAssertFalse(api.contains("relative to the working directory"), "docs/API.md still says the working directory")
    }
}
