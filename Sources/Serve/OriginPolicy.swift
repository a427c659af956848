/// Which pages may open a session's WebSocket: only the server's own.
/// Browsers let any site open a WebSocket to any address, cookies or not, and
/// send the site's Origin with it; a session is a running program, so one
/// from another Origin is refused even with the token (cross-site WebSocket
/// hijacking). The page's origin is the Host the browser asked for: behind a
/// reverse proxy that passes `Host` on (docs/SERVING.md), the public one.
public enum OriginPolicy {
    /// Whether a WebSocket upgrade with `origin` may open a session on a
    /// server reached as `host` (the Host header). Scheme and default ports are
    /// not compared: behind a TLS proxy the page is https and the server is not.
    public static func allows(origin: String?, host: String?) -> Bool {
        guard let origin, let host, !host.isEmpty else { return false }
        guard let authority = authority(ofOrigin: origin) else { return false }
        return normalized(authority) == normalized(host)
    }

    /// `http://example.org:8080` → `example.org:8080`; nil for `null` and other non-URLs.
    static func authority(ofOrigin origin: String) -> String? {
        guard let scheme = origin.firstRange(of: "://") else { return nil }
        let name = origin[..<scheme.lowerBound].lowercased()
        guard ["http", "https"].contains(name) else { return nil }
        let rest = origin[scheme.upperBound...]
        guard !rest.isEmpty, !rest.contains("/"), !rest.contains("@") else { return nil }
        return String(rest)
    }

    /// Lower case, without the port a browser leaves out (80 for http, 443 for https).
    private static func normalized(_ authority: String) -> String {
        var a = authority.lowercased()
        for port in [":80", ":443"] where a.hasSuffix(port) { a.removeLast(port.count) }
        return a
    }
}
