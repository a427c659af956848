import CWebSockets
import Glibc

extension WebServer {
    /// Every lws event of the server, by reason.
    func handle(_ wsi: OpaquePointer, _ reason: lws_callback_reasons, _ input: UnsafeMutableRawPointer?, _ length: Int) -> Int32 {
        if destroying { return 0 }
        switch reason {
        case LWS_CALLBACK_HTTP:
            let uri = input.map { String(cString: $0.assumingMemoryBound(to: CChar.self)) } ?? ""
            return http(wsi, uri: uri)
        case LWS_CALLBACK_HTTP_WRITEABLE:
            return writeBody(wsi)
        case LWS_CALLBACK_CLOSED_HTTP:
            responses[wsi] = nil
            return 0
        case LWS_CALLBACK_FILTER_PROTOCOL_CONNECTION:
            return admits(wsi) ? 0 : -1
        case LWS_CALLBACK_ESTABLISHED:
            open(wsi)
            return 0
        case LWS_CALLBACK_RECEIVE:
            receive(wsi, input, length)
            return 0
        case LWS_CALLBACK_SERVER_WRITEABLE:
            return flush(wsi)
        case LWS_CALLBACK_CLOSED:
            socketClosed(wsi)
            return 0
        case LWS_CALLBACK_TIMER:
            if wsi == signals { sweep() } else { idleCheck(wsi) }
            return 0
        case LWS_CALLBACK_RAW_RX_FILE:
            if wsi == signals {
                readSignals()
                return 0
            }
            return readTerminal(wsi)
        case LWS_CALLBACK_RAW_WRITEABLE_FILE:
            return writeTerminal(wsi)
        case LWS_CALLBACK_RAW_CLOSE_FILE:
            terminalClosed(wsi)
            return 0
        default:
            return lws_callback_http_dummy(wsi, reason, nil, input, length)
        }
    }

    // MARK: - WebSocket sessions

    /// The upgrade's checks, before any answer: the token and the path, then
    /// the page's own Origin. A refused upgrade gets HTTP 403 and no session.
    func admits(_ wsi: OpaquePointer) -> Bool {
        let uri = header(wsi, WSI_TOKEN_GET_URI) ?? ""
        let route = Route(path: uri, token: options.token)
        let refusal: String?
        if route == .forbidden {
            refusal = "refused a WebSocket without the token from \(peer(wsi))"
        } else if route != .socket {
            refusal = "refused a WebSocket to another path from \(peer(wsi))"
        } else if !OriginPolicy.allows(origin: header(wsi, WSI_TOKEN_ORIGIN), host: header(wsi, WSI_TOKEN_HOST)) {
            // The Origin is the other site's name, quoted so that it cannot forge a log line.
            let origin = header(wsi, WSI_TOKEN_ORIGIN).map { "\"" + String($0.unicodeScalars.prefix(100).filter { $0.value >= 0x20 && $0.value < 0x7F }) + "\"" } ?? "none"
            refusal = "refused a WebSocket from another origin (\(origin)) from \(peer(wsi))"
        } else if stopping {
            refusal = "refused a WebSocket while stopping"
        } else {
            refusal = nil
        }
        guard let refusal else {
            // The URL's arguments are gone once the socket is open: the size is kept now.
            requestedSizes[wsi] = (sizeArgument(wsi, "cols=") ?? 80, sizeArgument(wsi, "rows=") ?? 24)
            return true
        }
        options.log("uihost serve: " + refusal)
        lws_return_http_status(wsi, 403, nil)
        return false
    }

    /// A new tab: its own child on its own pseudo-terminal, at the page's size.
    func open(_ wsi: OpaquePointer) {
        let (cols, rows) = requestedSizes.removeValue(forKey: wsi) ?? (80, 24)
        guard byChild.count < options.maxSessions else {
            options.log("uihost serve: refused a session: all \(options.maxSessions) in use")
            refuse(wsi, code: 1013, reason: "No free session: this server runs at most \(options.maxSessions) at once. "
                   + "Close a tab of it, or try again later.")
            return
        }
        let child: PseudoTerminal
        if let spare = takeSpare(cols: cols, rows: rows) {
            child = spare
        } else {
            do {
                child = try PseudoTerminal.spawn(options.executable, arguments: options.arguments, environment: options.environment,
                                                 cols: cols, rows: rows)
            } catch {
                options.log("uihost serve: a session could not start: " + error.message)
                refuse(wsi, code: 1011, reason: "The app could not start.")
                return
            }
        }
        sessionsStarted += 1
        let session = Session(number: sessionsStarted, child: child, socket: wsi, now: monotonicMilliseconds())
        bySocket[wsi] = session
        byChild[child.pid] = session
        var fd = lws_sock_file_fd_type()
        fd.filefd = child.master
        // The socket is the terminal's parent: lws closes the terminal with it.
        if let terminal = lws_adopt_descriptor_vhost(lws_get_vhost(wsi), LWS_ADOPT_RAW_FILE_DESC, fd, ServeCallback.rawProtocol, wsi) {
            session.terminal = terminal
            byTerminal[terminal] = session
        } else {
            close(child.master)
            end(session, code: 1011, reason: "The app could not start.", log: "its terminal could not be watched")
        }
        options.log("uihost serve: \(session.name) started for \(peer(wsi)) (pid \(child.pid), \(cols)x\(rows), "
                    + "\(byChild.count) of \(options.maxSessions))")
        armIdleTimer(session)
        startSpare()
    }

