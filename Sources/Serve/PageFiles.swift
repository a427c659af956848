/// The bytes of every file the server sends, made once at start: the page
/// (with the app's title), the page for a full server, our script and style,
/// and xterm.js from Debian's files.
struct PageFiles {
    let page: [UInt8]
    let full: [UInt8]
    private let assets: [PageAsset: [UInt8]]

    init(title: String, maxSessions: Int, xterm: XtermFiles) throws(ServeError) {
        let title = PageFiles.escapeHTML(title)
        let xtermStyle = try xterm.file(xterm.style)
        page = Array(PageFiles.text(PackageResources.index_html).replacingOccurrences(of: "{{title}}", with: title)
            .replacingOccurrences(of: "{{style}}", with: PageFiles.style(xtermStyle, PageFiles.text(PackageResources.terminal_css))).utf8)
        full = Array(PageFiles.text(PackageResources.full_html).replacingOccurrences(of: "{{title}}", with: title)
            .replacingOccurrences(of: "{{max}}", with: String(maxSessions)).utf8)
        var assets: [PageAsset: [UInt8]] = [:]
        assets[.terminalScript] = PackageResources.terminal_js
        assets[.terminalStyle] = PackageResources.terminal_css
        assets[.xtermScript] = Array(try xterm.script(loader: PageFiles.text(PackageResources.modules_js)).utf8)
        assets[.xtermStyle] = Array(xtermStyle.utf8)
        assets[.xtermLicence] = Array(try xterm.file(xterm.licence).utf8)
        self.assets = assets
    }

    subscript(asset: PageAsset) -> [UInt8] { assets[asset] ?? [] }

    /// The page's style sheets, in the page: a stylesheet holds up the
    /// page's script until it is loaded, even from the cache. One that could
    /// end the `<style>` element early stays a link.
    static func style(_ xterm: String, _ terminal: String) -> String {
        let sheets = [(xterm, "xterm/xterm.css"), (terminal, "terminal.css")]
        return sheets.map { text, path in
            text.lowercased().contains("</style") ? "<link rel=\"stylesheet\" href=\"\(path)\">" : "<style>\n\(text)</style>"
        }.joined(separator: "\n")
    }

    private static func text(_ bytes: [UInt8]) -> String { String(decoding: bytes, as: UTF8.self) }

    /// The title is the screen's file name, which anyone may have chosen: text, never markup.
    static func escapeHTML(_ text: String) -> String {
        var out = ""
        for c in text.unicodeScalars {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&#39;"
            case _ where c.value < 0x20 || c.value == 0x7F: out += "\u{FFFD}"
            default: out.unicodeScalars.append(c)
            }
        }
        return out
    }
}
