import LuaBridge
import XCTest
@testable import UIHostCore

private typealias Host = UIHostCore.Host

/// `ui.sparkline`: the last values that fit, as one row of bars, scaled
/// between the shown values or `min` and `max`.
final class SparklineTests: XCTestCase {
    private var scratch = ScratchDirectory(prefix: "uihspark")

    override func tearDown() {
        scratch.remove()
    }

    private func host(_ source: String, cols: Int = 20, rows: Int = 4, ascii: Bool = false) throws -> Host {
        var options = HostOptions(size: Size(cols: cols, rows: rows))
        if ascii { options.glyphs = .ascii }
        return try Host(script: try scratch.write("s.lua", source), options: options)
    }

    private func row(_ data: String, _ fields: String = "", cols: Int = 20, ascii: Bool = false) throws -> String {
        try host("return ui.screen { ui.sparkline { data = { \(data) }\(fields) } }", cols: cols, ascii: ascii).render().line(2)
    }

    func testTheLowestValueIsTheLowestBarAndTheHighestTheHighest() throws {
        XCTAssertEqual(try row("0, 1, 2, 3, 4, 5, 6, 7"), " ▁▂▃▄▅▆▇█")
        XCTAssertEqual(try row("10, 80, 10"), " ▁█▁")
        XCTAssertEqual(try row("0, 1, 2, 3, 4, 5, 6, 7", ascii: true), " _.:-=+*#")
    }

    func testValuesAllAlikeSitInTheMiddle() throws {
        XCTAssertEqual(try row("4, 4, 4"), " ▄▄▄")
        XCTAssertEqual(try row("-2"), " ▄")
        XCTAssertEqual(try row(""), "")
    }

    func testMinAndMaxFixTheScaleAndClampWhatIsPast() throws {
        XCTAssertEqual(try row("0, 50, 100", ", min = 0, max = 100"), " ▁▅█")
        XCTAssertEqual(try row("0, 50, 100", ", min = 0, max = 200"), " ▁▃▅")
        XCTAssertEqual(try row("-10, 300", ", min = 0, max = 200"), " ▁█")
    }

    func testTheWidestRangesDrawWithoutOverflow() throws {
        // The span from -1e308 to 1e308 is beyond a Double: it is taken in halves.
        XCTAssertEqual(try row("-1e308, 0, 1e308"), " ▁▅█")
        XCTAssertEqual(try row("5, 1e308", ", min = -1e308, max = 1e308"), " ▅█")
        XCTAssertEqual(try row("-1e308, 1e308", ", min = -1e308"), " ▁█")
    }

    func testOnlyTheLastValuesThatFitAreShown() throws {
        // The screen keeps a column each side: 4 columns of 6, the last 4 values.
        XCTAssertEqual(try row("0, 7, 0, 1, 2, 3", cols: 6), " ▁▃▆█")
    }

    func testAHugeArrayIsReadOnlyAsFarAsAFrameShows() throws {
        let host = try host("""
            local data = {}
            for i = 1, 1000000 do data[i] = i % 8 end
            return ui.screen { ui.sparkline { data = data } }
            """)
        let before = host.work
        // The 18 columns inside the screen's margins show the last 18 values.
        XCTAssertEqual(host.render().line(2), " " + String((999_983...1_000_000).map { SparklineNode.bars[$0 % 8] }))
        XCTAssertLessThanOrEqual((host.work - before).entriesRead, 2 * SparklineNode.maxShown)
    }

    func testAnEntryThatIsNoNumberIsAProblemAndDrawsAsZero() throws {
        let host = try host("return ui.screen { ui.sparkline { data = { 8, 'x', 0/0 }, min = 0 } }", rows: 8)
        let frame = host.render()
        let rows = (0..<frame.height).map(frame.line)
        XCTAssertTrue(rows.contains(" █▁▁"), rows.joined(separator: "\n"))
        XCTAssertTrue(host.errors.contains { $0.contains("ui.sparkline: data[2] must be a finite number (got string)") },
                      host.errors.joined(separator: "\n"))
        XCTAssertTrue(host.errors.contains { $0.contains("ui.sparkline: data[3] must be a finite number (got nan)") },
                      host.errors.joined(separator: "\n"))
    }

    func testItSaysItsRangeAndLastValue() throws {
        let tree = try XCTUnwrap(try host("return ui.screen { ui.sparkline { data = { 3, 9.5, 1, 4 } }, ui.sparkline {} }")
            .semanticTree())
        XCTAssertEqual(tree.children.map(ScreenReader.describe),
                       ["sparkline 4 values from 1 to 9.5: last 4", "sparkline no values"])
    }

    func testOfALongArrayItSaysTheRangeOfTheValuesRead() throws {
        let tree = try XCTUnwrap(try host("""
            local data = {}
            for i = 1, 5000 do data[i] = i end
            return ui.screen { ui.sparkline { data = data } }
            """).semanticTree())
        XCTAssertEqual(tree.children.map(ScreenReader.describe),
                       ["sparkline 5000 values, the last 1000 from 4001 to 5000: last 5000"])
    }

    func testNothingIsDrawnInAnEmptyArea() throws {
        for (cols, rows) in [(0, 0), (1, 1), (2, 2)] {
            let host = try host("return ui.screen { ui.sparkline { data = { 1, 2, 3 } } }", cols: cols, rows: rows)
            XCTAssertEqual(host.render().width, cols)
        }
    }

    func testADataFieldThatIsNoTableIsAConstructorError() throws {
        XCTAssertThrowsError(try host("return ui.screen { ui.sparkline { data = 3 } }")) { error in
            XCTAssertTrue("\(error)".contains("ui.sparkline: data must be a table (got number)"), "\(error)")
        }
    }
}
