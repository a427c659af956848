/// What a `ui.markdown` keeps between frames that its table does not hold:
/// the first line shown, the link under the cursor, a heading to jump to.
struct MarkdownViewState {
    /// The document the rest is about: a new text starts at its top, with no link.
    var document: ObjectIdentifier?
    var top = 0
    var link: Int32?
    /// `md:scrollTo(heading)` asked for it; the next layout shows it first.
    var pendingHeading: Int?
    /// Carried over a reload: the next layout adopts the reparsed document.
    var reloaded = false
}
