import LuaBridge
import XCTest
@testable import UIHostCore

private typealias Host = UIHostCore.Host

/// `ui.markdown`: what it draws, how it scrolls and follows links, and that
/// hostile documents end in safe output, bounded by sizes and limits.
final class MarkdownTests: XCTestCase {
    private var scratch = ScratchDirectory(prefix: "uihmd")

    override func tearDown() {
        scratch.remove()
    }

    /// A screen holding one markdown `md` (a global) of `text` (a Lua expression).
    private func host(_ text: String, cols: Int = 40, rows: Int = 12, extra: String = "", urlsInText: Bool = true) throws -> Host {
        let source = """
        opened = {}
        md = ui.markdown { text = \(text), onLink = function(url) opened[#opened + 1] = url end }
        \(extra)
        return ui.screen { title = "M", md }
        """
        var options = HostOptions(size: Size(cols: cols, rows: rows))
        options.glyphs.urlsInText = urlsInText
        return try Host(script: try scratch.write("s.lua", source), options: options)
    }

    private func rows(_ host: Host) -> [String] {
        let frame = host.render()
        return (2..<frame.height).map { frame.line($0) }
    }

    private func node(_ host: Host) -> MarkdownNode? {
        func find(_ nodes: [Node]) -> MarkdownNode? {
            for n in nodes {
                if let m = n as? MarkdownNode { return m }
                if let m = find(n.children) { return m }
            }
            return nil
        }
        _ = host.render()
        return host.layers.compactMap { find([$0.root]) }.first
    }

    // MARK: - What it draws

    func testBlocksAndInlinesAsTheyShow() throws {
        let text = """
        [[# Title *here*

        Some **bold** and `code`, ~~gone~~.

        - one
        - [x] done
          - nested

        > quoted
        >
        > > inner

        ```
        let x = 1
        ```

        ---
        ## Next]]
        """
        let h = try host(text, rows: 24)
        XCTAssertEqual(rows(h).prefix(19).map { $0 }, [
            " › # Title here",
            "",
            "   Some bold and code, gone.",
            "",
            "   • one",
            "   [x] done",
            "       • nested",
            "",
            "   │ quoted",
            "   │",
            "   │ │ inner",
            "",
            "    let x = 1",
            "",
            "   ───────────────────────────────────",
            "",
            "   ## Next",
            "",
            "",
        ])
        let frame = h.render()
        XCTAssertEqual(frame[5, 2].style.attributes.contains(.bold), true)
        let code = frame.find("code")!
        XCTAssertEqual(frame[code.x, code.y].style.bg, Color.token(.surface))
        let gone = frame.find("gone")!
        XCTAssertTrue(frame[gone.x, gone.y].style.attributes.contains(.strike))
    }

    func testTablesAlignTheirColumnsAndShareTheWidth() throws {
        let text = """
        [[| Name | Qty | Price |
        |:-----|:---:|------:|
        | Apple | 3 | 1.20 |
        | Banana bread | 12 | 10.5 |]]
        """
        XCTAssertEqual(rows(try host(text)).prefix(4).map { $0 }, [
            " › Name         │ Qty │ Price",
            "   ─────────────┼─────┼──────",
            "   Apple        │  3  │  1.20",
            "   Banana bread │ 12  │  10.5",
        ])
        // Narrow: the widest column gives way, its cells cut with …
        XCTAssertEqual(rows(try host(text, cols: 24)).prefix(4).map { $0 }, [
            " › Name  │ Qty │ Price",
            "   ──────┼─────┼──────",
            "   Apple │  3  │  1.20",
            "   Bana… │ 12  │  10.5",
        ])
    }

    func testItWrapsToItsWidth() throws {
        let h = try host("'A long sentence that wraps across the narrow width of the view.'", cols: 20)
        XCTAssertEqual(rows(h).prefix(4).map { $0 }, [" › A long sentence", "   that wraps", "   across the", "   narrow width of"])
    }

    // MARK: - Scrolling, links, toc

    func testKeysScrollItAndMarksShowWhatLiesBeyond() throws {
        let h = try host("(function() local t = {} for i = 1, 50 do t[i] = 'line ' .. i end return table.concat(t, '\\n\\n') end)()", rows: 6)
        XCTAssertEqual(rows(h), [" › line 1", "", "   line 2", "                                      ↓"])
        press(h, .down, .down)
        XCTAssertEqual(rows(h), [" › line 2                             ↑", "", "   line 3", "                                      ↓"])
        press(h, .end)
        XCTAssertEqual(rows(h).last, "   line 50")
        press(h, .home)
        XCTAssertEqual(rows(h).first, " › line 1")
    }

