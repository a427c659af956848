import LuaBridge
import XCTest
@testable import UIHostCore

private typealias Host = UIHostCore.Host

/// `keys = { … }` on components and screens, `ui.bind`, the footer and the
/// help overlay (`?`, f1).
final class BindingTests: XCTestCase {
    private var scratch = ScratchDirectory(prefix: "uihbind")

    override func tearDown() {
        scratch.remove()
    }

    private func host(_ source: String, cols: Int = 40, rows: Int = 10) throws -> Host {
        try Host(script: try scratch.write("s.lua", source), options: HostOptions(size: Size(cols: cols, rows: rows)))
    }

    /// A screen binding ctrl-s and q, an input, and a button binding d and ctrl-s.
    private let script = """
    log = {}
    local function note(s) return function() log[#log + 1] = s end end
    ui.bind("ctrl-k", "Palette", note("palette"))
    ui.bind("x", "App x", note("app x"))
    field = ui.input { placeholder = "Name" }
    return ui.screen {
      title = "S", footer = true,
      keys = { ["ctrl-s"] = { "Save", note("save") }, q = { "Not quit", note("q") }, x = { "Screen x", note("screen x") } },
      field,
      ui.vstack {
        keys = { ["ctrl-s"] = { desc = "Save inner", run = function(c) log[#log + 1] = "inner " .. tostring(c.id) end } },
        id = "box",
        ui.button { title = "Go", keys = { d = { "Delete", note("d") } } },
      },
    }
    """

    private func log(_ host: Host) throws -> String? {
        try host.evalString("table.concat(log, ',')")
    }

    func testTheInnermostBindingWinsAndTheScreensAlwaysApplies() throws {
        let host = try host(script)
        press(host, .ctrl("s"))
        XCTAssertEqual(try log(host), "save")
        press(host, .tab, .ctrl("s"), .character("d"))
        XCTAssertEqual(try log(host), "save,inner box,d")
    }

    func testBindingsWinOverHostDefaultsButNotCtrlC() throws {
        let host = try host(script)
        press(host, .tab, .character("q"))
        XCTAssertNil(host.quitCode)
        XCTAssertEqual(try log(host), "q")
        press(host, .ctrl("c"))
        XCTAssertEqual(host.quitCode, 130)
    }

    func testAFocusedTextFieldTypesBeforeBindings() throws {
        let host = try host(script)
        press(host, .character("q"), .character("x"), .character("?"))
        XCTAssertEqual(try host.evalString("field.value"), "qx?")
        XCTAssertEqual(try log(host), "")
        XCTAssertFalse(host.helpIsOpen)
        press(host, .ctrl("s"))
        XCTAssertEqual(try log(host), "save")
    }

    func testAppWideBindingsComeBelowScriptBindings() throws {
        let host = try host(script)
        press(host, .tab, .character("x"), .ctrl("k"))
        XCTAssertEqual(try log(host), "screen x,palette")
    }

    func testTheFooterHintsAtTheActiveBindingsOnTheBottomRow() throws {
        let host = try host(script, cols: 60)
        var frame = host.render()
        // A text field has the focus: `?` types, so help is f1.
        XCTAssertEqual(frame.line(9).trimmingCharacters(in: .whitespaces), "^S Save  q Not quit  x Screen x  ^K Palette  f1 Keys")
        press(host, .tab)
        frame = host.render()
        XCTAssertEqual(frame.line(9).trimmingCharacters(in: .whitespaces), "d Delete  ^S Save inner  q Not quit  x Screen x  ^K Palette")
    }

    func testHelpListsEveryActiveBindingInnermostFirstAndClosesWithEsc() throws {
        let host = try host(script, cols: 50, rows: 20)
        press(host, .tab, .character("?"))
        XCTAssertTrue(host.helpIsOpen)
        XCTAssertEqual(host.compositor.help?.map(\.key),
                       ["d", "ctrl-s", "q", "x", "ctrl-k", "", "enter/space", "", "tab", "esc", "ctrl-c"])
        assertShows(host, "Save inner")
        // Modal: a bound key does nothing while it shows.
        press(host, .character("d"))
        XCTAssertEqual(try log(host), "")
        press(host, .esc)
        XCTAssertFalse(host.helpIsOpen)
        press(host, .function(1))
        XCTAssertTrue(host.helpIsOpen)
        press(host, .function(1))
        XCTAssertFalse(host.helpIsOpen)
    }

