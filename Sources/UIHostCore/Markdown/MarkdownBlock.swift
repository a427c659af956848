/// A run of inline text with one style: what a paragraph, a heading or a
/// table cell is made of once parsed. `link` is the index of its URL in the
/// document's `links` (-1 for none); `urlOnly` marks the ` <url>` written
/// after a link's text, shown only where links cannot be (plain text).
struct MarkdownRun {
    var text: String
    var style: Style
    var link: Int32 = -1
    var urlOnly = false
}

/// A block ready for layout: a paragraph, heading, code block, rule or table,
/// with the marks of the quotes and lists around it as a prefix (its first
/// line's, with the list marker, and the next lines'). Quotes and lists are
/// not blocks of their own: their marks are all that shows of them.
struct MarkdownBlock {
    enum Kind {
        case paragraph
        case heading(level: Int)
        /// Preformatted: `runs` holds one run per line, never wrapped.
        case code
        case rule
        case table(MarkdownTable)
    }

    var kind: Kind
    var runs: [MarkdownRun] = []
    var firstPrefix: [MarkdownMark] = []
    var prefix: [MarkdownMark] = []
    /// An empty line before it (not in tight lists, not at the top).
    var gapBefore = false
    /// The quotes around both it and the block before: their bars go on through the empty line.
    var gapQuotes = 0
    /// Its index in the document's headings, for a heading.
    var heading: Int?
}

/// A table: its cells as runs, each column's alignment, and how many of the
/// rows are the header. Bounded when parsed: at most `maxColumns` columns.
struct MarkdownTable {
    var alignments: [TextAlign]
    var rows: [[[MarkdownRun]]]
    var headerRows: Int
    /// Columns past `maxColumns` that are not shown.
    var hiddenColumns = 0

    static let maxColumns = 64
    /// Rows measured for the columns' widths: the rest are cut to them.
    static let measuredRows = 1000
}

/// A heading of the document, for `md:toc()` and `md:scrollTo`.
struct MarkdownHeading {
    let level: Int
    let text: String
    /// Its block in the document's `blocks`.
    let block: Int
}
