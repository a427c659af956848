import LuaBridge
import XCTest
@testable import UIHostCore

private typealias Host = UIHostCore.Host

/// `ui.args` and `ui.env`: what the screen is told about how it was started,
/// and nothing of the environment it was not given.
final class ScreenInputsTests: XCTestCase {
    private var scratch = ScratchDirectory(prefix: "uihargs")

    override func tearDown() {
        scratch.remove()
    }

    private func host(arguments: [String] = [], environment: [String: String?] = [:], plugin: String? = nil) throws -> Host {
        var options = HostOptions(size: Size(cols: 40, rows: 4))
        options.arguments = arguments
        options.environment = environment
        if let plugin {
            try scratch.write("plugins/p/plugin.lua", plugin)
            options.pluginDirectories = [FileSystem.join(scratch.path, "plugins")]
        }
        return try Host(script: try scratch.write("s.lua", "return ui.screen { title = 'A', ui.text(table.concat(ui.args, '|')) }"),
                        options: options)
    }

    func testArgumentsAreUIArgsInOrder() throws {
        let h = try host(arguments: ["data.json", "--flag", "two words"])
        XCTAssertEqual(h.render().line(2), " data.json|--flag|two words")
        XCTAssertEqual(try h.evalString("#ui.args"), "3")
    }

    func testNoArgumentsIsAnEmptyTable() throws {
        XCTAssertEqual(try host().evalString("type(ui.args) .. #ui.args"), "table0")
    }

    func testEnvReadsOnlyTheNamedVariables() throws {
        let h = try host(environment: ["EDITOR": "vi", "UNSET": nil])
        XCTAssertEqual(try h.evalString("ui.env('EDITOR')"), "vi")
        XCTAssertEqual(try h.evalString("ui.env('UNSET')"), "nil")
        XCTAssertEqual(try h.evalString("select(2, pcall(ui.env, 'HOME'))"),
                       "ui.env: 'HOME' is not given to the screen; name it with --env HOME (or env = { HOME = … } in test.open)")
        XCTAssertEqual(try h.evalString("select(2, pcall(ui.env))"), "bad argument #1 to 'env' (string expected, got no value)")
    }

    func testANameWithControlCharactersIsOneLineInTheError() throws {
        let message = try host().evalString("select(2, pcall(ui.env, 'A\\nB\\27'))") ?? ""
        XCTAssertFalse(message.contains("\n") || message.contains("\u{1B}"), message)
    }

    func testPluginsGetNoArgumentsAndNoEnvironment() throws {
        let plugin = """
        return { name = "p", commands = { { id = "p.go", title = "Go", run = function()
          if #ui.args ~= 0 then error("args leaked") end
          ui.env("EDITOR")
        end } } }
        """
        let h = try host(arguments: ["secret"], environment: ["EDITOR": "vi"], plugin: plugin)
        let error = h.runCommand("p.go")??.message ?? ""
        XCTAssertTrue(error.contains("ui.env: environment variables are given to the screen only"), error)
        XCTAssertFalse(error.contains("args leaked"), error)
    }
}
