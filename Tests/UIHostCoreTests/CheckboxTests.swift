import LuaBridge
import XCTest
@testable import UIHostCore

private typealias Host = UIHostCore.Host

/// `ui.checkbox`: `[x] title` / `[ ] title`, toggled by Enter, Space or a
/// click, `checked` written back before `onChange(checked)`.
final class CheckboxTests: XCTestCase {
    private var scratch = ScratchDirectory(prefix: "uihcheck")

    override func tearDown() {
        scratch.remove()
    }

    private func host(_ source: String, cols: Int = 30, rows: Int = 5, ascii: Bool = false) throws -> Host {
        var options = HostOptions(size: Size(cols: cols, rows: rows))
        if ascii { options.glyphs = .ascii }
        return try Host(script: try scratch.write("s.lua", source), options: options)
    }

    /// A screen with a checkbox `box` and a text that shows what onChange received.
    private let script = """
    local seen = ui.text "none"
    box = ui.checkbox { title = "Wi-Fi", onChange = function(checked)
      seen.text = tostring(checked) .. " " .. tostring(box.checked)
    end }
    return ui.screen { title = "S", box, ui.checkbox { title = "On", checked = true }, seen }
    """

    func testCheckboxDrawsItsMarkAndTheFocusGutter() throws {
        let host = try host(script)
        let frame = host.render()
        let lines = (0..<frame.height).map { String(frame.line($0).reversed().drop { $0 == " " }.reversed()) }
        XCTAssertEqual(lines, [
            "              S",
            "──────────────────────────────",
            " › [ ] Wi-Fi",
            "   [x] On",
            " none",
        ])
    }

    func testCheckboxMarksAreTheSameInASCII() throws {
        let host = try host(script, ascii: true)
        assertShows(host, "> [ ] Wi-Fi")
        assertShows(host, "  [x] On")
    }

    func testSpaceEnterAndClickToggleAndWriteBackBeforeOnChange() throws {
        let host = try host(script)
        press(host, .space)
        assertShows(host, "[x] Wi-Fi")
        assertShows(host, "true true")
        press(host, .enter)
        assertShows(host, "[ ] Wi-Fi")
        assertShows(host, "false false")
        click(host, "Wi-Fi")
        assertShows(host, "true true")
        XCTAssertEqual(try host.evalString("box.checked"), "true")
    }

    func testCheckboxWithoutOnChangeStillToggles() throws {
        let host = try host(script)
        press(host, .tab, .space)
        assertShows(host, "[ ] On")
        XCTAssertTrue(host.errors.isEmpty, host.errors.joined(separator: "\n"))
    }

    func testCheckboxFieldsAreCheckedWithTheUsualMessages() throws {
        XCTAssertThrowsError(try host("return ui.screen { ui.checkbox { checked = 1 } }")) { error in
            XCTAssertTrue(((error as? LuaError)?.message ?? "").contains("ui.checkbox: checked must be a boolean (got number)"), "\(error)")
        }
        XCTAssertThrowsError(try host("return ui.screen { ui.checkbox { titel = 'x' } }")) { error in
            XCTAssertTrue(((error as? LuaError)?.message ?? "").contains("ui.checkbox: unknown field 'titel' (did you mean 'title'?)"), "\(error)")
        }
    }

    func testCheckboxDrawsNothingInAnEmptyArea() throws {
        for (cols, rows) in [(0, 0), (1, 1), (3, 3)] {
            let host = try host(script, cols: cols, rows: rows)
            let frame = host.render()
            XCTAssertEqual(frame.width, cols)
            XCTAssertEqual(frame.height, rows)
        }
    }
}