    /// `cols=` or `rows=` of the upgrade's URL, when it is a terminal's size.
    private func sizeArgument(_ wsi: OpaquePointer, _ name: String) -> Int? {
        var buffer = [CChar](repeating: 0, count: 24)
        // lws copies `name=value` and points after the `=`.
        let text = buffer.withUnsafeMutableBufferPointer { buf -> String? in
            lws_get_urlarg_by_name(wsi, name, buf.baseAddress, Int32(buf.count)).map { String(cString: $0) }
        }
        guard let text, let n = Int(text), ClientMessage.sizes.contains(n) else { return nil }
        return n
    }

    /// Closes a socket that has no session, telling the page why.
    private func refuse(_ wsi: OpaquePointer, code: UInt16, reason: String) {
        refused[wsi] = (code, reason)
        lws_callback_on_writable(wsi)
    }

    /// A piece of a message from the page.
    func receive(_ wsi: OpaquePointer, _ input: UnsafeMutableRawPointer?, _ length: Int) {
        guard let session = bySocket[wsi], session.closing == nil else { return }
        if let violation = session.limits.received(length, remaining: Int(lws_remaining_packet_payload(wsi))) {
            return end(session, code: violation.closeCode, reason: "Session closed: \(violation.reason).", log: violation.reason)
        }
        if let input, length > 0 {
            session.message.append(contentsOf: UnsafeRawBufferPointer(start: input, count: length))
        }
        guard lws_is_final_fragment(wsi) != 0, lws_remaining_packet_payload(wsi) == 0 else { return }
        let message = ClientMessage(session.message)
        session.message = []
        let now = monotonicMilliseconds()
        if let violation = session.limits.completed(nowMilliseconds: now, pending: session.input.count) {
            return end(session, code: violation.closeCode, reason: "Session closed: \(violation.reason).", log: violation.reason)
        }
        switch message {
        case .input(let bytes):
            session.lastInput = now
            session.input.append(bytes)
            _ = writeTerminal(session)
        case .resize(let cols, let rows):
            session.lastInput = now
            PseudoTerminal.resize(session.child.master, cols: cols, rows: rows)
        case nil:
            break
        }
    }

    /// The socket may take more: the app's output, then a close when one is due.
    func flush(_ wsi: OpaquePointer) -> Int32 {
        if let (code, reason) = refused[wsi] {
            refused[wsi] = nil
            return closeSocket(wsi, code: code, reason: reason)
        }
        guard let session = bySocket[wsi] else { return 0 }
        if let (code, reason) = session.closing { return closeSocket(wsi, code: code, reason: reason) }
        if !session.output.isEmpty {
            let pre = uis_lws_pre()
            var failed = false
            session.output.consume(upTo: WebServer.outputPiece) { bytes in
                var buffer = [UInt8](repeating: 0, count: pre + bytes.count)
                buffer.replaceSubrange(pre..<buffer.count, with: bytes)
                let written = buffer.withUnsafeMutableBufferPointer {
                    lws_write(wsi, $0.baseAddress! + pre, bytes.count, LWS_WRITE_BINARY)
                }
                failed = written < 0
                return bytes.count
            }
            if failed { return -1 }
            if session.outputPaused, session.output.count < WebServer.outputResume, let terminal = session.terminal {
                session.outputPaused = false
                lws_rx_flow_control(terminal, 1)
            }
            if !session.output.isEmpty {
                lws_callback_on_writable(wsi)
                return 0
            }
        }
        if session.appEnded {
            session.endReason = session.endReason ?? "the app ended"
            return closeSocket(wsi, code: 1000, reason: "The app ended.")
        }
        return 0
    }

    private func closeSocket(_ wsi: OpaquePointer, code: UInt16, reason: String) -> Int32 {
        var text = Array(reason.utf8.prefix(120))
        lws_close_reason(wsi, lws_close_status(rawValue: UInt32(code)), &text, text.count)
        return -1
    }

    /// The tab closed (or the socket was closed by us): the child ends.
    func socketClosed(_ wsi: OpaquePointer) {
        refused[wsi] = nil
        requestedSizes[wsi] = nil
        guard let session = bySocket.removeValue(forKey: wsi) else { return }
        session.socket = nil
        end(session, code: 1000, reason: "", log: "the tab closed")
        // Stopping waits for every tab's close frame to go out.
        finishIfDone()
    }

    // MARK: - Idle sessions

    private func armIdleTimer(_ session: Session) {
        guard options.idleSeconds > 0, let socket = session.socket else { return }
        let due = session.lastInput + options.idleSeconds * 1000
        lws_set_timer_usecs(socket, lws_usec_t(max(1, due - monotonicMilliseconds())) * 1000)
    }

    /// The idle timer of a socket fired: input since means it is set again.
    func idleCheck(_ wsi: OpaquePointer) {
        guard let session = bySocket[wsi], session.closing == nil else { return }
        if monotonicMilliseconds() - session.lastInput >= options.idleSeconds * 1000 {
            let idle = IdleTime.describe(options.idleSeconds)
            end(session, code: 4000, reason: "Session ended after \(idle) without input.", log: "idle for \(idle)")
        } else {
            armIdleTimer(session)
        }
    }

    /// At most this much output per WebSocket message.
    static let outputPiece = 64 * 1024
    /// Output waiting for a slow browser past this stops reading the app
    /// (which then waits in its write), until it is down to `outputResume`.
    static let outputPause = 256 * 1024
    static let outputResume = 64 * 1024
}
