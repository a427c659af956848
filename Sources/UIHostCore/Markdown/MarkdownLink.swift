/// A link of a document: where it points, and whether a terminal may be
/// handed it as a hyperlink (an absolute http, https, mailto or ftp URL).
struct MarkdownLink {
    let url: String

    var isHyperlink: Bool {
        let lower = url.prefix(8).lowercased()
        return lower.hasPrefix("http://") || lower.hasPrefix("https://") || lower.hasPrefix("mailto:") || lower.hasPrefix("ftp://")
    }

    /// Control characters out (they could end an OSC 8 sequence), at most 2,000 bytes.
    static func clean(_ url: String) -> String { LinkNode.clean(url) }

    /// A link with a scheme that runs or embeds something is no link: its text shows, plain.
    static func isSafe(_ url: String) -> Bool {
        guard let colon = url.firstIndex(of: ":") else { return true }
        let scheme = url[..<colon]
        // "notes/a:b.md" has no scheme: a scheme is letters, digits, + - . before any / ? #.
        guard scheme.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }) else { return true }
        let name = scheme.lowercased().filter { !$0.isWhitespace }
        return !["javascript", "vbscript", "data", "file"].contains(name)
    }
}
