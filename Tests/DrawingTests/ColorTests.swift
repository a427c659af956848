import XCTest
@testable import Drawing

/// Colours: how scripts write them, how themes resolve tokens, and how each
/// is brought down to what the terminal can show.
final class ColorTests: XCTestCase {
    func testColoursParseFromNamesTokensAndHex() {
        XCTAssertEqual(Color(parsing: "red"), .ansi(1))
        XCTAssertEqual(Color(parsing: "brightblue"), .ansi(12))
        XCTAssertEqual(Color(parsing: "accent"), .token(.accent))
        XCTAssertEqual(Color(parsing: "#ff8800"), .rgb(255, 136, 0))
        XCTAssertNil(Color(parsing: "blu"))
        XCTAssertNil(Color(parsing: "#fff"), "only #rrggbb")
        XCTAssertNil(Color(parsing: "#gg0000"))
    }

    func testTruecolorDowngradesTo256ThenTo16() {
        let orange = Color.rgb(255, 136, 0)
        XCTAssertEqual(orange.downgraded(to: .truecolor), orange)
        XCTAssertEqual(orange.downgraded(to: .palette256), .palette(208))
        XCTAssertEqual(orange.downgraded(to: .ansi16), .ansi(3), "yellow is the nearest of the 16")
        XCTAssertEqual(Color.rgb(0, 0, 0).downgraded(to: .palette256), .palette(16))
        XCTAssertEqual(Color.rgb(128, 128, 128).downgraded(to: .palette256), .palette(244))
        XCTAssertEqual(Color.palette(9).downgraded(to: .ansi16), .ansi(9))
        XCTAssertEqual(Color.palette(196).downgraded(to: .ansi16), .ansi(9))
        XCTAssertEqual(Color.ansi(3).downgraded(to: .ansi16), .ansi(3), "the 16 names stay what they are")
    }

    func testSGRFollowsTheDepth() {
        let style = Style(fg: .rgb(255, 136, 0), bg: .ansi(4), attributes: [.bold, .italic, .strike])
        XCTAssertEqual(SGR.sequence(style, theme: .dark, depth: .truecolor), "\u{1B}[0;1;3;9;38;2;255;136;0;44m")
        XCTAssertEqual(SGR.sequence(style, theme: .dark, depth: .palette256), "\u{1B}[0;1;3;9;38;5;208;44m")
        XCTAssertEqual(SGR.sequence(style, theme: .dark, depth: .ansi16), "\u{1B}[0;1;3;9;33;44m")
    }

    func testDepthComesFromTheEnvironment() {
        func depth(_ env: [String: String]) -> ColorDepth? { ColorDepth.of { env[$0] } }
        XCTAssertEqual(depth(["COLORTERM": "truecolor", "TERM": "xterm-256color"]), .truecolor)
        XCTAssertEqual(depth(["COLORTERM": "24bit"]), .truecolor)
        XCTAssertEqual(depth(["TERM": "xterm-256color"]), .palette256)
        XCTAssertEqual(depth(["TERM": "xterm"]), .ansi16)
        XCTAssertNil(depth(["TERM": "xterm-256color", "COLORTERM": "truecolor", "NO_COLOR": "1"]))
        XCTAssertEqual(depth(["TERM": "xterm", "NO_COLOR": ""]), .ansi16, "an empty NO_COLOR does not count")
        XCTAssertNil(depth(["TERM": "dumb"]))
    }

    func testThemesResolveTokens() {
        let accent = Style(fg: .token(.accent), attributes: .underline)
        XCTAssertEqual(Theme.dark.resolve(accent).fg, Theme.dark[.accent])
        XCTAssertEqual(Theme.mono.resolve(accent), Style(attributes: [.underline, .bold]), "mono: no colour, bold instead")
        XCTAssertEqual(Theme.mono.resolve(.focused), .reverse)
        var custom = Theme.dark
        custom.set(.accent, .rgb(255, 136, 0))
        XCTAssertEqual(custom.resolve(accent).fg, .rgb(255, 136, 0))
        for theme in Theme.builtIn {
            for token in ThemeToken.allCases {
                XCTAssertFalse(theme[token].isToken, "\(theme.name).\(token.name) is a colour")
            }
        }
    }

    func testCellStaysSmall() {
        XCTAssertLessThanOrEqual(MemoryLayout<Cell>.stride, 32)
        XCTAssertEqual(MemoryLayout<Color>.size, 4)
    }

    func testAnsiTextCarriesStylesAndEndsLinesReset() {
        var frame = FrameBuffer(width: 6, height: 1)
        frame.put("ab", x: 0, y: 0, style: Style(fg: .ansi(1)))
        frame.put("c", x: 2, y: 0)
        XCTAssertEqual(frame.ansiText(theme: .dark), "\u{1B}[0;31mab\u{1B}[0mc")
    }
}
