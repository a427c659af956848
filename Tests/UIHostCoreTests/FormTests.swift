import LuaBridge
import XCTest
@testable import UIHostCore

private typealias Host = UIHostCore.Host

/// `ui.form`: Enter moves on and the last field submits; `validateOn`; the
/// values by id; the first bad field takes focus.
final class FormTests: XCTestCase {
    private var scratch = ScratchDirectory(prefix: "uihform")

    override func tearDown() {
        scratch.remove()
    }

    private func host(_ validateOn: String = "change") throws -> Host {
        try Host(script: try scratch.write("s.lua", """
        sent = nil
        local function need(v) if v == "" then return "required" end end
        name = ui.input { id = "name", label = "Name", validate = need }
        mail = ui.input { id = "mail", label = "Mail", validate = need }
        news = ui.checkbox { id = "news", title = "News", checked = true }
        return ui.screen { title = "F",
          ui.form { validateOn = "\(validateOn)", spacing = 0,
            name, mail, news, ui.text "no id, no value",
            onSubmit = function(values) sent = values.name .. "|" .. values.mail .. "|" .. tostring(values.news) end,
          },
        }
        """), options: HostOptions(size: Size(cols: 30, rows: 12)))
    }

    private func type(_ host: Host, _ text: String) {
        for c in text { press(host, .character(c)) }
    }

    func testEnterMovesToTheNextFieldAndTheLastSubmits() throws {
        let host = try host()
        type(host, "Ada")
        press(host, .enter)
        type(host, "a@b")
        // The last text field: Enter submits (the checkbox, whose Enter
        // flips it, is reached by Tab and still sends its value).
        XCTAssertEqual(try host.evalString("sent"), "nil")
        press(host, .enter)
        XCTAssertEqual(try host.evalString("sent"), "Ada|a@b|true")
    }

    func testSubmitChecksEveryFieldAndFocusesTheFirstBadOne() throws {
        let host = try host("submit")
        press(host, .tab)
        type(host, "a@b")
        press(host, .enter)
        // The name was never checked: submitting does, and focus goes back to it.
        XCTAssertEqual(try host.evalString("sent"), "nil")
        XCTAssertEqual(try host.evalString("name.error"), "required")
        type(host, "Ada")
        press(host, .enter, .enter)
        XCTAssertEqual(try host.evalString("sent"), "Ada|a@b|true")
    }

    func testSubmitMethodSubmitsAfterTheHandler() throws {
        let host = try Host(script: try scratch.write("m.lua", """
        sent = nil
        local form
        form = ui.form {
          ui.input { id = "a", value = "1" },
          ui.button { title = "Save", onSelect = function() form:submit() end },
          onSubmit = function(v) sent = v.a end,
        }
        return ui.screen { form }
        """), options: HostOptions(size: Size(cols: 30, rows: 8)))
        XCTAssertThrowsError(try host.runLua("ui.form{}.submit(ui.text 'x')"))
        press(host, .tab)
        click(host, "Save")
        _ = host.render()
        XCTAssertEqual(try host.evalString("sent"), "1")
    }

    func testEnterInTheLastTextFieldSubmitsWhenNoFieldFollows() throws {
        let host = try Host(script: try scratch.write("t.lua", """
        sent = nil
        return ui.screen { ui.form {
          ui.input { id = "a" }, ui.input { id = "b", value = "2" },
          onSubmit = function(v) sent = v.a .. v.b end,
        } }
        """), options: HostOptions(size: Size(cols: 30, rows: 8)))
        type(host, "1")
        press(host, .enter, .enter)
        XCTAssertEqual(try host.evalString("sent"), "12")
    }

    func testABadFieldStopsEnterAndShowsItsMessage() throws {
        let host = try host()
        press(host, .enter)
        XCTAssertEqual(try host.evalString("name.error"), "required")
        assertShows(host, "required")
        type(host, "A")
        XCTAssertEqual(try host.evalString("name.error"), "nil", "validateOn change: each edit checks")
    }

    func testEnterStopsAtABadFieldUntilItIsRight() throws {
        let host = try host("submit")
        type(host, "A")
        press(host, .tab)
        // No check on blur or change with validateOn = "submit".
        XCTAssertEqual(try host.evalString("name.error"), "nil")
        press(host, .tab, .tab)          // back round to the name
        press(host, .enter)              // name is good: on to mail
        press(host, .enter)              // mail empty: its message, focus stays
        XCTAssertEqual(try host.evalString("mail.error"), "required")
        type(host, "m")
        press(host, .enter)
        XCTAssertEqual(try host.evalString("sent"), "A|m|true")
    }

    func testBlurChecksTheFieldFocusLeaves() throws {
        let host = try host("blur")
        press(host, .tab)
        _ = host.render()
        XCTAssertEqual(try host.evalString("name.error"), "required")
        XCTAssertEqual(try host.evalString("mail.error"), "nil")
    }

    func testValuesAreByIdWithEachKindsValue() throws {
        let host = try Host(script: try scratch.write("v.lua", """
        sent = nil
        return ui.screen { ui.form { spacing = 0,
          ui.input { id = "a", value = "x" }, ui.switch { id = "s", on = true }, ui.input { id = "b", value = "y" },
          onSubmit = function(v) sent = v.a .. tostring(v.s) .. v.b end,
        } }
        """), options: HostOptions(size: Size(cols: 30, rows: 8)))
        press(host, .tab, .tab)
        press(host, .enter)
        XCTAssertEqual(try host.evalString("sent"), "xtruey")
    }

    func testAFormInZeroAndOneCellDraws() throws {
        for size in [(0, 0), (1, 1)] {
            let host = try Host(script: try scratch.write("z.lua", "return ui.screen { ui.form { ui.input { id = 'a' } } }"),
                                options: HostOptions(size: Size(cols: size.0, rows: size.1)))
            _ = host.render()
        }
    }
}
