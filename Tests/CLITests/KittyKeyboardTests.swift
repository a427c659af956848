import Foundation
import XCTest

/// The kitty keyboard protocol end to end on a pseudo-terminal, the test
/// playing a terminal that speaks it: answered, uihost pushes disambiguation;
/// keys in kitty's encoding then drive the screen; every exit pops it.
final class KittyKeyboardTests: XCTestCase {
    func testAnsweredQueryPushesAndKittyKeysDriveTheScreenAndExitPops() throws {
        try XCTSkipUnless(Uihost.isBuilt, "build the binary first: swift build")
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("uihost-kitty-" + UUID().uuidString.prefix(8))
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let screen = directory.appendingPathComponent("kitty.lua")
        try """
            local label = ui.text "pressed 0"
            local n = 0
            return ui.screen { title = "kitty", label,
              ui.button { title = "Go", onSelect = function() n = n + 1; label.text = "pressed " .. n end } }
            """.write(to: screen, atomically: true, encoding: .utf8)

        let session = try TerminalSession([screen.path, "--no-mouse"], cols: 40, rows: 10)
        XCTAssertTrue(session.waitFor("\u{1B}[?u"), "the query is sent on entering")
        XCTAssertTrue(session.waitFor("pressed 0"))
        XCTAssertFalse(session.text.contains("\u{1B}[>1u"), "nothing pushed before an answer")
        session.send("\u{1B}[?0u")
        XCTAssertTrue(session.waitFor("\u{1B}[>1u"), "an answer pushes disambiguation")
        session.send("\u{1B}[13;2u")   // shift-enter: not enter, the button does nothing
        session.send("\u{1B}[13u")     // enter, as kitty sends it with a modifier-free press
        // Only the changed cell is written: the 0 of "pressed 0" becomes 1.
        XCTAssertTrue(session.waitFor("\u{1B}[3;10H1"), session.text.debugDescription)
        session.send("\u{1B}[113u")    // q
        XCTAssertEqual(session.finish(), 0)
        let text = session.text
        XCTAssertEqual(text.components(separatedBy: "\u{1B}[>1u").count - 1, 1, "one push")
        guard let pop = text.range(of: "\u{1B}[<u", options: .backwards),
              let leave = text.range(of: "\u{1B}[?1049l", options: .backwards) else {
            return XCTFail("no pop or no leaving the alternate screen: \(text.debugDescription)")
        }
        XCTAssertLessThan(pop.lowerBound, leave.lowerBound, "popped on the alternate screen")
        XCTAssertFalse(text.contains("\u{1B}[3;10H2"), "shift-enter did not press the button")
        XCTAssertFalse(text.contains("?0u"), "the answer is never echoed as keys")
    }
}
