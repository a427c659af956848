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
