import CWebSockets
import Glibc

/// The one C callback lws calls for every connection of the server (HTTP,
/// WebSocket, and the raw files: pseudo-terminals and the signalfd), passing
/// each event to the `WebServer` the context was made for.
enum ServeCallback {
    /// The WebSocket subprotocol the page asks for.
    static let socketProtocol = "uihost.v1"
    /// The pseudo-terminals and the signalfd, adopted into the loop.
    nonisolated(unsafe) static let rawProtocol: UnsafePointer<CChar> = UnsafePointer(strdup("uihost-raw")!)

    /// lws keeps the pointer for the context's life: made once, never freed.
    nonisolated(unsafe) static let protocols: UnsafePointer<lws_protocols> = {
        let list = UnsafeMutablePointer<lws_protocols>.allocate(capacity: 4)
        list.initialize(repeating: lws_protocols(), count: 4)
        let names = ["http", socketProtocol]
        for (i, name) in names.enumerated() {
            list[i].name = UnsafePointer(strdup(name))
            list[i].callback = serveCallback
        }
        // Messages arrive in pieces of at most this; InputGuard adds them up.
        list[1].rx_buffer_size = 65536
        list[2].name = rawProtocol
        list[2].callback = serveCallback
        return UnsafePointer(list)
    }()


    // MARK: - lws's own log

    /// Where lws's errors go, and the token, which no line may show.
    nonisolated(unsafe) private static var log: (@Sendable (String) -> Void)?
    nonisolated(unsafe) private static var token = ""

    /// lws logs errors only (its warnings repeat what the server logs), through `log`, with the token cut out
    /// of any line that quotes a URL.
    static func install(log: @escaping @Sendable (String) -> Void, token: String) {
        ServeCallback.log = log
        ServeCallback.token = token
        lws_set_log_level(LLL_ERR, serveLogEmit)
    }

    fileprivate static func emit(_ line: UnsafePointer<CChar>?) {
        guard let line, let log = ServeCallback.log else { return }
        var text = String(cString: line)
        while text.hasSuffix("\n") { text.removeLast() }
        if !token.isEmpty { text = text.replacingOccurrences(of: token, with: "…") }
        log("uihost serve: libwebsockets: " + text)
    }
}

/// What lws calls: the server the context was made for handles the event.
private func serveCallback(_ wsi: OpaquePointer?, _ reason: lws_callback_reasons, _ user: UnsafeMutableRawPointer?,
                           _ input: UnsafeMutableRawPointer?, _ length: Int) -> Int32 {
    guard let wsi, let context = lws_get_context(wsi), let user = lws_context_user(context) else { return 0 }
    let server = Unmanaged<WebServer>.fromOpaque(user).takeUnretainedValue()
    return server.handle(wsi, reason, input, length)
}

private func serveLogEmit(_ level: Int32, _ line: UnsafePointer<CChar>?) {
    ServeCallback.emit(line)
}

extension String {
    /// Every occurrence of `target` replaced (without Foundation).
    func replacingOccurrences(of target: String, with replacement: String) -> String {
        guard !target.isEmpty else { return self }
        var out = ""
        var rest = self[...]
        while let range = rest.firstRange(of: target) {
            out += rest[..<range.lowerBound] + replacement
            rest = rest[range.upperBound...]
        }
        return out + rest
    }
}
