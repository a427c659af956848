/// The looks of markdown text, from theme tokens.
enum MarkdownStyles {
    static let code = Style(bg: .token(.surface))
    static let link = Style(fg: .token(.accent), attributes: .underline)
    static let heading = Style(attributes: .bold)
}
