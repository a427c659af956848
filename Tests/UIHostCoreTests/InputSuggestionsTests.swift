import LuaBridge
import XCTest
@testable import UIHostCore

private typealias Host = UIHostCore.Host

/// `ui.input { suggestions = … }`: the completion dim past the text, taken by
/// Tab or Right; from an array (looked at only so far) or a function called
/// under the script's limits.
final class InputSuggestionsTests: XCTestCase {
    private var scratch = ScratchDirectory(prefix: "uihsugg")

    override func tearDown() {
        scratch.remove()
    }

    private func host(_ suggestions: String) throws -> Host {
        try Host(script: try scratch.write("s.lua", """
            changes = 0
            field = ui.input { autofocus = true, suggestions = \(suggestions), onChange = function() changes = changes + 1 end }
            return ui.screen { title = "S", field, ui.button { title = "Next" } }
            """), options: HostOptions(size: Size(cols: 30, rows: 4)))
    }

    private func type(_ host: Host, _ text: String) {
        for c in text { press(host, .character(c)) }
    }

    func testTheCompletionShowsDimPastTheTextAndTabTakesIt() throws {
        let host = try host(#"{ "lipgloss", "Bubbletea", "bubbles" }"#)
        type(host, "bu")
        let frame = host.render()
        // Letters compared without case: the first that starts with "bu".
        XCTAssertEqual(frame.line(2), " › [bu‹bbletea›             ]")
        XCTAssertEqual(frame[6, 2].style, .dim)
        press(host, .tab)
        XCTAssertEqual(try host.evalString("field.value"), "Bubbletea")
        XCTAssertEqual(try host.evalString("changes"), "3", "taking it is an edit: onChange")
        XCTAssertEqual(host.render().line(2), " › [Bubbletea               ]", "nothing longer to complete")
        // With nothing to complete, Tab moves focus on as ever.
        press(host, .tab)
        XCTAssertNotNil(host.render().find("› [ Next ]"))
    }

    func testRightTakesItOnlyAtTheEnd() throws {
        let host = try host(#"{ "glamour" }"#)
        type(host, "gl")
        press(host, .left, .right)
        XCTAssertEqual(try host.evalString("field.value"), "gl", "Right inside the text moves the caret")
        press(host, .right)
        XCTAssertEqual(try host.evalString("field.value"), "glamour")
    }

    func testKeysFasterThanFramesTakeTheCompletionOfTheTextAsItIs() throws {
        let host = try host(#"{ "abc", "abd" }"#)
        press(host, .character("a"), .character("b"), .character("d"), .tab)
        XCTAssertEqual(try host.evalString("field.value"), "abd")
    }

    func testAFunctionIsCalledWithTheTextAndItsFailureReported() throws {
        let host = try host(#"function(t) if t == "x" then error("no x") end return { t .. "yz" } end"#)
        type(host, "w")
        XCTAssertNotNil(host.render().find("[w‹yz›"))
        press(host, .backspace, .character("x"))
        _ = host.render()
        XCTAssertTrue(host.dispatcher.banner?.contains("no x") == true, host.dispatcher.banner ?? "no banner")
    }

    func testARunawayFunctionIsStoppedAndNotCalledAgain() throws {
        let host = try host(#"function(t) calls = (calls or 0) + 1; while true do end end"#)
        type(host, "a")
        _ = host.render()
        type(host, "b")
        _ = host.render()
        XCTAssertEqual(try host.evalString("calls"), "1")
        XCTAssertTrue(host.dispatcher.banner?.contains("not called again") == true, host.dispatcher.banner ?? "no banner")
    }

    func testOnlyTheFirstTenThousandAreLookedAt() throws {
        let host = try host(#"(function() local t = {} for i = 1, 10000 do t[i] = "no" end t[10001] = "yes" return t end)()"#)
        type(host, "y")
        XCTAssertNil(host.render().find("‹es›"))
    }

    func testAPasswordShowsNoCompletion() throws {
        let host = try Host(script: try scratch.write("p.lua", """
            return ui.screen { ui.input { autofocus = true, password = true, suggestions = { "secret" } } }
            """), options: HostOptions(size: Size(cols: 30, rows: 3)))
        type(host, "se")
        XCTAssertNil(host.render().find("‹"))
    }
}
