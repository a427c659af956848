import CMarkLoader

/// Parses one piece of a document with Debian's cmark-gfm (CommonMark, and
/// GitHub's tables, task lists, strikethrough and autolinks) into blocks.
///
/// The tree is walked with cmark's iterator, which keeps its own stack: a
/// document of 10^5 nested quotes costs no Swift frames. Raw HTML is dropped
/// (it is data, never markup), link URLs are cleaned of control characters,
/// and links whose scheme could run something (`javascript:`, `data:`, …)
/// are plain text.
struct MarkdownParser {
    /// Quote and list marks shown before a block: deeper nesting is drawn at this depth.
    static let maxMarks = 12

    /// What the parsed blocks go into (the document), kept across pieces.
    final class Sink {
        /// The piece begins with the header of a table the piece before ended
        /// inside: its first table goes on from that one (no header, no gap).
        var continuesTable = false
        var blocks: [MarkdownBlock] = []
        var links: [MarkdownLink] = []
        var headings: [MarkdownHeading] = []
    }

    /// A list or quote around the block being read.
    private enum Container {
        case quote
        case list(tight: Bool, ordered: Bool, next: Int)
        case item(first: MarkdownMark, firstPending: Bool)
    }

    nonisolated(unsafe) private static let extensions: [OpaquePointer] = {
        guard let cmark = uih_cmark()?.pointee else { return [] }
        cmark.core_extensions_ensure_registered()
        return ["table", "strikethrough", "autolink", "tasklist"].compactMap { name in
            name.withCString { cmark.find_syntax_extension($0) }
        }
    }()

