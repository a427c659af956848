/// What a request's path asks for. Every path starts with the token
/// (`/TOKEN/…`): the page's own URLs are relative, so they carry it without
/// the page knowing it, and so does a path prefix a reverse proxy adds.
public enum Route: Equatable, Sendable {
    /// The page: xterm.js, our script, the app's title.
    case page
    /// The WebSocket of a session.
    case socket
    case asset(PageAsset)
    /// `/TOKEN` without its slash: the page's relative URLs need it.
    case addSlash
    /// No token, or the wrong one: HTTP 403, whatever the rest of the path.
    case forbidden
    /// The right token, an unknown path.
    case notFound

    public init(path: String, token: AccessToken) {
        var path = Substring(path)
        if let query = path.firstIndex(of: "?") { path = path[..<query] }
        guard path.first == "/" else { self = .forbidden; return }
        path = path.dropFirst()
        let slash = path.firstIndex(of: "/")
        let given = slash.map { path[..<$0] } ?? path
        guard token.matches(given.utf8) else { self = .forbidden; return }
        guard let slash else { self = .addSlash; return }
        switch path[path.index(after: slash)...] {
        case "": self = .page
        case "ws": self = .socket
        case let rest: self = PageAsset(rawValue: String(rest)).map(Route.asset) ?? .notFound
        }
    }
}

/// The files of the page, by the path they are served at (after the token).
public enum PageAsset: String, CaseIterable, Sendable {
    case terminalScript = "terminal.js"
    case terminalStyle = "terminal.css"
    /// xterm.js and its fit and web-links add-ons, from Debian's node-xterm.
    case xtermScript = "xterm/xterm.js"
    case xtermStyle = "xterm/xterm.css"
    /// xterm.js's licence (MIT), as Debian installs it.
    case xtermLicence = "xterm/copyright"

    var contentType: String {
        switch self {
        case .terminalScript, .xtermScript: "text/javascript; charset=utf-8"
        case .terminalStyle, .xtermStyle: "text/css; charset=utf-8"
        case .xtermLicence: "text/plain; charset=utf-8"
        }
    }
}