    func testTabStepsThroughLinksAndEnterCallsOnLink() throws {
        let h = try host("'[one](https://one.example) and [two](docs/two.md)\\n\\nno more'")
        press(h, .tab)
        let frame = h.render()
        let one = frame.find("one")!
        XCTAssertTrue(frame[one.x, one.y].style.attributes.contains(.reverse))
        press(h, .enter, .tab, .enter)
        XCTAssertEqual(try h.evalString("table.concat(opened, ' ')"), "https://one.example docs/two.md")
        // Past the last link, Tab leaves the document (there is nothing else to focus: it stays).
        press(h, .tab)
        XCTAssertEqual(try h.evalString("#opened"), "2")
    }

    func testAClickOnALinkCallsOnLink() throws {
        let h = try host("'see [the docs](https://docs.example)'")
        click(h, "the docs")
        XCTAssertEqual(try h.evalString("opened[1]"), "https://docs.example")
    }

    func testLinksAreHyperlinksWithColoursAndURLsInPlainText() throws {
        let text = "'[a](https://a.example) [b](notes.md) <https://c.example>'"
        XCTAssertEqual(rows(try host(text, cols: 60)).first, " › a <https://a.example> b <notes.md> https://c.example")
        let frame = try host(text, cols: 60, urlsInText: false).render()
        XCTAssertEqual(frame.line(2), " › a b https://c.example")
        // Only absolute URLs are handed to the terminal; a relative one is for onLink.
        XCTAssertEqual(frame.links, ["https://a.example", "https://c.example"])
    }

    func testTocListsHeadingsAndScrollToShowsOneFirst() throws {
        let body = "(function() local t = { '# Top' } for i = 1, 30 do t[#t + 1] = 'para ' .. i end t[#t + 1] = '## Install' for i = 1, 9 do t[#t + 1] = 'step ' .. i end return table.concat(t, '\\n\\n') end)()"
        let h = try host(body, rows: 6)
        XCTAssertEqual(try h.evalString("(function() local out = {} for _, e in ipairs(md:toc()) do out[#out + 1] = e.level .. e.text end return table.concat(out, ',') end)()"),
                       "1Top,2Install")
        try h.runLua("md:scrollTo('Install')")
        XCTAssertEqual(rows(h).first, " › ## Install                         ↑")
        try h.runLua("md:scrollTo(1)")
        XCTAssertEqual(rows(h).first, " › # Top")
        XCTAssertEqual(try h.evalString("select(2, pcall(md.scrollTo, md, 'Nope'))"),
                       "md:scrollTo: no heading 'Nope' (headings: 'Top', 'Install')")
    }

    // MARK: - Untrusted markdown is data

    func testRawHTMLIsNotShown() throws {
        let h = try host("'a <b>bold</b> <img src=x onerror=alert(1)>\\n\\n<script>alert(1)</script>\\n\\n<div>\\nblock\\n</div>\\n\\nend'")
        XCTAssertEqual(rows(h).filter { !$0.isEmpty }, [" › a bold", "   end"])
    }

    func testScriptLinksAreTextAndNothingIsCalled() throws {
        let h = try host("'[click](javascript:alert(1)) [x](JAVASCRIPT:evil) [d](data:text/html,hi) [v](vbscript:x)'", urlsInText: false)
        let frame = h.render()
        XCTAssertEqual(frame.line(2), " › click x d v")
        XCTAssertEqual(frame.links, [])
        press(h, .tab, .enter)
        XCTAssertEqual(try h.evalString("#opened"), "0")
    }

