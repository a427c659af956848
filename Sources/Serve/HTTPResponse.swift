import CWebSockets

/// A response whose headers are sent and whose body goes out a piece per
/// writeable callback (lws sends what the socket takes and no more).
struct HTTPResponse {
    var body: [UInt8]
    var sent = 0

    /// A piece is at most this: one loop turn never holds the others long.
    static let piece = 32 * 1024

    /// Headers every response carries: nothing of the page is framed, sniffed,
    /// or sent to a link's site as a Referer.
    static let securityHeaders: [(String, String)] = [
        ("content-security-policy:", "default-src 'self'; img-src 'self' data:; style-src 'self' 'unsafe-inline'; "
            + "connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"),
        ("x-content-type-options:", "nosniff"),
        ("referrer-policy:", "no-referrer"),
    ]

    /// The page (which says whether a session is free) and every answer
    /// other than a file are not kept; the files are the same for the
    /// server's life, and a reload need not fetch 380 KB of xterm.js again.
    /// `private`: a shared cache must not keep what a token's URL gave.
    static func caching(_ kept: Bool) -> String { kept ? "private, max-age=3600" : "no-store" }
}

extension WebServer {
    /// An HTTP request (not a WebSocket upgrade): the page, a file, or a refusal.
    func http(_ wsi: OpaquePointer, uri: String) -> Int32 {
        guard lws_hdr_total_length(wsi, WSI_TOKEN_GET_URI) > 0 else {
            return status(wsi, 405, "only GET")
        }
        switch Route(path: uri, token: options.token) {
        case .forbidden:
            options.log("uihost serve: refused a request without the token from \(peer(wsi))")
            return status(wsi, 403, "Forbidden: this address needs the URL uihost serve printed, with its token.")
        case .notFound:
            return status(wsi, 404, "Not found")
        case .addSlash:
            // Relative, so that it holds behind a proxy that adds a path prefix.
            let last = String(uri.split(separator: "/").last ?? "")
            return redirect(wsi, to: last + "/")
        case .socket:
            return status(wsi, 400, "This is the WebSocket of a session: open the page instead.")
        case .page:
            if byChild.count >= options.maxSessions {
                options.log("uihost serve: the page was asked for with all \(options.maxSessions) sessions in use")
                return respond(wsi, code: 503, type: "text/html; charset=utf-8", body: files.full)
            }
            return respond(wsi, code: 200, type: "text/html; charset=utf-8", body: files.page)
        case .asset(let asset):
            return respond(wsi, code: 200, type: asset.contentType, body: files[asset], kept: true)
        }
    }

    /// Sends the headers now and the body on the writeable callbacks.
    func respond(_ wsi: OpaquePointer, code: UInt32, type: String, body: [UInt8], kept: Bool = false) -> Int32 {
        let pre = uis_lws_pre()
        var buffer = [UInt8](repeating: 0, count: pre + 2048)
        return buffer.withUnsafeMutableBufferPointer { buf -> Int32 in
            let start = buf.baseAddress! + pre
            let end = buf.baseAddress! + buf.count
            var p: UnsafeMutablePointer<UInt8>? = start
            if lws_add_http_common_headers(wsi, code, type, lws_filepos_t(body.count), &p, end) != 0 { return 1 }
            for (name, value) in HTTPResponse.securityHeaders + [("cache-control:", HTTPResponse.caching(kept))] {
                let ok = name.withCString { n in
                    value.withCString { v in
                        lws_add_http_header_by_name(wsi, UnsafeRawPointer(n).assumingMemoryBound(to: UInt8.self),
                                                    UnsafeRawPointer(v).assumingMemoryBound(to: UInt8.self), Int32(value.utf8.count), &p, end)
                    }
                }
                if ok != 0 { return 1 }
            }
            if lws_finalize_write_http_header(wsi, start, &p, end) != 0 { return 1 }
            responses[wsi] = HTTPResponse(body: body)
            lws_callback_on_writable(wsi)
            return 0
        }
    }

    /// The next piece of a response's body; the connection stays open for the next request.
    func writeBody(_ wsi: OpaquePointer) -> Int32 {
        guard var response = responses[wsi] else { return 0 }
        let n = min(HTTPResponse.piece, response.body.count - response.sent)
        let last = response.sent + n == response.body.count
        let pre = uis_lws_pre()
        var buffer = [UInt8](repeating: 0, count: pre + n)
        buffer.replaceSubrange(pre..<(pre + n), with: response.body[response.sent..<(response.sent + n)])
        let written = buffer.withUnsafeMutableBufferPointer {
            lws_write(wsi, $0.baseAddress! + pre, n, last ? LWS_WRITE_HTTP_FINAL : LWS_WRITE_HTTP)
        }
        if written < 0 { return -1 }
        response.sent += n
        if last {
            responses[wsi] = nil
            return lws_http_transaction_completed(wsi) != 0 ? -1 : 0
        }
        responses[wsi] = response
        lws_callback_on_writable(wsi)
        return 0
    }

    /// A short plain-text answer; the connection closes after it.
    func status(_ wsi: OpaquePointer, _ code: UInt32, _ text: String) -> Int32 {
        if respond(wsi, code: code, type: "text/plain; charset=utf-8", body: Array((text + "\n").utf8)) != 0 { return -1 }
        return 0
    }

    func redirect(_ wsi: OpaquePointer, to location: String) -> Int32 {
        var buffer = [UInt8](repeating: 0, count: uis_lws_pre() + 512)
        return buffer.withUnsafeMutableBufferPointer { buf -> Int32 in
            let start = buf.baseAddress! + uis_lws_pre()
            var p: UnsafeMutablePointer<UInt8>? = start
            let n = location.withCString { l in
                lws_http_redirect(wsi, 302, UnsafeRawPointer(l).assumingMemoryBound(to: UInt8.self), Int32(location.utf8.count),
                                  &p, buf.baseAddress! + buf.count)
            }
            return n < 0 ? -1 : (lws_http_transaction_completed(wsi) != 0 ? -1 : 0)
        }
    }

    /// The address of the other end, as lws sees it (behind a proxy: the proxy's).
    func peer(_ wsi: OpaquePointer) -> String {
        var name = [CChar](repeating: 0, count: 64)
        guard lws_get_peer_simple(wsi, &name, name.count) != nil else { return "an unknown address" }
        return name.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }

    /// A header's value, or nil when absent.
    func header(_ wsi: OpaquePointer, _ token: lws_token_indexes) -> String? {
        let length = Int(lws_hdr_total_length(wsi, token))
        guard length > 0, length < 8192 else { return nil }
        var value = [CChar](repeating: 0, count: length + 1)
        guard lws_hdr_copy(wsi, &value, Int32(value.count), token) >= 0 else { return nil }
        return value.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }
}