    /// Parses `bytes` and appends what they hold to `sink`.
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>, into sink: Sink) {
        // libcmark-gfm is loaded here, the first time (CMarkLoader): a
        // system without it shows why in place of the document.
        guard let cmark = uih_cmark()?.pointee else {
            var walker = MarkdownParser(sink: sink, cmark: nil)
            walker.begin(.paragraph)
            walker.text("ui.markdown cannot parse: " + String(cString: uih_cmark_error()), .plain)
            walker.end()
            return
        }
        guard let parser = cmark.parser_new(CMARK_OPT_VALIDATE_UTF8) else { return }
        defer { cmark.parser_free(parser) }
        for e in extensions { _ = cmark.parser_attach_syntax_extension(parser, e) }
        if let base = bytes.baseAddress, bytes.count > 0 {
            UnsafeRawPointer(base).withMemoryRebound(to: CChar.self, capacity: bytes.count) {
                cmark.parser_feed(parser, $0, bytes.count)
            }
        }
        guard let document = cmark.parser_finish(parser) else { return }
        defer { cmark.node_free(document) }
        var walker = MarkdownParser(sink: sink, cmark: cmark)
        walker.walk(document)
    }

    private let sink: Sink
    /// cmark's functions (nil only where it could not be loaded, and nothing is walked).
    private let cmark: uih_CMark!
    private var containers: [Container] = []
    /// The block being read (paragraph, heading), or nil.
    private var block: MarkdownBlock?
    private var table: MarkdownTable?
    private var row: [[MarkdownRun]] = []
    private var cell: [MarkdownRun]?
    private var styles: [Style] = []
    /// Open links: their index (or -1 for a link shown as text) and the text so far.
    private var openLinks: [(index: Int32, text: String)] = []
    /// Kinds of extension nodes, by their type value (looked up by name once).
    private var extensionKinds: [UInt32: String] = [:]
    /// A list was entered and its first block is not read yet: it is apart from what came before.
    private var listStarts = false
    /// A table was read in this piece already.
    private var sawTable = false
    /// Quotes around the last block, for the bars of the empty line after it.
    private var lastQuotes = 0

    private init(sink: Sink, cmark: uih_CMark?) {
        self.sink = sink
        self.cmark = cmark
    }

    private var style: Style { styles.last ?? .plain }

    // MARK: - The walk

    private mutating func walk(_ document: OpaquePointer) {
        guard let iterator = cmark.iter_new(document) else { return }
        defer { cmark.iter_free(iterator) }
        while true {
            let event = cmark.iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            guard let node = cmark.iter_get_node(iterator) else { continue }
            let entering = event == CMARK_EVENT_ENTER
            let type = cmark.node_get_type(node)
            switch type {
            case CMARK_NODE_DOCUMENT: break
            case CMARK_NODE_BLOCK_QUOTE:
                if entering { containers.append(.quote) } else { containers.removeLast() }
            case CMARK_NODE_LIST:
                if entering {
                    let ordered = cmark.node_get_list_type(node) == CMARK_ORDERED_LIST
                    containers.append(.list(tight: cmark.node_get_list_tight(node) != 0, ordered: ordered,
                                            next: Int(cmark.node_get_list_start(node))))
                    listStarts = true
                } else {
                    containers.removeLast()
                }
            case CMARK_NODE_ITEM:
                // A task item is an item the tasklist extension claimed.
                let task = cmark.node_get_syntax_extension(node) != nil ? cmark.tasklist_item_checked(node) : nil
                if entering { enterItem(node, task: task) } else { containers.removeLast() }
            case CMARK_NODE_PARAGRAPH:
                if entering { begin(.paragraph) } else { end() }
            case CMARK_NODE_HEADING:
                if entering { begin(.heading(level: Int(cmark.node_get_heading_level(node)))) } else { end() }
            case CMARK_NODE_CODE_BLOCK:
                code(node)
            case CMARK_NODE_THEMATIC_BREAK:
                begin(.rule)
                end()
            case CMARK_NODE_HTML_BLOCK, CMARK_NODE_HTML_INLINE:
                // Raw HTML is never markup here: dropped, as GitHub drops tags it does not allow.
                break
            case CMARK_NODE_TEXT:
                text(literal(node), style)
            case CMARK_NODE_SOFTBREAK:
                text(" ", style)
            case CMARK_NODE_LINEBREAK:
                text("\n", style)
            case CMARK_NODE_CODE:
                text(literal(node), style.union(MarkdownStyles.code))
            case CMARK_NODE_EMPH:
                if entering { styles.append(style.union(.italic)) } else { styles.removeLast() }
            case CMARK_NODE_STRONG:
                if entering { styles.append(style.union(.bold)) } else { styles.removeLast() }
            case CMARK_NODE_LINK:
                if entering { enterLink(node) } else { exitLink() }
            case CMARK_NODE_IMAGE:
                // An image shows as its description in brackets: the host draws no pictures from URLs.
                if entering {
                    styles.append(style.union(.muted))
                    text("[", style)
                } else {
                    text("]", style)
                    styles.removeLast()
                }
            case CMARK_NODE_FOOTNOTE_REFERENCE:
                text("[^" + literal(node) + "]", style.union(.muted))
            default:
                extensionNode(node, type: type, entering: entering)
            }
        }
    }

    private mutating func extensionNode(_ node: OpaquePointer, type: cmark_node_type, entering: Bool) {
        let kind: String
        if let known = extensionKinds[type.rawValue] {
            kind = known
        } else {
            kind = cmark.node_get_type_string(node).map { String(cString: $0) } ?? ""
            // A header row and a row share a type; which it is, is asked of the row.
            extensionKinds[type.rawValue] = kind == "table_header" ? "table_row" : kind
        }
        switch kind {
        case "strikethrough":
            if entering { styles.append(style.union(.strike)) } else { styles.removeLast() }
        case "table":
            if entering { enterTable(node) } else { exitTable() }
        case "table_header", "table_row":
            if entering {
                row = []
            } else if table != nil {
                table!.rows.append(row)
                if cmark.table_row_is_header(node) != 0 { table!.headerRows += 1 }
            }
        case "table_cell":
            if entering {
                cell = []
            } else if let done = cell {
                if row.count < MarkdownTable.maxColumns { row.append(done) }
                cell = nil
            }
        default: break
        }
    }

    // MARK: - Blocks

    private mutating func enterItem(_ node: OpaquePointer, task: Bool? = nil) {
        var mark = MarkdownMark.bullet
        if case .list(let tight, let ordered, let next)? = containers.last {
            if ordered { mark = .number(next) }
            containers[containers.count - 1] = .list(tight: tight, ordered: ordered, next: next &+ 1)
        }
        if let task { mark = .task(task) }
        containers.append(.item(first: mark, firstPending: true))
    }

    /// Starts a block: its marks come from the containers around it (the
    /// first block of an item carries the item's marker).
    private mutating func begin(_ kind: MarkdownBlock.Kind) {
        var first: [MarkdownMark] = []
        var rest: [MarkdownMark] = []
        var tight = false
        var quotes = 0
        // Whether the innermost list started in a tight item of an outer list.
        var outerTight = false
        for i in containers.indices {
            switch containers[i] {
            case .quote:
                quotes += 1
                if first.count < MarkdownParser.maxMarks {
                    first.append(.quote)
                    rest.append(.quote)
                }
            case .list(let isTight, _, _):
                outerTight = tight
                tight = isTight
            case .item(let mark, let pending):
                if first.count < MarkdownParser.maxMarks {
                    first.append(pending ? mark : .space(mark.width))
                    rest.append(.space(mark.width))
                }
                if pending { containers[i] = .item(first: mark, firstPending: false) }
            }
        }
        var b = MarkdownBlock(kind: kind)
        b.firstPrefix = first
        b.prefix = rest
        // Blocks are apart by an empty line, but inside a tight list; a list
        // is apart from what came before, unless it is nested in a tight one.
        let inItem = containers.contains { if case .item = $0 { true } else { false } }
        if listStarts {
            b.gapBefore = !sink.blocks.isEmpty && !outerTight
            listStarts = false
        } else {
            b.gapBefore = !sink.blocks.isEmpty && !(tight && inItem)
        }
        b.gapQuotes = min(quotes, lastQuotes)
        lastQuotes = quotes
        block = b
    }

    private mutating func end() {
        guard var b = block else { return }
        block = nil
        if case .heading(let level) = b.kind {
            b.heading = sink.headings.count
            let text = b.runs.filter { !$0.urlOnly }.map(\.text).joined()
            sink.headings.append(MarkdownHeading(level: level, text: String(text.prefix(200)), block: sink.blocks.count))
        }
        sink.blocks.append(b)
    }

    private mutating func code(_ node: OpaquePointer) {
        begin(.code)
        var lines = literal(node).split(separator: "\n", omittingEmptySubsequences: false)
        if lines.last == "" { lines.removeLast() }
        block?.runs = lines.map { MarkdownRun(text: TextLayout.expandTabs($0), style: MarkdownStyles.code) }
        end()
    }

    private mutating func enterTable(_ node: OpaquePointer) {
        let columns = Int(cmark.table_columns(node))
        var alignments: [TextAlign] = []
        if let raw = cmark.table_alignments(node) {
            for i in 0..<min(columns, MarkdownTable.maxColumns) {
                switch raw[i] {
                case UInt8(ascii: "c"): alignments.append(.center)
                case UInt8(ascii: "r"): alignments.append(.right)
                default: alignments.append(.left)
                }
            }
        }
        table = MarkdownTable(alignments: alignments, rows: [], headerRows: 0, hiddenColumns: max(0, columns - MarkdownTable.maxColumns))
    }

    private mutating func exitTable() {
        guard var t = table else { return }
        table = nil
        let continued = sink.continuesTable && !sawTable
        sawTable = true
        if continued {
            // The header was given again only to parse the rows as the table's: it shows once, above.
            t.rows.removeFirst(min(t.headerRows, t.rows.count))
            t.headerRows = 0
        }
        begin(.table(t))
        if continued { block?.gapBefore = false }
        end()
    }

    // MARK: - Inlines

    private mutating func text(_ text: String, _ style: Style) {
        guard !text.isEmpty else { return }
        let link = openLinks.last?.index ?? -1
        let run = MarkdownRun(text: MarkdownParser.printable(text), style: style, link: link)
        if !openLinks.isEmpty { openLinks[openLinks.count - 1].text += text }
        if cell != nil {
            cell!.append(run)
        } else if block != nil {
            block!.runs.append(run)
        }
    }

    private mutating func enterLink(_ node: OpaquePointer) {
        let url = MarkdownLink.clean(cmark.node_get_url(node).map { String(cString: $0) } ?? "")
        if MarkdownLink.isSafe(url) {
            openLinks.append((Int32(sink.links.count), ""))
            sink.links.append(MarkdownLink(url: url))
            styles.append(style.union(MarkdownStyles.link))
        } else {
            openLinks.append((-1, ""))
            styles.append(style)
        }
    }

    private mutating func exitLink() {
        guard let link = openLinks.popLast() else { return }
        styles.removeLast()
        // Where links cannot be followed (plain text), the URL follows the text, unless it is the text.
        guard link.index >= 0 else { return }
        let url = sink.links[Int(link.index)].url
        if link.text != url && "mailto:" + link.text != url && "http://" + link.text != url {
            let run = MarkdownRun(text: " <" + url + ">", style: style.union(.muted), urlOnly: true)
            if cell != nil { cell!.append(run) } else { block?.runs.append(run) }
        }
    }

    private func literal(_ node: OpaquePointer) -> String {
        cmark.node_get_literal(node).map { String(cString: $0) } ?? ""
    }

    /// Text without control characters but line breaks (which wrapping
    /// handles): a document cannot write to the terminal through a cell.
    static func printable(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) }) else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if scalar == "\t" { out.append(" ") } else if (scalar.value < 0x20 && scalar != "\n") || (0x7F...0x9F).contains(scalar.value) {
                out.append("\u{FFFD}")
            } else {
                out.append(scalar)
            }
        }
        return String(out)
    }
}
