/// Blocks into rows: paragraphs and headings wrapped at word boundaries by
/// display width, code cut (never wrapped), tables with aligned columns that
/// share the width, the marks of quotes and lists in the margin.
enum MarkdownLayout {
    /// What a layout depends on besides the blocks.
    struct Key: Hashable {
        var width: Int
        var ascii: Bool
        var urlsInText: Bool
    }

    static func lines(of block: MarkdownBlock, _ key: Key, glyphs: Glyphs) -> [MarkdownLine] {
        // The margin takes at most half the width: 10^5 nested quotes still leave room for text.
        let cap = max(0, key.width / 2)
        let first = margin(block.firstPrefix, glyphs, cap: cap)
        let rest = margin(block.prefix, glyphs, cap: cap)
        let marginWidth = first.reduce(0) { $0 + DisplayWidth.of($1.text) }
        let width = max(1, key.width - marginWidth)
        var body: [MarkdownLine]
        switch block.kind {
        case .paragraph:
            body = wrap(visible(block.runs, key), width: width).map { MarkdownLine(runs: $0) }
        case .heading(let level):
            let look = level == 1 ? MarkdownStyles.heading.union(.accent) : MarkdownStyles.heading
            let marks = MarkdownRun(text: String(repeating: "#", count: level) + " ", style: .muted)
            let runs = [marks] + visible(block.runs, key).map { r in var r = r; r.style = look.union(r.style); return r }
            body = wrap(runs, width: width).map { MarkdownLine(runs: $0) }
        case .code:
            body = block.runs.map { run in
                MarkdownLine(runs: [MarkdownRun(text: " " + TextLayout.truncate(run.text, to: max(0, width - 1)), style: run.style)],
                             fill: MarkdownStyles.code)
            }
            if body.isEmpty { body = [MarkdownLine(runs: [], fill: MarkdownStyles.code)] }
        case .rule:
            body = [MarkdownLine(runs: [MarkdownRun(text: String(repeating: glyphs.horizontal, count: width), style: .muted)])]
        case .table(let table):
            body = self.table(table, width: width, key, glyphs: glyphs)
        }
        var out: [MarkdownLine] = []
        out.reserveCapacity(body.count + 1)
        if block.gapBefore {
            // The empty line keeps the bars of the quotes it lies inside (and the room before them).
            var bars: [MarkdownRun] = []
            var seen = 0
            for run in rest where seen < block.gapQuotes {
                bars.append(run)
                if run.text.contains(glyphs.vertical) { seen += 1 }
            }
            out.append(MarkdownLine(runs: seen > 0 ? bars : []))
        }
        for (i, line) in body.enumerated() {
            out.append(MarkdownLine(runs: (i == 0 ? first : rest) + line.runs, fill: line.fill))
        }
        return out
    }

    /// The marks of the margin as runs, cut to `cap` columns.
    private static func margin(_ marks: [MarkdownMark], _ glyphs: Glyphs, cap: Int) -> [MarkdownRun] {
        var runs: [MarkdownRun] = []
        var used = 0
        for mark in marks {
            guard used + mark.width <= cap else { break }
            runs.append(MarkdownRun(text: mark.text(glyphs), style: mark.style))
            used += mark.width
        }
        return runs
    }

    /// The runs shown: a link's ` <url>` only where links cannot be followed.
    private static func visible(_ runs: [MarkdownRun], _ key: Key) -> [MarkdownRun] {
        key.urlsInText ? runs : runs.filter { !$0.urlOnly }
    }

    // MARK: - Wrapping

    /// Greedy wrapping at spaces; a word wider than the line is broken by
    /// characters; `\n` (a hard break) ends a line.
    static func wrap(_ runs: [MarkdownRun], width: Int) -> [[MarkdownRun]] {
        var lines: [[MarkdownRun]] = []
        var line: [MarkdownRun] = []
        var used = 0
        var word: [MarkdownRun] = []
        var wordWidth = 0
        var space: MarkdownRun?

        func append(_ run: MarkdownRun, to target: inout [MarkdownRun]) {
            if var last = target.last, last.style == run.style, last.link == run.link, last.urlOnly == run.urlOnly {
                last.text += run.text
                target[target.count - 1] = last
            } else {
                target.append(run)
            }
        }
        func newLine() {
            lines.append(line)
            line = []
            used = 0
        }
        func flushWord() {
            guard !word.isEmpty else { return }
            let gap = used > 0 && space != nil ? 1 : 0
            if used + gap + wordWidth > width && used > 0 {
                newLine()
            } else if gap == 1, let space {
                append(MarkdownRun(text: " ", style: space.style, link: space.link, urlOnly: space.urlOnly), to: &line)
                used += 1
            }
            if wordWidth <= width - used {
                for piece in word { append(piece, to: &line) }
                used += wordWidth
            } else {
                // Wider than a line: broken by characters.
                for piece in word {
                    for c in piece.text {
                        let w = DisplayWidth.of(c)
                        if used + w > width && used > 0 { newLine() }
                        append(MarkdownRun(text: String(c), style: piece.style, link: piece.link, urlOnly: piece.urlOnly), to: &line)
                        used += w
                    }
                }
            }
            word.removeAll(keepingCapacity: true)
            wordWidth = 0
            space = nil
        }
        for run in runs {
            var current = ""
            func flushText() {
                guard !current.isEmpty else { return }
                word.append(MarkdownRun(text: current, style: run.style, link: run.link, urlOnly: run.urlOnly))
                wordWidth += DisplayWidth.of(current)
                current = ""
            }
            for c in run.text {
                if c == " " {
                    flushText()
                    flushWord()
                    if space == nil { space = run }
                } else if c == "\n" {
                    flushText()
                    flushWord()
                    newLine()
                    space = nil
                } else {
                    current.append(c)
                }
            }
            flushText()
        }
        flushWord()
        if !line.isEmpty || lines.isEmpty { lines.append(line) }
        return lines
    }

