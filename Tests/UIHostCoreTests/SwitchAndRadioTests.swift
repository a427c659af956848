import LuaBridge
import XCTest
@testable import UIHostCore

private typealias Host = UIHostCore.Host

/// `ui.switch` flips `on`; `ui.radio` chooses one of its rows. Both write the
/// field back before their `onChange`.
final class SwitchAndRadioTests: XCTestCase {
    private var scratch = ScratchDirectory(prefix: "uihswitch")

    override func tearDown() {
        scratch.remove()
    }

    private func host(_ source: String, cols: Int = 30, rows: Int = 8, ascii: Bool = false) throws -> Host {
        var options = HostOptions(size: Size(cols: cols, rows: rows))
        if ascii { options.glyphs = .ascii }
        return try Host(script: try scratch.write("s.lua", source), options: options)
    }

    private func lines(_ host: Host) -> [String] {
        let frame = host.render()
        return (0..<frame.height).map { String(frame.line($0).reversed().drop { $0 == " " }.reversed()) }
    }

    private let script = """
    seen = "none"
    wifi = ui.switch { title = "Wi-Fi", onChange = function(on) seen = tostring(on) .. " " .. tostring(wifi.on) end }
    size = ui.radio { items = { "Small", { title = "Medium" }, "Large" }, selected = 2,
      onChange = function(item, i) seen = (type(item) == "table" and item.title or item) .. " " .. i .. " " .. size.selected end }
    return ui.screen { title = "S", wifi, size, ui.button { title = "OK" } }
    """

    func testTheirMarksInUnicodeAndASCII() throws {
        XCTAssertEqual(Array(lines(try host(script)).dropFirst(2).prefix(5)), [
            " › [○━] Wi-Fi",
            "   ( ) Small",
            "   (•) Medium",
            "   ( ) Large",
            "   [ OK ]",
        ])
        let ascii = try host(script, ascii: true)
        press(ascii, .enter)
        XCTAssertEqual(Array(lines(ascii).dropFirst(2).prefix(3)), [" > [ on] Wi-Fi", "   ( ) Small", "   (*) Medium"])
    }

    func testASwitchFlipsAndWritesOnBackFirst() throws {
        let host = try host(script)
        press(host, .space)
        XCTAssertEqual(try host.evalString("seen"), "true true")
        press(host, .enter)
        XCTAssertEqual(try host.evalString("seen"), "false false")
        click(host, "Wi-Fi")
        XCTAssertEqual(try host.evalString("wifi.on"), "true")
    }

    func testRadioUpDownMoveTheCursorAndSpaceChooses() throws {
        let host = try host(script)
        press(host, .tab)                      // onto the radio: the cursor starts on the chosen row
        XCTAssertEqual(lines(host)[4], " › (•) Medium")
        press(host, .down)
        XCTAssertEqual(lines(host)[5], " › ( ) Large")
        XCTAssertEqual(try host.evalString("seen"), "none", "moving does not choose")
        press(host, .space)
        XCTAssertEqual(try host.evalString("seen"), "Large 3 3")
        XCTAssertEqual(lines(host)[5], " › (•) Large")
        press(host, .down)                     // past the last row: focus moves on
        XCTAssertEqual(lines(host)[6], " › [ OK ]")
        click(host, "Small")
        XCTAssertEqual(try host.evalString("seen"), "Small 1 1")
    }

    func testDrawingNeverFailsInTinyAreas() throws {
        for (cols, rows) in [(0, 0), (1, 1), (4, 3), (6, 4)] {
            let frame = try host(script, cols: cols, rows: rows).render()
            XCTAssertEqual(frame.width, cols)
            XCTAssertEqual(frame.height, rows)
        }
    }

    func testBadFieldsNameTheComponent() throws {
        XCTAssertThrowsError(try host("return ui.screen { ui.switch { on = 1 } }")) { error in
            XCTAssertTrue((error as? LuaError)?.message.hasSuffix("ui.switch: on must be a boolean (got number)") == true, "\(error)")
        }
        XCTAssertThrowsError(try host("return ui.screen { ui.radio { item = {} } }")) { error in
            XCTAssertTrue((error as? LuaError)?.message.hasSuffix("ui.radio: unknown field 'item' (did you mean 'items'?)") == true, "\(error)")
        }
    }
}
