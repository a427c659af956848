import XCTest
@testable import Drawing

/// `XMLText`: what a script wrote, as text of an SVG, HTML or JUnit document.
final class XMLTextTests: XCTestCase {
    func testMarkupIsEscapedAndCharactersXMLForbidsAreReplaced() {
        XCTAssertEqual(XMLText.escape("a<b>&\"c\""), "a&lt;b&gt;&amp;\"c\"")
        XCTAssertEqual(XMLText.escape("\"q\"", attribute: true), "&quot;q&quot;")
        XCTAssertEqual(XMLText.escape("x\u{FFFE}y\u{FFFF}z\u{1}\u{1B}\u{7F}"), "x\u{FFFD}y\u{FFFD}z\u{FFFD}\u{FFFD}\u{7F}")
        XCTAssertEqual(XMLText.escape("tab\there\nCR\r"), "tab\there\nCR\r", "allowed by XML")
        XCTAssertEqual(XMLText.escape("日本 \u{1FFFE} ✓"), "日本 \u{1FFFE} ✓", "other text as it is")
    }
}