    // MARK: - Tables

    /// Columns as wide as their widest cell (of the first rows measured), made
    /// narrower together when the table is wider than the room; cells cut with `…`.
    private static func table(_ t: MarkdownTable, width: Int, _ key: Key, glyphs: Glyphs) -> [MarkdownLine] {
        let columns = min(MarkdownTable.maxColumns, t.rows.map(\.count).max() ?? 0)
        guard columns > 0 else { return [] }
        var natural = [Int](repeating: 1, count: columns)
        for row in t.rows.prefix(MarkdownTable.measuredRows) {
            for (c, cell) in row.enumerated() where c < columns {
                natural[c] = max(natural[c], visible(cell, key).reduce(0) { $0 + DisplayWidth.of($1.text) })
            }
        }
        let separator = 3
        let room = max(columns, width - separator * (columns - 1))
        var widths = natural
        if natural.reduce(0, +) > room {
            // The widest columns give way first: every column is cut to one cap, the largest that fits.
            var low = 1, high = natural.max() ?? 1
            while low < high {
                let mid = (low + high + 1) / 2
                if natural.reduce(0, { $0 + min($1, mid) }) <= room { low = mid } else { high = mid - 1 }
            }
            widths = natural.map { min($0, max(low, minimumColumn)) }
        }
        // Columns narrower than a few cells say nothing: those that do not fit are left out, and counted.
        var shown = 0, used = 0
        while shown < columns, used + widths[shown] + (shown > 0 ? separator : 0) <= width {
            used += widths[shown] + (shown > 0 ? separator : 0)
            shown += 1
        }
        shown = max(1, shown)
        let hidden = t.hiddenColumns + columns - shown
        widths = Array(widths.prefix(shown))
        let bar = MarkdownRun(text: " " + String(glyphs.vertical) + " ", style: .muted)
        var lines: [MarkdownLine] = []
        lines.reserveCapacity(t.rows.count + 2)
        for (r, row) in t.rows.enumerated() {
            var runs: [MarkdownRun] = []
            for c in 0..<shown {
                if c > 0 { runs.append(bar) }
                let align = t.alignments.indices.contains(c) ? t.alignments[c] : .left
                var cell = c < row.count ? visible(row[c], key) : []
                if r < t.headerRows { cell = cell.map { var x = $0; x.style = MarkdownStyles.heading.union(x.style); return x } }
                runs += fit(cell, width: widths[c], align: align)
            }
            lines.append(MarkdownLine(runs: runs))
            if r + 1 == t.headerRows {
                let cross = glyphs.isASCII ? "-+-" : "─┼─"
                let rule = widths.map { String(repeating: glyphs.horizontal, count: $0) }.joined(separator: cross)
                lines.append(MarkdownLine(runs: [MarkdownRun(text: rule, style: .muted)]))
            }
        }
        if hidden > 0 {
            lines.append(MarkdownLine(runs: [MarkdownRun(text: "… \(hidden) more columns", style: .muted)]))
        }
        return lines
    }

    /// Columns are cut to no fewer cells than this (or their own width).
    private static let minimumColumn = 3

    /// A cell's runs in exactly `width` columns: cut with `…`, padded as aligned.
    private static func fit(_ runs: [MarkdownRun], width: Int, align: TextAlign) -> [MarkdownRun] {
        var out: [MarkdownRun] = []
        var used = 0
        let total = runs.reduce(0) { $0 + DisplayWidth.of($1.text) }
        if total <= width {
            out = runs.map { var r = $0; r.text = r.text.replacingNewlines; return r }
            used = total
        } else {
            outer: for run in runs {
                var text = ""
                for c in run.text.replacingNewlines {
                    let w = DisplayWidth.of(c)
                    if used + w > width - 1 {
                        if !text.isEmpty { out.append(MarkdownRun(text: text, style: run.style, link: run.link)) }
                        out.append(MarkdownRun(text: "…", style: run.style, link: run.link))
                        used += 1
                        break outer
                    }
                    text.append(c)
                    used += w
                }
                out.append(MarkdownRun(text: text, style: run.style, link: run.link))
            }
        }
        let pad = max(0, width - used)
        let left = align == .right ? pad : align == .center ? pad / 2 : 0
        var result: [MarkdownRun] = []
        if left > 0 { result.append(MarkdownRun(text: String(repeating: " ", count: left), style: .plain)) }
        result += out
        if pad - left > 0 { result.append(MarkdownRun(text: String(repeating: " ", count: pad - left), style: .plain)) }
        return result
    }
}

private extension String {
    /// A cell is one row: its hard breaks become spaces.
    var replacingNewlines: String {
        contains("\n") ? String(map { $0 == "\n" ? " " : $0 }) : self
    }
}
