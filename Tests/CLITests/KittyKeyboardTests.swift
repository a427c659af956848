import Foundation
import Glibc
import XCTest

/// The kitty keyboard protocol end to end on a pseudo-terminal, the test
/// playing a terminal that speaks it: answered, uihost pushes disambiguation;
/// keys in kitty's encoding then drive the screen; every exit pops it.
final class KittyKeyboardTests: XCTestCase {
    /// Everything the program wrote, read on a thread of its own.
    private final class Output: @unchecked Sendable {
        private let lock = NSLock()
        private var bytes: [UInt8] = []
        func append(_ chunk: ArraySlice<UInt8>) { lock.lock(); bytes += chunk; lock.unlock() }
        var text: String { lock.lock(); defer { lock.unlock() }; return String(decoding: bytes, as: UTF8.self) }
    }

    private func waitFor(_ output: Output, _ needle: String, _ process: Process) -> Bool {
        let deadline = Date().addingTimeInterval(20)
        while !output.text.contains(needle), Date() < deadline, process.isRunning { usleep(10_000) }
        return output.text.contains(needle)
    }

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

        let (master, slave) = try openPseudoTerminal(cols: 40, rows: 10)
        defer { close(master) }

        let process = Process()
        process.executableURL = Uihost.binary
        process.arguments = [screen.path, "--no-mouse"]
        process.currentDirectoryURL = Uihost.root
        let terminal = FileHandle(fileDescriptor: slave, closeOnDealloc: true)
        process.standardInput = terminal
        process.standardOutput = terminal
        process.standardError = FileHandle.nullDevice
        try process.run()
        try terminal.close()
        let output = Output()
        let reader = Thread {
            var chunk = [UInt8](repeating: 0, count: 65536)
            while true {
                let n = read(master, &chunk, chunk.count)
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { return }
                output.append(chunk[0..<n])
            }
        }
        reader.start()
        func send(_ text: String) { _ = text.withCString { write(master, $0, strlen($0)) } }

        XCTAssertTrue(waitFor(output, "\u{1B}[?u", process), "the query is sent on entering")
        XCTAssertTrue(waitFor(output, "pressed 0", process))
        XCTAssertFalse(output.text.contains("\u{1B}[>1u"), "nothing pushed before an answer")
        send("\u{1B}[?0u")
        XCTAssertTrue(waitFor(output, "\u{1B}[>1u", process), "an answer pushes disambiguation")
        send("\u{1B}[13;2u")   // shift-enter: not enter, the button does nothing
        send("\u{1B}[13u")     // enter, as kitty sends it with a modifier-free press
        // Only the changed cell is written: the 0 of "pressed 0" becomes 1.
        XCTAssertTrue(waitFor(output, "\u{1B}[3;10H1", process), output.text.debugDescription)
        send("\u{1B}[113u")    // q
        process.waitUntilExit()
        XCTAssertEqual(process.terminationStatus, 0)
        let text = output.text
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
