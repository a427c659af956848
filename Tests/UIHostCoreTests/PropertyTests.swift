import XCTest
@testable import UIHostCore

private typealias Host = UIHostCore.Host
private typealias Event = UIHostCore.Event

/// Random key and mouse sequences at random sizes over every example screen:
/// no crash, the frame always exactly the requested size, a focusable control
/// at a usual size, and Esc always leads back to the root.
///
/// The frame's text, which takes most of the time in a debug build, is checked
/// after the first step, every eighth and the last of each round;
/// `UIHOST_LONG_TESTS=1` checks it after every step.
final class PropertyTests: XCTestCase {

    static let root: String = {
        var path = #filePath
        for _ in 0..<3 { path = String(path[..<path.lastIndex(of: "/")!]) }
        return path
    }()

    static let screens = ["launcher", "tabbar", "navigation", "dropdown", "sheet", "sidebar"]
    static let keys: [Key] = [.up, .down, .left, .right, .enter, .space, .tab, .shiftTab, .esc, .home, .end,
                              .pageUp, .pageDown, .function(2), .character("x"), .backspace]

    fileprivate func host(_ name: String, cols: Int, rows: Int) throws -> Host {
        let previous = FileManagerless.cwd()
        chdir(PropertyTests.root)
        defer { chdir(previous) }
        return try Host(script: "screens/\(name).lua",
                        options: HostOptions(size: Size(cols: cols, rows: rows), assetsDirectory: PropertyTests.root + "/Assets"))
    }

    func testRandomKeysNeverBreakTheExampleScreens() throws {
        let textEvery = ProcessInfo.processInfo.environment["UIHOST_LONG_TESTS"] == "1" ? 1 : 8
        var rng = RNG(seed: 2026)
        for name in PropertyTests.screens {
            for round in 0..<12 {
                let cols = round == 0 ? 80 : rng.below(301), rows = round == 0 ? 24 : rng.below(101)
                let host = try host(name, cols: cols, rows: rows)
                let steps = 60
                for step in 0..<steps {
                    if rng.below(8) == 0 {
                        let kind: MouseEvent.Kind = [.press, .release, .drag, .scroll(1), .scroll(-1)][rng.below(5)]
                        host.send(.mouse(MouseEvent(kind, column: rng.below(cols + 3) - 1, row: rng.below(rows + 3) - 1)))
                    } else if rng.below(20) == 0 {
                        host.send(.tick(rng.below(2000)))
                    } else {
                        let key = PropertyTests.keys[rng.below(PropertyTests.keys.count)]
                        host.send(.key(key))
                    }
                    if host.quitCode != nil { break }
                    let frame = host.render()
                    XCTAssertEqual(frame.width, cols, "\(name) step \(step)")
                    XCTAssertEqual(frame.height, rows, "\(name) step \(step)")
                    if step % textEvery == 0 || step == steps - 1 {
                        XCTAssertEqual(frame.text.split(separator: "\n", omittingEmptySubsequences: false).count, rows == 0 ? 1 : rows, "an empty frame is one empty line")
                    }
                    if cols >= 80, rows >= 24, host.popup == nil {
                        XCTAssertFalse(host.topLayer?.focusables.isEmpty ?? true, "\(name) \(cols)x\(rows) step \(step) has nothing to focus:\n\(frame.text)")
                    }
                }
                guard host.quitCode == nil else { continue }
                // Esc, repeated, always leads back to the root with no overlay.
                for _ in 0..<12 { host.send(.key(.esc)) }
                _ = host.render()
                XCTAssertEqual(host.navigationDepth, 1, name)
                XCTAssertEqual(host.layers.count, 1, name)
                XCTAssertNil(host.popup, name)
            }
        }
    }

    func testEveryExampleScreenRendersAtTinySizes() throws {
        for name in PropertyTests.screens {
            for (cols, rows) in [(0, 0), (1, 1), (3, 2), (10, 3), (40, 12)] {
                let host = try host(name, cols: cols, rows: rows)
                for key in [Key.tab, .enter, .down, .enter, .function(2), .esc] { host.send(.key(key)) }
                let frame = host.render()
                XCTAssertEqual(frame.width, cols)
                XCTAssertEqual(frame.height, rows)
            }
        }
    }
}

/// The working directory without Foundation.
enum FileManagerless {
    static func cwd() -> String {
        var buffer = [CChar](repeating: 0, count: 4096)
        return getcwd(&buffer, buffer.count).map { String(cString: $0) } ?? "."
    }
}
