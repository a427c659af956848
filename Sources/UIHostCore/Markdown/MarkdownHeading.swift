/// A heading of the document, for `md:toc()` and `md:scrollTo`.
struct MarkdownHeading {
    let level: Int
    let text: String
    /// Its block in the document's `blocks`.
    let block: Int
}