    func testControlCharactersNeverReachTheFrame() throws {
        let h = try host("'a\\27[31mred\\7 [l](https://x.example/\\27]8;;evil\\27\\\\)\\n\\n```\\n\\27[2J\\n```'", cols: 60)
        let frame = h.render()
        for y in 0..<frame.height {
            XCTAssertFalse(frame.line(y).unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }, frame.line(y))
        }
        XCTAssertFalse(frame.links.joined().unicodeScalars.contains { $0.value < 0x20 })
    }

    // MARK: - Hostile sizes, bounded by limits (not by time)

    func testTenThousandNestedQuotesAndListsKeepTheMarginToHalfTheWidth() throws {
        for opener in ["> ", "- ", "1. "] {
            let h = try host("string.rep('\(opener)', 100000) .. 'deep'", cols: 40)
            let shown = rows(h).filter { $0.contains("deep") }
            XCTAssertEqual(shown.count, 1, "\(opener): \(rows(h))")
            XCTAssertLessThanOrEqual(shown[0].firstIndex(of: "d")!.utf16Offset(in: shown[0]), 2 + 19 + 1, shown[0])
        }
    }

    func testAMillionCellTableShowsAtMost64ColumnsAndParsesInBoundedPieces() throws {
        let make = """
        (function()
          local cols = {} for i = 1, 1000 do cols[i] = 'c' .. i end
          local rule = {} for i = 1, 1000 do rule[i] = '-' end
          local row = '|' .. table.concat(cols, '|') .. '|'
          local t = { row, '|' .. table.concat(rule, '|') .. '|' }
          for r = 1, 1000 do t[#t + 1] = row end
          return table.concat(t, '\\n')
        end)()
        """
        let h = try host(make, cols: 60, rows: 8)
        let md = try XCTUnwrap(node(h))
        XCTAssertLessThanOrEqual(md.document.parsedBytes, MarkdownChunker.hardLimit + 4096)
        guard case .table(let table)? = md.document.blocks.first?.kind else { return XCTFail("no table") }
        XCTAssertEqual(table.rows.first?.count, MarkdownTable.maxColumns)
        XCTAssertEqual(table.hiddenColumns, 936)
        XCTAssertEqual(rows(h)[0], " › c1 │ c2 │ c3 │ c4 │ c5 │ c6 │ c7 │ c8 │ c9 │ c10 │ c11")
        // The rows of the first piece, then the note of what is left out.
        XCTAssertTrue(md.document.lines.contains { $0.runs.map(\.text).joined() == "… 989 more columns" })
    }

    func testATableLongerThanAPieceGoesOnAsTheSameTable() throws {
        let h = try host("'| a | b | c |\\n|:--|:-:|--:|\\n' .. string.rep('| 1 | 2 | 3 |\\n', 200000)", rows: 6)
        try h.runLua("md:toc()")   // parses every piece
        let md = try XCTUnwrap(node(h))
        XCTAssertGreaterThan(md.document.byteCount, 2 * MarkdownChunker.hardLimit)
        let tables = md.document.blocks.compactMap { block -> MarkdownTable? in
            if case .table(let t) = block.kind { return t }
            return nil
        }
        XCTAssertEqual(tables.count, md.document.blocks.count, "every row parsed as a table's")
        XCTAssertGreaterThan(tables.count, 1)
        XCTAssertEqual(tables.map(\.rows.count).reduce(0, +), 200001)
        XCTAssertEqual(tables.first?.headerRows, 1)
        XCTAssertEqual(Set(tables.dropFirst().map(\.headerRows)), [0])
        XCTAssertEqual(Set(md.document.blocks.dropFirst().map(\.gapBefore)), [false])
        XCTAssertEqual(tables.last?.alignments, [.left, .center, .right])
    }

    func testATenMegabyteDocumentShowsItsFirstFrameFromItsFirstPiece() throws {
        let h = try host("string.rep('## Part\\n\\nSome *text* and a [link](https://example.org).\\n\\n', 200000)", rows: 24)
        XCTAssertEqual(rows(h)[0], " › ## Part")
        let md = try XCTUnwrap(node(h))
        XCTAssertGreaterThan(md.document.byteCount, 10_000_000)
        // A screenful needs one piece of about 64 KiB: parsing is bounded by size, not by the document.
        XCTAssertLessThanOrEqual(md.document.parsedBytes, 2 * MarkdownChunker.target)
        XCTAssertLessThan(md.document.lines.count, 2 * MarkdownNode.maxNaturalRows)
        // A key parses nothing again: the same document, the same pieces.
        press(h, .down, .pageDown)
        XCTAssertTrue(node(h)?.document === md.document)
        XCTAssertLessThanOrEqual(md.document.parsedBytes, 2 * MarkdownChunker.target)
    }

    func testTheHostKeepsAtMost64MiBOfAText() throws {
        let h = try host("string.rep('a line of text\\n', 4700000)", rows: 6)
        XCTAssertTrue(rows(h).first?.hasPrefix(" › a line of text a line of text") == true)
        let md = try XCTUnwrap(node(h))
        XCTAssertLessThanOrEqual(md.document.byteCount, MarkdownCache.maxTextBytes + 200)
        // One paragraph without an empty line: the first piece ends at the hard limit.
        XCTAssertLessThanOrEqual(md.document.parsedBytes, MarkdownChunker.hardLimit + 200)
    }

    func testANewTextIsParsedAgainAndTheSameTextIsNot() throws {
        let h = try host("'# One'")
        let first = try XCTUnwrap(node(h)).document
        try h.runLua("md.onLink = nil")
        XCTAssertTrue(node(h)?.document === first)
        try h.runLua("md.text = '# Two'")
        XCTAssertFalse(node(h)?.document === first)
        XCTAssertEqual(rows(h).first, " › # Two")
    }

    func testANewTextStartsAtItsTopWithoutTheOldLinkCursor() throws {
        let h = try host("'[a](https://a.example) [b](https://b.example)'")
        press(h, .tab, .tab)
        try h.runLua("md.text = 'no links here'")
        press(h, .enter)
        XCTAssertEqual(try h.evalString("#opened"), "0")
        XCTAssertEqual(rows(h).first, " › no links here")
    }

    func testInsideAScrollItIsMeasuredAtABoundedWidth() throws {
        let source = "return ui.screen { title = 'M', ui.scroll { height = 5, ui.markdown { text = '# T\\n\\n---\\n\\n| a |\\n|---|\\n| 1 |' } } }"
        let h = try Host(script: try scratch.write("s.lua", source), options: HostOptions(size: Size(cols: 30, rows: 8)))
        XCTAssertEqual(h.render().line(2), " › # T")
    }

    /// Mangled documents draw without crashing, and no control character of
    /// theirs reaches the frame or a hyperlink.
    func testMangledDocumentsDrawSafely() throws {
        let sample = Array("# T *a*\n\n- [x] b\n  > c `d`\n\n| x | y |\n|:-|-:|\n| [l](https://e.x) | <b>h</b> |\n\n```\nk\n```\n".utf8)
        let alphabet = Array("#*-_>`|:[]()<>!~\n \t1.x".utf8) + [0x1B, 0x07, 0x00, 0xC2, 0x9B, 0xFF]
        var rng = RNG(seed: 0x3D)
        let h = try host("''", cols: 40, rows: 12)
        for _ in 0..<300 {
            var doc = sample
            for _ in 0..<(1 + rng.below(6)) {
                if rng.below(2) == 0, !doc.isEmpty {
                    doc[rng.below(doc.count)] = alphabet[rng.below(alphabet.count)]
                } else {
                    doc.insert(alphabet[rng.below(alphabet.count)], at: rng.below(doc.count + 1))
                }
            }
            h.lua.stack.push(bytes: doc)
            h.lua.stack.setGlobal("doc")
            try h.runLua("md.text = doc")
            press(h, .tab, .down, .end, .enter)
            let frame = h.render()
            for y in 0..<frame.height {
                XCTAssertFalse(frame.line(y).unicodeScalars.contains { $0.value < 0x20 || (0x7F...0x9F).contains($0.value) }, frame.line(y))
            }
            XCTAssertFalse(frame.links.joined().unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F })
        }
    }

    func testOneTextShownTwiceAtTwoWidthsDrawsEachAtItsOwn() throws {
        let source = """
        local md = ui.markdown { text = 'one two three four five six seven eight nine ten' }
        return ui.screen { title = 'M', ui.hstack { ui.vstack { width = 16, md }, ui.vstack { md } } }
        """
        let h = try Host(script: try scratch.write("s.lua", source), options: HostOptions(size: Size(cols: 60, rows: 8)))
        let frame = h.render()
        XCTAssertTrue(frame.line(2).hasPrefix(" › one two"), frame.text)
        XCTAssertTrue(frame.line(2).contains("one two three four five six seven"), frame.text)
        XCTAssertEqual(frame.line(3).prefix(16).trimmingCharacters(in: .whitespaces), "four five six")
    }

    func testDrawingNeverFailsInTinyAreas() throws {
        for (cols, rows) in [(0, 0), (1, 1), (3, 3)] {
            let h = try host("'# Title\\n\\n| a | b |\\n|---|---|\\n| 1 | 2 |\\n\\n- [x] x'", cols: cols, rows: rows)
            XCTAssertEqual(h.render().width, cols)
            press(h, .tab, .down, .end)
        }
    }

    func testAScreenReaderHearsADocument() throws {
        let h = try host("'# Guide\\n\\ntext'")
        let document = h.semanticTree()?.children.first
        XCTAssertEqual(document?.role, "document")
        XCTAssertEqual(document?.label, "Guide")
    }
}
