import LuaBridge
import XCTest
@testable import UIHostCore

private typealias Host = UIHostCore.Host

/// Shaping the footer and help: several keys for one action, `show`,
/// `group`, `order`, a screen's `onKey`, `ui.focus(nil)`, and the focus
/// fields every focusable kind gets from the registry.
final class BindingShapeTests: XCTestCase {
    private var scratch = ScratchDirectory(prefix: "uihshape")

    override func tearDown() {
        scratch.remove()
    }

    private func host(_ source: String, cols: Int = 60, rows: Int = 12) throws -> Host {
        try Host(script: try scratch.write("s.lua", source), options: HostOptions(size: Size(cols: cols, rows: rows)))
    }

    private let script = """
    log = {}
    local function note(s) return function() log[#log + 1] = s end end
    return ui.screen {
      title = "S", footer = true,
      keys = {
        [{ "d", "delete" }] = { "Delete", note("delete") },
        { "Up", note("up"), keys = { "k", "w" }, group = "Move", show = false },
        { "Down", note("down"), keys = { "j" }, group = "Move", show = false },
        ["ctrl-s"] = { "Save", note("save"), order = 1 },
        x = { "", note("x") },
      },
      ui.button { title = "Go" },
    }
    """

    private func footer(_ host: Host) -> String {
        let frame = host.render()
        return frame.line(frame.height - 1).trimmingCharacters(in: .whitespaces)
    }

    func testSeveralKeysOfOneActionShowOnceAndEachRunsIt() throws {
        let host = try host(script)
        XCTAssertEqual(footer(host), "^S Save  d/delete Delete  ? Keys  q Quit")
        press(host, .character("d"), .delete, .character("k"), .character("w"), .character("j"), .character("x"))
        XCTAssertEqual(try host.evalString("table.concat(log, ',')"), "delete,delete,up,up,down,x")
    }

    func testHelpListsHiddenBindingsUnderTheirGroupInOrder() throws {
        let host = try host(script, rows: 24)
        press(host, .function(1))
        let help = try XCTUnwrap(host.compositor.help)
        XCTAssertEqual(Array(help.prefix(7)), [
            HelpRow(key: "ctrl-s", desc: "Save"),
            HelpRow(key: "d/delete", desc: "Delete"),
            HelpRow(key: "x", desc: ""),
            HelpRow(key: "", desc: ""),
            HelpRow(key: "", desc: "Move", heading: true),
            HelpRow(key: "k/w", desc: "Up"),
            HelpRow(key: "j", desc: "Down"),
        ])
    }

    func testAnOrderThatIsNaNCountsAsNoOrder() throws {
        let host = try host("""
        return ui.screen { title = "S", footer = true,
          keys = { a = { "Ay", function() end, order = 0/0 }, b = { "Bee", function() end, order = 1 } } }
        """)
        XCTAssertEqual(footer(host), "b Bee  a Ay  ? Keys  q Quit")
    }

    func testTwoEntriesWithOneDescriptionShowOnce() throws {
        let host = try host("""
        return ui.screen { title = "S", footer = true,
          keys = { d = { "Delete", function() end }, delete = { "Delete", function() end } } }
        """)
        XCTAssertEqual(footer(host), "d/delete Delete  ? Keys  q Quit")
    }

    func testConstructorsCheckSharedKeysAndTheirFields() throws {
        let cases: [(String, String)] = [
            ("ui.screen { keys = { [{ 'd', 'Delet' }] = { 'D', function() end } } }",
             "ui.screen: keys[\"Delet\"] is not a key name (did you mean 'delete'?)"),
            ("ui.screen { keys = { [{}] = { 'D', function() end } } }", "ui.screen: keys[{…}] must list one key name at least"),
            ("ui.screen { keys = { { 'D', function() end } } }", "ui.screen: keys[1].keys must be a list of key names (got nil)"),
            ("ui.screen { keys = { { 'D', function() end, keys = { 'd' }, show = 1 } } }",
             "ui.screen: keys[{ \"d\" }].show must be a boolean (got number)"),
            ("ui.screen { keys = { x = { 'X', function() end, group = true } } }",
             "ui.screen: keys[\"x\"].group must be a string (got boolean)"),
        ]
        let host = try host("return ui.screen {}")
        for (code, message) in cases {
            XCTAssertThrowsError(try host.runLua(code), code) { error in
                let text = (error as? LuaError)?.message ?? "\(error)"
                XCTAssertTrue(text.hasSuffix(message), "\(code): \(text)")
            }
        }
    }

    func testAScreensOnKeySeesWhatNothingElseTookAndMayLeaveIt() throws {
        let host = try host("""
        seen = {}
        return ui.screen {
          title = "S",
          keys = { b = { "Bound", function() seen[#seen + 1] = "bound" end } },
          onKey = function(key) seen[#seen + 1] = key; return key == "z" or key == "q" end,
          ui.input {},
          ui.button { title = "Go", onSelect = function() seen[#seen + 1] = "go" end },
        }
        """)
        // Typed into the field: the screen never sees them.
        press(host, .character("a"), .tab, .character("b"), .enter, .character("z"), .character("q"), .character("y"))
        XCTAssertEqual(try host.evalString("table.concat(seen, ',')"), "bound,go,z,q,y")
        XCTAssertNil(host.quitCode, "onKey took q")
        press(host, .esc)
        XCTAssertEqual(try host.evalString("seen[#seen]"), "esc")
    }

    func testFocusNilLeavesNothingFocusedUntilTab() throws {
        let host = try host("""
        log = {}
        a = ui.button { title = "A", onBlur = function() log[#log + 1] = "blur A" end }
        return ui.screen { title = "S", keys = { n = { "None", function() ui.focus(nil) end } }, a, ui.button { title = "B" } }
        """)
        XCTAssertNotNil(host.render().find("› [ A ]"))
        press(host, .character("n"))
        XCTAssertNil(host.render().find("›"), host.render().text)
        XCTAssertEqual(try host.evalString("table.concat(log, ',')"), "blur A")
        press(host, .tab)
        XCTAssertNotNil(host.render().find("› [ A ]"))
    }

    func testEveryFocusableKindTakesTheFocusFields() throws {
        for component in Registry.all where component.takesFocus {
            let fields = Schema(component).fields
            for name in ["autofocus", "onFocus", "onBlur"] {
                XCTAssertNotNil(fields[name], "\(component.kind.constructorName) lacks \(name)")
            }
        }
        let host = try host("""
        log = {}
        return ui.screen { title = "S", ui.button { title = "A" },
          ui.table { columns = { { title = "N" } }, rows = { { "1" } }, autofocus = true,
                     onFocus = function() log[#log + 1] = "focus" end, onBlur = function() log[#log + 1] = "blur" end } }
        """)
        _ = host.render()
        press(host, .tab)
        XCTAssertEqual(try host.evalString("table.concat(log, ',')"), "focus,blur")
    }

    func testHelpListsThePaletteKeyWhenThereAreCommands() throws {
        let host = try host("""
        ui.command { id = "demo.greet", title = "Greet", run = function() end }
        return ui.screen { title = "S", ui.button { title = "A" } }
        """, rows: 24)
        press(host, .function(1))
        XCTAssertTrue(host.compositor.help?.contains(HelpRow(key: "ctrl-p", desc: "Command palette")) ?? false)
    }
}
