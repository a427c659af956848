/// One markdown text, parsed piece by piece as far as it is shown and laid
/// out line by line as far as it is shown: the first frame of a 10 MB
/// document parses its first 64 KiB (`MarkdownChunker`) and wraps a screenful.
/// It is made once per text (`MarkdownCache`), so a key costs no parsing.
final class MarkdownDocument {
    private let source: [UInt8]
    private var parsedTo = 0
    /// The header of a table the last piece ended inside, for the next piece.
    private var continuation: [UInt8]?
    private let sink = MarkdownParser.Sink()
    /// Reference definitions of the whole document, for every piece (only when there are several).
    private lazy var references: [UInt8] = source.withUnsafeBufferPointer { MarkdownChunker.references(in: $0) }

    init(_ bytes: [UInt8]) {
        source = bytes
    }

    var byteCount: Int { source.count }
    /// How much of it was parsed so far.
    var parsedBytes: Int { parsedTo }
    var isParsed: Bool { parsedTo >= source.count }
    var blocks: [MarkdownBlock] { sink.blocks }
    var links: [MarkdownLink] { sink.links }

    /// Parses the next piece; false when there is none.
    @discardableResult
    func parseMore() -> Bool {
        guard !isParsed else { return false }
        source.withUnsafeBufferPointer { text in
            let (end, tableHeader) = MarkdownChunker.piece(of: text, from: parsedTo, carrying: continuation)
            let whole = parsedTo == 0 && end == text.count
            if whole {
                MarkdownParser.parse(text, into: sink)
            } else {
                // A table cut at the hard limit goes on: its header comes first again, marked as not shown.
                sink.continuesTable = continuation != nil
                let piece = references + (continuation ?? []) + Array(text[parsedTo..<end])
                piece.withUnsafeBufferPointer { MarkdownParser.parse($0, into: sink) }
                sink.continuesTable = false
            }
            continuation = tableHeader
            parsedTo = end
        }
        return true
    }

    /// Every heading (the whole document is parsed for it).
    var headings: [MarkdownHeading] {
        while parseMore() {}
        return sink.headings
    }

    // MARK: - Lines

    /// The lines laid out so far, for `layoutKey`.
    private(set) var lines: [MarkdownLine] = []
    /// The first line of each block laid out.
    private var blockLines: [Int] = []
    /// The first line each link shows on, by link index.
    private(set) var linkLines: [Int32: Int] = [:]
    private var layoutKey = MarkdownLayout.Key(width: -1, ascii: false, urlsInText: false)
    /// Layouts at other widths, kept: a stack measures at one width and lays
    /// out at another, and one table may show in several places.
    private var others: [MarkdownLayout.Key: (lines: [MarkdownLine], blockLines: [Int], linkLines: [Int32: Int])] = [:]
    private static let maxLayouts = 4

    /// Whether every block is laid out (so `lines.count` is the document's height).
    var isLaidOut: Bool { isParsed && blockLines.count == sink.blocks.count }

    /// Lays out (parsing as needed) until line `line` exists or the document ends.
    func layOut(through line: Int, _ key: MarkdownLayout.Key, glyphs: Glyphs) {
        if key != layoutKey {
            if layoutKey.width >= 0 {
                if others.count >= MarkdownDocument.maxLayouts { others.removeAll() }
                others[layoutKey] = (lines, blockLines, linkLines)
            }
            layoutKey = key
            (lines, blockLines, linkLines) = others.removeValue(forKey: key) ?? ([], [], [:])
        }
        while lines.count <= line {
            if blockLines.count == sink.blocks.count, !parseMore() { return }
            while blockLines.count < sink.blocks.count, lines.count <= line {
                let block = sink.blocks[blockLines.count]
                blockLines.append(lines.count)
                let start = lines.count
                lines += MarkdownLayout.lines(of: block, key, glyphs: glyphs)
                for i in start..<lines.count {
                    for run in lines[i].runs where run.link >= 0 && linkLines[run.link] == nil { linkLines[run.link] = i }
                }
            }
        }
    }

    /// Lays out until link `index` is placed (or the document ends); its line.
    func line(ofLink index: Int32, _ key: MarkdownLayout.Key, glyphs: Glyphs) -> Int? {
        while linkLines[index] == nil {
            let before = lines.count
            layOut(through: lines.count + 200, key, glyphs: glyphs)
            if lines.count == before && isLaidOut { break }
        }
        return linkLines[index]
    }

    /// Lays out until heading `index` is placed; its first line.
    func line(ofHeading index: Int, _ key: MarkdownLayout.Key, glyphs: Glyphs) -> Int? {
        let all = headings
        guard all.indices.contains(index) else { return nil }
        let block = all[index].block
        while blockLines.count <= block {
            let before = blockLines.count
            layOut(through: lines.count + 200, key, glyphs: glyphs)
            if blockLines.count == before { break }
        }
        guard blockLines.indices.contains(block) else { return nil }
        // The heading's own line, past the empty line before it.
        return min(blockLines[block] + (sink.blocks[block].gapBefore ? 1 : 0), max(0, lines.count - 1))
    }

    /// The links shown in lines `range`, in order.
    func links(in range: Range<Int>) -> [Int32] {
        var seen: [Int32] = []
        for i in range where lines.indices.contains(i) {
            for run in lines[i].runs where run.link >= 0 && !seen.contains(run.link) { seen.append(run.link) }
        }
        return seen
    }
}
