import Glibc
import XCTest
@testable import UIHost

/// What `uihost check`, `plugins` and `--screen-reader` do, as an embedding
/// app gets it from the library: checking a screen, reading plugins without
/// running them, and the screen reader's lines.
final class ScriptHostToolsTests: XCTestCase {
    var directory = ""

    override func setUp() {
        var template = Array("/tmp/uihost-tools-XXXXXX".utf8CString)
        directory = template.withUnsafeMutableBufferPointer { String(cString: mkdtemp($0.baseAddress!)) }
    }

    override func tearDown() {
        _ = system("rm -rf '\(directory)'")
    }

    @discardableResult
    func write(_ name: String, _ text: String) -> String {
        let path = directory + "/" + name
        _ = system("mkdir -p '\(path.prefix(upTo: path.lastIndex(of: "/")!))'")
        let f = fopen(path, "w")!
        fputs(text, f)
        fclose(f)
        return path
    }

    func testCheckGivesEveryBadFieldInSourceOrderAndNothingForAGoodScreen() throws {
        let bad = write("bad.lua", """
        return ui.screen {
          title = "Bad",
          ui.button { titel = "One" },
          ui.list { rowz = 3 },
        }
        """)
        let problems = ScriptHost().check(bad)
        XCTAssertEqual(problems.count, 2, problems.joined(separator: "\n"))
        XCTAssertTrue(problems[0].contains("bad.lua:3:") && problems[0].contains("did you mean 'title'"), problems[0])
        XCTAssertTrue(problems[1].contains("bad.lua:4:") && problems[1].contains("'rowz'"), problems[1])

        let good = write("good.lua", "return ui.screen { title = \"Good\", ui.button { title = \"One\" } }\n")
        XCTAssertEqual(ScriptHost().check(good), [])
        XCTAssertEqual(ScriptHost().check(directory + "/missing.lua").count, 1, "a screen that does not load gives its error")
    }

    func testCheckRunsNoPluginSetup() throws {
        write("plugins/marker/plugin.lua", """
        return { name = "marker", version = "1.0", setup = function() error("setup ran") end }
        """)
        let screen = write("screen.lua", "return ui.screen { title = \"S\" }\n")
        var options = ScriptHost.Options()
        options.plugins = [directory + "/plugins"]
        XCTAssertEqual(ScriptHost(options: options).check(screen), [])
    }

    func testInspectPluginsReportsManifestsAndWhatIsGranted() throws {
        write("plugins/helper/plugin.lua", """
        error("the plugin's code ran")
        """)
        write("plugins/notes/plugin.lua", """
        return { name = "notes", version = "2.1", permissions = { "io", "os" }, setup = function() end }
        """)
        var options = ScriptHost.Options()
        options.plugins = [directory + "/plugins"]
        options.grants = ["notes": ["io"]]
        let reports = try ScriptHost(options: options).inspectPlugins().sorted { $0.name < $1.name }
        XCTAssertEqual(reports.map(\.name), ["helper", "notes"])
        XCTAssertFalse(reports[0].loaded, "a plugin whose file fails is broken")
        XCTAssertTrue(reports[0].problems.joined().contains("the plugin's code ran"), reports[0].problems.joined())
        XCTAssertEqual(reports[1].version, "2.1")
        XCTAssertEqual(reports[1].permissions, ["io", "os"])
        XCTAssertEqual(reports[1].granted, ["io"])
        XCTAssertTrue(reports[1].loaded, reports[1].problems.joined())
    }

    func testAnnouncementsSayTheScreenThenOnlyWhatChanged() throws {
        let screen = write("form.lua", """
        return ui.screen {
          title = "Form",
          ui.input { label = "Name" },
          ui.button { title = "Save", onSelect = function() ui.toast("Saved") end },
        }
        """)
        let app = try ScriptHost().open(screen)
        let start = app.announcements()
        XCTAssertEqual(start.first, "screen: Form", start.joined(separator: "\n"))
        XCTAssertTrue(start.contains { $0.hasPrefix("focus: ") && $0.contains("Name") }, start.joined(separator: "\n"))
        XCTAssertEqual(app.announcements(), [], "nothing changed since")
        try app.press("tab")
        let moved = app.announcements()
        XCTAssertTrue(moved.contains { $0.hasPrefix("focus: ") && $0.contains("Save") }, moved.joined(separator: "\n"))
        try app.press("enter")
        XCTAssertTrue(app.announcements().contains { $0.contains("Saved") }, "the toast is said")
    }
}