    func testF1OpensHelpFromATextFieldAndF2IsListedWithADrawer() throws {
        let host = try host("""
        return ui.screen { title = "S", drawer = ui.drawer { ui.button { title = "A" } }, ui.input {} }
        """)
        press(host, .function(1))
        XCTAssertEqual(host.compositor.help?.last, HelpRow(key: "f2", desc: "Open the drawer"))
        assertShows(host, "Keys")
    }

    func testAnErrorInABindingShowsTheBannerAndTheAppGoesOn() throws {
        let host = try host("""
        return ui.screen { title = "S", keys = { ["ctrl-e"] = { "Boom", function() error("boom") end } } }
        """)
        press(host, .ctrl("e"))
        XCTAssertEqual(host.errors.count, 1)
        XCTAssertTrue(host.errors[0].contains("boom"), host.errors[0])
        XCTAssertNil(host.quitCode)
    }

    func testConstructorsCheckBindings() throws {
        let cases: [(String, String)] = [
            ("ui.button { keys = { ['ctrl-s'] = { function() end } } }", "ui.button: keys[\"ctrl-s\"] needs a description"),
            ("ui.screen { keys = { ['Ctrl+S'] = { 'Save', function() end } } }",
             "ui.screen: keys[\"Ctrl+S\"] is not a key name (did you mean 'ctrl-s'?)"),
            ("ui.text { text = 'a', keys = { x = { desc = 'X', run = 3 } } }", "ui.text: keys[\"x\"].run must be a function (got number)"),
            ("ui.list { keys = { x = 'X' } }", "ui.list: keys[\"x\"] must be a table { \"description\", function } (got string)"),
            ("ui.list { keys = 3 }", "ui.list: keys must be a table (got number)"),
            ("ui.bind('ctrl+k', 'P', function() end)", "ui.bind: unknown key name 'ctrl+k' (did you mean 'ctrl-k'?)"),
            ("ui.bind('ctrl-k', 3, function() end)", "ui.bind: \"ctrl-k\" needs a description"),
            ("ui.bind('ctrl-k', 'P')", "bad argument #3 to 'bind' (function expected, got no value)"),
        ]
        let host = try host("return ui.screen {}")
        for (code, message) in cases {
            XCTAssertThrowsError(try host.runLua(code), code) { error in
                let text = (error as? LuaError)?.message ?? "\(error)"
                XCTAssertTrue(text.hasSuffix(message), "\(code): \(text)")
            }
        }
        // Every component accepts `keys`.
        for component in Registry.all {
            XCTAssertNotNil(Schema(component).fields["keys"], component.kind.constructorName)
        }
    }

    func testCommandKeysAreBindingsBelowTheScriptsInFooterAndHelp() throws {
        let host = try host("""
        log = {}
        ui.command { id = "demo.greet", title = "Greet", keys = "ctrl-g", run = function() log[#log + 1] = "greet" end }
        ui.command { id = "demo.save", title = "Save all", keys = "ctrl-s", run = function() log[#log + 1] = "save all" end }
        return ui.screen {
          title = "S", footer = true,
          keys = { ["ctrl-s"] = { "Save", function() log[#log + 1] = "save" end } },
          ui.button { title = "Go" },
        }
        """, cols: 60)
        XCTAssertEqual(host.render().line(9).trimmingCharacters(in: .whitespaces), "^S Save  ^G Greet  ? Keys  q Quit")
        press(host, .ctrl("g"), .ctrl("s"))
        XCTAssertEqual(try log(host), "greet,save", "the screen's ctrl-s wins over the command's")
        press(host, .function(1))
        let help = host.render().text
        XCTAssertTrue(help.contains("ctrl-g  Greet"), help)
        XCTAssertFalse(help.contains("Save all"), "a shadowed command key is not listed: " + help)
    }

    func testWithoutBindingsNoneAreLookedUp() throws {
        let host = try host("return ui.screen { title = 'S', ui.button { title = 'A' } }")
        host.layoutIfNeeded()
        XCTAssertFalse(host.mayHaveBindings)
        XCTAssertEqual(host.activeBindings().count, 0)
    }
}
