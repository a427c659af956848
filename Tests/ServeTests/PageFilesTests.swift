import XCTest
@testable import Serve

final class PageFilesTests: XCTestCase {
    func testTheTitleIsTextInThePage() throws {
        XCTAssertEqual(PageFiles.escapeHTML("<script>\"a\" & 'b'</script>"),
                       "&lt;script&gt;&quot;a&quot; &amp; &#39;b&#39;&lt;/script&gt;")
        XCTAssertEqual(PageFiles.escapeHTML("a\u{1B}b"), "a\u{FFFD}b")
    }

    func testThePageCarriesTheTitleAndRelativeURLsOnly() throws {
        try XCTSkipUnless(FileManager.default.fileExists(atPath: XtermFiles().modules), "node-xterm is not installed")
        let files = try PageFiles(title: "<b>notes</b> — uihost", maxSessions: 3, xterm: XtermFiles())
        let page = String(decoding: files.page, as: UTF8.self)
        XCTAssertTrue(page.contains("<title>&lt;b&gt;notes&lt;/b&gt; — uihost</title>"), page)
        XCTAssertFalse(page.contains("{{"), "every placeholder is filled")
        // Relative URLs carry the token (and a proxy's prefix) without the page knowing them.
        XCTAssertFalse(page.contains("src=\"/") || page.contains("href=\"/"), page)
        // The style sheets are in the page (nothing to wait for before its script); the scripts are not.
        XCTAssertTrue(page.contains(".xterm-char-measure-element"), "xterm.css in the page")
        XCTAssertTrue(page.contains("#status[hidden]"), "terminal.css in the page")
        XCTAssertFalse(page.contains("<link rel=\"stylesheet\""), page)
        XCTAssertTrue(page.contains("<script src=\"terminal.js\"></script>"), page)
        XCTAssertEqual(PageFiles.style("a{}</STYLE><script>", "b{}"), "<link rel=\"stylesheet\" href=\"xterm/xterm.css\">\n<style>\nb{}</style>")
        let full = String(decoding: files.full, as: UTF8.self)
        XCTAssertTrue(full.contains("at most 3 sessions"), full)
    }
}
