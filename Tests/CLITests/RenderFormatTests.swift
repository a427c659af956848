import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import XCTest

/// `uihost render --format text|ansi|svg|html` and `--theme`: the text stays
/// the contract; the other formats add colour, always in full (truecolor)
/// unless `--plain` or `NO_COLOR`.
final class RenderFormatTests: XCTestCase {
    private var directory: URL!

    override func setUpWithError() throws {
        try XCTSkipUnless(Uihost.isBuilt, "build the binary first: swift build")
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("uihost-format-" + UUID().uuidString.prefix(8))
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        if let directory { try? FileManager.default.removeItem(at: directory) }
    }

    private func uihost(_ arguments: String..., environment: [String: String] = [:]) throws -> Uihost.Result {
        try Uihost.run(arguments, environment: environment, scratch: directory)
    }

    private static let esc = "\u{1B}["

    func testTextIsTheDefaultAndCarriesNoEscapes() throws {
        let plain = try uihost("render", "screens/launcher.lua", "--size", "60x10")
        let text = try uihost("render", "screens/launcher.lua", "--size", "60x10", "--format", "text")
        XCTAssertEqual(plain.status, 0)
        XCTAssertEqual(plain.stdout, text.stdout)
        XCTAssertFalse(plain.stdout.contains("\u{1B}"))
    }

    func testAnsiIsTruecolorWhateverTheTerminalSays() throws {
        let result = try uihost("render", "screens/launcher.lua", "--size", "60x10", "--format", "ansi",
                                environment: ["TERM": "xterm", "COLORTERM": ""])
        XCTAssertEqual(result.status, 0, result.stderr)
        XCTAssertTrue(result.stdout.contains(RenderFormatTests.esc + "0;48;2;1;90;168m"), "the dark theme's focus bar, 24-bit")
        let stripped = result.stdout.replacingOccurrences(of: "\u{1B}\\[[0-9;]*m", with: "", options: .regularExpression)
        let text = try uihost("render", "screens/launcher.lua", "--size", "60x10").stdout
        XCTAssertEqual(stripped.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) },
                       text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) },
                       "the same text under the colours")
    }

    func testPlainAndNoColorDropColour() throws {
        let plain = try uihost("render", "screens/launcher.lua", "--size", "60x10", "--format", "ansi", "--plain")
        XCTAssertFalse(plain.stdout.contains("\u{1B}"))
        let noColor = try uihost("render", "screens/launcher.lua", "--size", "60x10", "--format", "ansi",
                                 environment: ["NO_COLOR": "1"])
        XCTAssertFalse(noColor.stdout.contains("\u{1B}"))
        XCTAssertTrue(noColor.stdout.contains("› ▤ TabBarView"), "marks stay")
    }

    func testThemeChangesTheColours() throws {
        let light = try uihost("render", "screens/launcher.lua", "--size", "60x10", "--format", "ansi", "--theme", "light")
        XCTAssertTrue(light.stdout.contains("48;2;200;225;255m"), "light's focus bar")
        let mono = try uihost("render", "screens/launcher.lua", "--size", "60x10", "--format", "ansi", "--theme", "mono")
        XCTAssertFalse(mono.stdout.contains("38;2"), "mono has no colours")
        XCTAssertTrue(mono.stdout.contains(RenderFormatTests.esc + "0;7m› "), "its focus is reverse video")
    }

    func testUnknownThemeOrFormatIsAUsageError() throws {
        let theme = try uihost("render", "screens/launcher.lua", "--theme", "drak")
        XCTAssertEqual(theme.status, 2)
        XCTAssertTrue(theme.stderr.contains("--theme: unknown theme 'drak' (expected dark, light, mono) (did you mean 'dark'?)"), theme.stderr)
        let format = try uihost("render", "screens/launcher.lua", "--format", "svgg")
        XCTAssertEqual(format.status, 2)
        XCTAssertTrue(format.stderr.contains("(did you mean 'svg'?)"), format.stderr)
    }

    func testSvgIsASelfContainedPictureOnACellGrid() throws {
        let path = directory.appendingPathComponent("wide.lua").path
        try ##"return ui.screen { ui.text { spans = { { "日本", bold = true }, { "<x>", fg = "#ff8800" } } } }"##
            .write(toFile: path, atomically: true, encoding: .utf8)
        let result = try uihost("render", path, "--size", "20x3", "--format", "svg")
        XCTAssertEqual(result.status, 0, result.stderr)
        let svg = result.stdout
        XCTAssertTrue(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"168\" height=\"51\""), svg)
        XCTAssertTrue(svg.contains("<text x=\"8.4 25.2\" y=\"47.6\" fill=\"#d4d4d4\" font-weight=\"bold\">日本</text>"),
                      "each wide glyph at its cell, two cells apart:\n" + svg)
        XCTAssertTrue(svg.contains("fill=\"#ff8800\">&lt;x&gt;</text>"), "escaped, in its colour:\n" + svg)
        XCTAssertFalse(svg.contains("href"), "nothing outside the file")
        let html = try uihost("render", path, "--size", "20x3", "--format", "html").stdout
        XCTAssertTrue(html.hasPrefix("<!DOCTYPE html>") && html.contains(svg.trimmingCharacters(in: .newlines)))
    }

    /// XML 1.0 forbids U+FFFE, U+FFFF, surrogates and C0 controls but tab,
    /// newline and CR: a picture holding one is not XML that any viewer reads.
    func testSvgAndHtmlHoldOnlyCharactersXMLAllows() throws {
        let path = directory.appendingPathComponent("nonchars.lua").path
        try #"return ui.screen { title = "t\u{FFFF}", ui.text "a\u{FFFE}b\u{FFFF}c\u{D800}d\7e\u{1FFFE}f" }"#
            .write(toFile: path, atomically: true, encoding: .utf8)
        for format in ["svg", "html"] {
            let r = try Uihost.runRaw(["render", path, "--size", "20x3", "--format", format], scratch: directory)
            XCTAssertEqual(r.status, 0, r.stderr)
            let text = try XCTUnwrap(String(data: r.stdoutData, encoding: .utf8), "\(format) is UTF-8")
            for scalar in text.unicodeScalars {
                let v = scalar.value
                let allowed = v == 0x9 || v == 0xA || v == 0xD || (0x20...0xD7FF).contains(v)
                    || (0xE000...0xFFFD).contains(v) || (0x10000...0x10FFFF).contains(v)
                XCTAssertTrue(allowed, "U+\(String(v, radix: 16)) in the \(format)")
            }
            XCTAssertTrue(text.contains("a\u{FFFD}b\u{FFFD}c"), "each is shown as U+FFFD: " + text)
            if format == "svg" { XCTAssertNoThrow(try XMLDocument(data: r.stdoutData), "the SVG is well-formed XML") }
        }
    }
}
