import LuaBridge
import XCTest
@testable import UIHostCore

private typealias Host = UIHostCore.Host

/// One-row controls take any height (a share too) and draw their row in the
/// middle; a button places its label by `align`.
final class ControlHeightTests: XCTestCase {
    private var scratch = ScratchDirectory(prefix: "uihctrlheight")

    override func tearDown() {
        scratch.remove()
    }

    private func host(_ source: String, cols: Int = 20, rows: Int = 7) throws -> Host {
        try Host(script: try scratch.write("s.lua", source), options: HostOptions(size: Size(cols: cols, rows: rows)))
    }

    private func lines(_ host: Host) -> [String] {
        let frame = host.render()
        return (0..<frame.height).map { frame.line($0) }
    }

    func testAButtonTakesAShareOfRowsAndCentresItsLabel() throws {
        let host = try host("""
        pressed = false
        return ui.screen { title = "G",
          ui.button { title = "Go", height = "1fr", align = "center", onSelect = function() pressed = true end },
        }
        """)
        XCTAssertEqual(Array(lines(host)[2...6]), ["", "", " ›      [ Go ]", "", ""])
        click(host, "Go")
        XCTAssertEqual(try host.evalString("pressed"), "true")
    }

    func testACheckboxGivenRowsTakesTheMiddleOne() throws {
        let host = try host("return ui.screen { title = 'G', ui.checkbox { title = 'On', height = 3 }, ui.text 'end' }")
        XCTAssertEqual(Array(lines(host)[2...5]), ["", " › [ ] On", "", " end"])
    }

    func testButtonsWithoutAHeightStayOnTheirFirstRow() throws {
        let host = try host("return ui.screen { title = 'G', ui.hstack { ui.text 'a\\nb\\nc', ui.button { title = 'X' } } }")
        XCTAssertEqual(Array(lines(host)[2...4]), [" a › [ X ]", " b", " c"])
    }

    func testAShareOfRowsIsStillRefusedOnAnInput() throws {
        XCTAssertNoThrow(try host("return ui.screen { ui.button { height = '1fr' }, ui.switch { height = '2fr' } }"))
        XCTAssertThrowsError(try host("return ui.screen { ui.input { height = '1fr' } }"))
    }
}
