import LuaBridge
import XCTest
@testable import UIHostCore

private typealias Host = UIHostCore.Host

/// `ui.alert` / `ui.confirm`: modal, the safe choice focused, Esc cancels, the
/// answer to onChoice and to a `ui.spawn` coroutine waiting in the call.
final class DialogTests: XCTestCase {
    private var scratch = ScratchDirectory(prefix: "uihdialog")

    override func tearDown() {
        scratch.remove()
    }

    private func host(_ source: String, cols: Int = 40, rows: Int = 10) throws -> Host {
        try Host(script: try scratch.write("s.lua", source), options: HostOptions(size: Size(cols: cols, rows: rows)))
    }

    private let script = """
    status = ui.text "none"
    return ui.screen { title = "S", status,
      ui.button { title = "Ask", onSelect = function()
        ui.spawn(function()
          local ok = ui.confirm { title = "Delete", message = "Sure?", confirm = "Delete", destructive = true,
                                 onChoice = function(ok) status.text = "choice " .. tostring(ok) end }
          status.text = status.text .. ", waited " .. tostring(ok)
        end)
      end },
      ui.button { title = "Tell", onSelect = function() ui.alert { message = "Done" } end },
    }
    """

    func testConfirmShowsOverTheScreenWithCancelFocused() throws {
        let host = try host(script)
        press(host, .enter)
        let frame = host.render()
        let lines = (0..<frame.height).map { frame.line($0) }
        XCTAssertEqual(Array(lines[2...6]), [
            "     ╭─ Delete ──────────────────╮",
            "     │ Sure?                     │",
            "     │                           │",
            "     │ › [ Cancel ]   [ Delete ] │",
            "     ╰───────────────────────────╯",
        ], "\(lines)")
        XCTAssertEqual(frame[1, 2].char, "n", "the screen stays behind the rows the dialog crosses (plain text blanks them)")
    }

    func testEscCancelsAndTheWaitingCoroutineGetsFalse() throws {
        let host = try host(script)
        press(host, .enter, .esc)
        assertShows(host, "choice false, waited false")
        _ = host.render()
        XCTAssertEqual(host.layers.count, 1)
    }

    func testTheConfirmButtonAnswersTrueAndFocusComesBack() throws {
        let host = try host(script)
        press(host, .enter, .right, .enter)
        assertShows(host, "choice true, waited true")
        assertShows(host, "› [ Ask ]")
    }

    func testFocusIsTrappedInsideAndClicksOutsideDoNothing() throws {
        let host = try host(script)
        let none = try XCTUnwrap(host.render().find("none"), "the status beside where the dialog opens")
        press(host, .enter, .tab, .tab, .tab)
        _ = host.render()
        XCTAssertEqual(host.topLayer?.focusables.count, 2)
        host.send(.mouse(MouseEvent(.press, column: none.x + 1, row: none.y + 1)))
        host.send(.mouse(MouseEvent(.release, column: none.x + 1, row: none.y + 1)))
        _ = host.render()
        XCTAssertEqual(host.layers.count, 2, "the dialog stays")
        press(host, .character("q"))
        XCTAssertNil(host.quitCode)
    }

    func testDestructiveDrawsTheConfirmButtonInTheErrorColour() throws {
        let host = try host(script)
        press(host, .enter)
        let frame = host.render()
        guard let at = frame.find("[ Delete ]") else { return XCTFail("no Delete button") }
        XCTAssertEqual(frame[at.x, at.y].style.fg, .token(.error))
        guard let cancel = frame.find("[ Cancel ]") else { return XCTFail("no Cancel button") }
        XCTAssertNotEqual(frame[cancel.x, cancel.y].style.fg, .token(.error))
    }

    func testAlertOutsideACoroutineReturnsNothingAndHasOneButton() throws {
        let host = try host(script)
        press(host, .down, .enter)
        assertShows(host, "› [ OK ]")
        _ = host.render()
        XCTAssertEqual(host.topLayer?.focusables.count, 1)
        press(host, .enter)
        _ = host.render()
        XCTAssertEqual(host.layers.count, 1)
        XCTAssertEqual(try host.evalString("select('#', ui.alert { message = 'x' })"), "0")
    }

