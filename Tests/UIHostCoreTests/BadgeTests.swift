import LuaBridge
import XCTest
@testable import UIHostCore

private typealias Host = UIHostCore.Host

/// `ui.badge`: a status in a pill, its kind's colour and mark.
final class BadgeTests: XCTestCase {
    private var scratch = ScratchDirectory(prefix: "uihbadge")

    override func tearDown() {
        scratch.remove()
    }

    private func host(_ source: String, cols: Int = 30, rows: Int = 4) throws -> Host {
        try Host(script: try scratch.write("s.lua", source), options: HostOptions(size: Size(cols: cols, rows: rows)))
    }

    func testEachKindHasItsMarkAndInfoNone() throws {
        let host = try host("""
        return ui.screen { title = "B", ui.hstack {
          ui.badge "New", ui.badge { text = "Saved", kind = "success" },
          ui.badge { text = "Low", kind = "warning" }, ui.badge { text = "Down", kind = "error" } } }
        """, cols: 40)
        XCTAssertEqual(host.render().line(2), "  New   ✓ Saved   ! Low   x Down")
    }

    func testTheKindColoursThePillWithItsToken() throws {
        let host = try host("return ui.screen { title = 'B', ui.badge { text = 'Saved', kind = 'success' } }")
        let frame = host.render()
        XCTAssertEqual(frame[1, 2].style, Style(fg: .token(.success), attributes: [.reverse, .bold]))
        XCTAssertEqual(frame[1, 2].char, " ")
    }

    func testALongTextIsCutToThePill() throws {
        let host = try host("return ui.screen { title = 'B', ui.badge { text = 'a very long status indeed' } }", cols: 12)
        XCTAssertEqual(host.render().line(2), "  a very …")
    }

    func testAnUnknownKindIsAConstructorErrorNamingTheChoices() throws {
        XCTAssertThrowsError(try host("return ui.screen { ui.badge { text = 'x', kind = 'sucess' } }")) { error in
            let message = (error as? LuaError)?.message ?? "\(error)"
            XCTAssertTrue(message.hasSuffix("s.lua:1: ui.badge: kind must be one of 'info', 'success', 'warning', 'error' (got 'sucess'; did you mean 'success'?)"), message)
        }
    }

    func testDrawingNeverFailsInTinyAreas() throws {
        for (cols, rows) in [(0, 0), (1, 1), (2, 3)] {
            let host = try host("return ui.screen { title = 'B', ui.badge { text = 'Saved', kind = 'success' } }", cols: cols, rows: rows)
            let frame = host.render()
            XCTAssertEqual(frame.width, cols)
        }
    }
}
