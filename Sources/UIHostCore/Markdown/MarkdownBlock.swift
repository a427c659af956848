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
