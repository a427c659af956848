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
        let full = String(decoding: files.full, as: UTF8.self)
        XCTAssertTrue(full.contains("at most 3 sessions"), full)
    }
}
