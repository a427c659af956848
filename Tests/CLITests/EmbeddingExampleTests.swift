import Foundation
import XCTest

/// The example app that embeds the library (Sources/weather-example): built
/// with the package, run headless, its frame checked.
final class EmbeddingExampleTests: XCTestCase {
    private var directory: URL!
    private let example = Uihost.root.appendingPathComponent(".build/debug/weather-example")

    override func setUpWithError() throws {
        try XCTSkipUnless(FileManager.default.isExecutableFile(atPath: example.path), "build the example first: swift build")
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("uihost-embed-" + UUID().uuidString.prefix(8))
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        if let directory { try? FileManager.default.removeItem(at: directory) }
    }

    private func weather(_ arguments: String...) throws -> Uihost.Result {
        try Uihost.run(["--render", "--size", "44x9"] + arguments, executable: example, scratch: directory)
    }

    func testForecastFromSwiftIsShownForACity() throws {
        let result = try weather("--type", "Lima", "--keys", "enter")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.lines, [
            "                Weather 1.0",
            "────────────────────────────────────────────",
            " City",
            " › [Lima                                  ]",
            " Lima: 3 days, mean high 24.0°",
            "   Mon   24°   18°  mist",
            "   Tue   25°   19°  sun",
            "   Wed   23°   18°  mist",
            "",
        ])
    }

    /// The example's plugin (plugins/forecast): its command opens a screen
    /// whose rows come from the app's Swift functions, `forecast` and `meanHigh`.
    func testPluginCommandShowsWhatTheSwiftFunctionsReturn() throws {
        let result = try weather("--keys", "f3")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(Array(result.lines.prefix(6)), [
            " ‹ Back        Week overview",
            "────────────────────────────────────────────",
            " › Oslo  3 days, mean high 5.7°",
            "   Lima  3 days, mean high 24.0°",
            "   Pune  2 days, mean high 32.0°",
            "   [ Back ]",
        ])
    }

    func testPluginCommandIsInThePaletteUnderItsPlugin() throws {
        let palette = try weather("--keys", "ctrl-p")
        XCTAssertEqual(palette.status, 0, palette.stderr)
        XCTAssertEqual(palette.lines[3], " │›Week overview             f3  forecast │")
        let chosen = try weather("--keys", "ctrl-p enter")
        XCTAssertEqual(chosen.lines[2], " › Oslo  3 days, mean high 5.7°")
    }

    func testSwiftErrorIsShownByTheScreenThatCaughtIt() throws {
        let result = try weather("--size", "60x9", "--type", "Paris", "--keys", "enter")
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertEqual(result.lines[4], " ! weather.forecast: no forecast for 'Paris'")
    }

    func testMissingScreenIsAnErrorNamingIt() throws {
        let result = try weather("no-such-screen.lua")
        XCTAssertEqual(result.status, 3)
        XCTAssertTrue(result.stderr.contains("cannot open no-such-screen.lua"), result.stderr)
    }
}