    func testAHandlerErrorInOnChoiceShowsTheBannerAndTheAppGoesOn() throws {
        let host = try host("""
        return ui.screen { ui.button { title = "Ask", onSelect = function()
          ui.confirm { onChoice = function() error("bad choice") end } end } }
        """)
        press(host, .enter, .esc)
        XCTAssertTrue(host.errors.last?.contains("bad choice") ?? false, "\(host.errors)")
        _ = host.render()
        XCTAssertEqual(host.layers.count, 1)
    }

    func testDialogFieldsAreCheckedAndShowingOneTwiceIsAnError() throws {
        let host = try host(script)
        XCTAssertThrowsError(try host.runLua("ui.confirm { destructive = 'yes' }"))
        XCTAssertThrowsError(try host.runLua("ui.alert { titel = 'x' }"))
        XCTAssertThrowsError(try host.runLua("local d = {}; ui.alert(d); ui.alert(d)"))
    }

    func testADialogDrawsInSmallFrames() throws {
        for (cols, rows) in [(0, 0), (1, 1), (5, 3), (12, 4)] {
            let host = try host(script, cols: cols, rows: rows)
            press(host, .enter, .tab, .enter)
            let frame = host.render()
            XCTAssertEqual(frame.width, cols)
            XCTAssertEqual(frame.height, rows)
        }
    }
}

/// `ui.toast`: a corner message that goes by itself on the host's clock.
final class ToastTests: XCTestCase {
    private var scratch = ScratchDirectory(prefix: "uihtoast")

    override func tearDown() {
        scratch.remove()
    }

    private func host(_ source: String = "return ui.screen { title = 'S' }", cols: Int = 30, rows: Int = 8) throws -> Host {
        try Host(script: try scratch.write("s.lua", source), options: HostOptions(size: Size(cols: cols, rows: rows)))
    }

    func testAToastShowsInTheCornerAndGoesAfterItsDuration() throws {
        let host = try host()
        try host.runLua("ui.toast { text = 'Saved', kind = 'success', duration = 1000 }")
        XCTAssertEqual(host.render().line(7), "                     ✓ Saved")
        XCTAssertEqual(host.nextTimerDelay, 1000)
        host.advance(999)
        assertShows(host, "Saved")
        host.advance(1)
        XCTAssertFalse(host.render().text.contains("Saved"))
        XCTAssertNil(host.nextTimerDelay)
    }

    func testToastsStackWithTheNewestAtTheBottomAndAreBounded() throws {
        let host = try host()
        try host.runLua("for i = 1, 10000 do ui.toast('T' .. i) end")
        let frame = host.render()
        XCTAssertEqual(frame.line(7), "                    i T10000")
        XCTAssertEqual(frame.line(3), "                     i T9996")
        XCTAssertFalse(frame.text.contains("T9995"))
        XCTAssertEqual(host.toasts.shown.count, Toasts.maxKept)
    }

    func testAToastStaysAboveTheFooter() throws {
        let host = try host("return ui.screen { title = 'S', footer = true, keys = { q = { 'Quit', function() end } } }")
        try host.runLua("ui.toast('Saved')")
        let frame = host.render()
        XCTAssertEqual(frame.line(6), "                     i Saved")
        XCTAssertTrue(frame.line(7).contains("q Quit"), frame.line(7))
    }

    func testToastArgumentsAreChecked() throws {
        let host = try host()
        XCTAssertThrowsError(try host.runLua("ui.toast()"))
        XCTAssertThrowsError(try host.runLua("ui.toast { kind = 'info' }"))
        XCTAssertThrowsError(try host.runLua("ui.toast { text = 'x', kind = 'loud' }"))
        XCTAssertThrowsError(try host.runLua("ui.toast { text = 'x', duration = -1 }"))
        XCTAssertNoThrow(try host.runLua("ui.toast { text = 'x', duration = 0 }"))
    }

    func testAToastDrawsInSmallFrames() throws {
        for (cols, rows) in [(0, 0), (1, 1), (4, 1), (6, 2)] {
            let host = try host(cols: cols, rows: rows)
            try host.runLua("ui.toast(string.rep('long ', 100))")
            let frame = host.render()
            XCTAssertEqual(frame.width, cols)
            XCTAssertEqual(frame.height, rows)
        }
    }
}
