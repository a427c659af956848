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
