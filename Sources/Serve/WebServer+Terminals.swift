import CWebSockets
import Glibc

extension WebServer {
    /// The app wrote: pass it on to the browser.
    func readTerminal(_ wsi: OpaquePointer) -> Int32 {
        guard let session = byTerminal[wsi] else { return -1 }
        var buffer = [UInt8](repeating: 0, count: 65536)
        let n = buffer.withUnsafeMutableBytes { read(session.child.master, $0.baseAddress, $0.count) }
        if n < 0 && (errno == EAGAIN || errno == EINTR) { return 0 }
        guard n > 0 else {
            // EIO: every process of the app closed the terminal (it quit, or crashed).
            session.appEnded = true
            if let socket = session.socket { lws_callback_on_writable(socket) }
            return -1
        }
        session.output.append(buffer[0..<n])
        if let socket = session.socket { lws_callback_on_writable(socket) }
        if session.output.count > WebServer.outputPause, !session.outputPaused {
            session.outputPaused = true
            lws_rx_flow_control(wsi, 0)
        }
        return 0
    }

    /// The app's terminal takes more input.
    func writeTerminal(_ wsi: OpaquePointer) -> Int32 {
        guard let session = byTerminal[wsi] else { return 0 }
        return writeTerminal(session)
    }

    func writeTerminal(_ session: Session) -> Int32 {
        var blocked = false
        while !session.input.isEmpty && !blocked {
            session.input.consume(upTo: 4096) { bytes in
                let n = write(session.child.master, bytes.baseAddress, bytes.count)
                if n < 0 {
                    blocked = true
                    return 0
                }
                return n
            }
        }
        // A full terminal: the rest goes when the app has read some (RAW_WRITEABLE_FILE).
        if blocked, errno == EAGAIN || errno == EINTR, let terminal = session.terminal { lws_callback_on_writable(terminal) }
        return 0
    }

    /// The pseudo-terminal's connection closed (the app ended, or its socket
    /// closed and lws closed its child with it). lws closes the descriptor.
    func terminalClosed(_ wsi: OpaquePointer) {
        guard let session = byTerminal.removeValue(forKey: wsi) else { return }
        session.terminal = nil
    }

    /// Ends a session: the browser is told why (when its socket is open), the
    /// child is told to end (SIGTERM, as a terminal's user would; the
    /// pseudo-terminal's hang-up follows) and killed if it has not ended in time.
    func end(_ session: Session, code: UInt16, reason: String, log: String) {
        session.endReason = session.endReason ?? log
        if let socket = session.socket, session.closing == nil, !reason.isEmpty {
            session.closing = (code, reason)
            lws_callback_on_writable(socket)
        }
        guard session.killAt == nil, byChild[session.child.pid] != nil else { return }
        kill(session.child.pid, SIGTERM)
        session.killAt = monotonicMilliseconds() + ServeSignals.killAfter
        scheduleSweep()
    }

    /// Collects every child that ended; a session whose child is reaped is gone.
    func reapChildren(blocking: Bool) {
        while !byChild.isEmpty || spare != nil {
            var status: Int32 = 0
            let pid = waitpid(-1, &status, blocking ? 0 : WNOHANG)
            guard pid > 0 else { break }
            let how: String
            if status & 0x7F == 0 {
                how = "exit status \((status >> 8) & 0xFF)"
            } else {
                how = "signal \(status & 0x7F)"
            }
            if spareEnded(pid, how: how) { continue }
            guard let session = byChild.removeValue(forKey: pid) else { continue }
            let seconds = (monotonicMilliseconds() - session.started) / 1000
            // The app ended by itself: its socket says so once its last output is sent.
            if session.socket != nil, session.closing == nil { session.appEnded = true }
            if let socket = session.socket { lws_callback_on_writable(socket) }
            options.log("uihost serve: \(session.name) ended: \(session.endReason ?? "the app ended") (\(how), after \(seconds) s)")
        }
        // A session is free again: the next tab's child may start.
        startSpare()
        finishIfDone()
    }
}
