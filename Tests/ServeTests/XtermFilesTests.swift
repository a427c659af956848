import XCTest
@testable import Serve

final class XtermFilesTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("uihost-xterm-" + UUID().uuidString.prefix(8))
        for (path, text) in [("public/Terminal.js", "exports.Terminal = require('../Terminal').Terminal;"),
                             ("Terminal.js", "exports.Terminal = function () {}; // a last comment"),
                             ("Terminal.test.js", "require('chai');"),
                             ("addons/fit/fit.js", "exports.apply = function () {};"),
                             ("addons/webLinks/webLinks.js", "exports.apply = function () {};"),
                             ("addons/zmodem/zmodem.js", "require('zmodem.js');")] {
            let url = directory.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: directory)
    }

    func testEveryModuleIsDefinedOnceTestsAndOtherAddonsLeftOut() throws {
        var files = XtermFiles()
        files.modules = directory.path
        let script = try files.script(loader: "// loader\n")
        XCTAssertTrue(script.hasPrefix("// loader\n"))
        for name in ["public/Terminal", "Terminal", "addons/fit/fit", "addons/webLinks/webLinks"] {
            XCTAssertEqual(script.components(separatedBy: "uihostModules.define(\"\(name)\"").count, 2, name)
        }
        XCTAssertFalse(script.contains("chai"), "tests are left out")
        XCTAssertFalse(script.contains("zmodem"), "only the add-ons the page uses")
        XCTAssertTrue(script.contains("// a last comment\n});"), "a last comment cannot swallow the end of its define")
        XCTAssertTrue(script.hasSuffix("webLinks: uihostModules.require(\"addons/webLinks/webLinks\") };\n"))
    }

    func testAMissingPackageIsNamedInTheError() {
        var files = XtermFiles()
        files.modules = directory.appendingPathComponent("nothing").path
        XCTAssertThrowsError(try files.script(loader: "")) { error in
            XCTAssertTrue("\(error)".contains("node-xterm"), "\(error)")
        }
    }
}
