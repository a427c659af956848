import CSystem
import CWebSockets
import Glibc

/// `uihost serve`: HTTP and WebSocket on one port (libwebsockets, one thread,
/// one poll loop), a page with xterm.js, and one child `uihost` per tab on a
/// pseudo-terminal of its own. Everything happens in lws's loop: the sockets,
/// the pseudo-terminals (adopted as raw files) and the signals (a signalfd),
/// so no state is shared between threads and no signal handler runs Swift.
/// The library never writes to stdout or exits: what it has to say goes to
/// `Options.log`, and `run` returns.
public final class WebServer {
    public struct Options: Sendable {
        /// The page's title (the screen's name).
        public var title: String
        public var host = "127.0.0.1"
        /// 0: a free port the kernel picks (what `run`'s `ready` reports).
        public var port = 8080
        public var maxSessions = 16
        /// Seconds without input from the browser before a session ends; 0: never.
        public var idleSeconds = 30 * 60
        public var token: AccessToken
        /// The child of each session: the program, its arguments, its environment.
        public var executable: String
        public var arguments: [String]
        public var environment: [String]
        public var xterm = XtermFiles()
        /// One line per event: sessions started and ended, requests refused. Never the token.
        public var log: @Sendable (String) -> Void

        public init(title: String, token: AccessToken, executable: String, arguments: [String], environment: [String],
                    log: @escaping @Sendable (String) -> Void) {
            self.title = title
            self.token = token
            self.executable = executable
            self.arguments = arguments
            self.environment = environment
            self.log = log
        }
    }

    let options: Options
    var context: OpaquePointer?
    /// HTTP responses being written, by connection.
    var responses: [OpaquePointer: HTTPResponse] = [:]
    /// Sessions by their WebSocket, by their pseudo-terminal's connection, by their child.
    var bySocket: [OpaquePointer: Session] = [:]
    var byTerminal: [OpaquePointer: Session] = [:]
    var byChild: [pid_t: Session] = [:]
    /// WebSockets refused after the handshake (the server full), with the reason they are told.
    var refused: [OpaquePointer: (code: UInt16, reason: String)] = [:]
    /// The terminal size a WebSocket's URL asked for, from its upgrade to its opening.
    var requestedSizes: [OpaquePointer: (cols: Int, rows: Int)] = [:]
    var sessionsStarted = 0
    /// The next tab's child, started ahead (`WebServer+Spare.swift`).
    var spare: PseudoTerminal?
    /// A spare ended before its tab came: tabs start their own children.
    var spareFailed = false
    /// The signalfd's connection; its timer also drives the server's own deadlines.
    var signals: OpaquePointer?
    var signalDescriptor: Int32 = -1
    /// SIGTERM (or SIGINT, SIGHUP) came: every session is ending, then the loop.
    var stopping = false
    var stopDeadline = 0
    var finished = false
    /// The context is being destroyed: its callbacks are ignored.
    var destroying = false
    /// The page, the full page and the scripts, made once.
    var files: PageFiles!

    public init(options: Options) {
        self.options = options
    }

    /// Serves until SIGTERM, SIGINT or SIGHUP, then ends every session and
    /// returns. `ready` gets the URL (with the token) once the port listens.
    public func run(ready: (String) -> Void) throws(ServeError) {
        files = try PageFiles(title: options.title, maxSessions: options.maxSessions, xterm: options.xterm)
        try blockSignals()
        defer {
            // lws closes every connection as it goes: nothing is left to answer.
            destroying = true
            if let context { lws_context_destroy(context) }
            context = nil
            // Children still running after the loop (an error path): they end with their terminals.
            for session in byChild.values { kill(session.child.pid, SIGKILL) }
            endSpare()
            reapChildren(blocking: true)
            unblockSignals()
        }
        try createContext()
        guard let vhost = lws_get_vhost_by_name(context, "default") else {
            throw ServeError(message: "cannot serve: no virtual host")
        }
        let port = Int(lws_get_vhost_listen_port(vhost))
        try adoptSignals(vhost)
        startSpare()
        let shown = options.host.contains(":") ? "[\(options.host)]" : options.host
        ready("http://\(shown):\(port)/\(options.token.text)/")
        while !finished {
            if lws_service(context, 0) < 0 { break }
        }
    }

    // MARK: - Set-up

    private func createContext() throws(ServeError) {
        ServeCallback.install(log: options.log, token: options.token.text)
        var info = lws_context_creation_info()
        info.port = Int32(options.port)
        let iface = strdup(options.host)
        defer { free(iface) }
        info.iface = UnsafePointer(iface)
        info.protocols = ServeCallback.protocols
        info.user = Unmanaged.passUnretained(self).toOpaque()
        // Headers of a browser's request with the token in its path fit easily.
        info.max_http_header_data = 4096
        info.timeout_secs = 20
        if !options.host.contains(":") { info.options |= UInt64(LWS_SERVER_OPTION_DISABLE_IPV6) }
        // Input from a browser is UTF-8 text; anything else closes that socket.
        info.options |= UInt64(LWS_SERVER_OPTION_VALIDATE_UTF8)
        context = lws_create_context(&info)
        guard context != nil else {
            throw ServeError(message: "cannot listen on \(options.host) port \(options.port) (in use, or not an address of this machine)")
        }
    }

    /// The signals that end the server, and SIGCHLD, come through a signalfd
    /// read in the loop; SIGPIPE is ignored (a browser that went away is an
    /// error from write, not the end of the server).
    private func blockSignals() throws(ServeError) {
        var mask = ServeSignals.mask
        pthread_sigmask(SIG_BLOCK, &mask, nil)
        signal(SIGPIPE, SIG_IGN)
        signalDescriptor = signalfd(-1, &mask, Int32(SFD_NONBLOCK | SFD_CLOEXEC))
        guard signalDescriptor >= 0 else { throw ServeError(message: "cannot read signals: \(String(cString: strerror(errno)))") }
    }

    private func unblockSignals() {
        if signalDescriptor >= 0 { close(signalDescriptor) }
        signalDescriptor = -1
        var mask = ServeSignals.mask
        pthread_sigmask(SIG_UNBLOCK, &mask, nil)
    }

    private func adoptSignals(_ vhost: OpaquePointer) throws(ServeError) {
        var fd = lws_sock_file_fd_type()
        fd.filefd = signalDescriptor
        signals = lws_adopt_descriptor_vhost(vhost, LWS_ADOPT_RAW_FILE_DESC, fd, ServeCallback.rawProtocol, nil)
        guard signals != nil else { throw ServeError(message: "cannot watch signals in the server's loop") }
    }

    // MARK: - Signals and deadlines

    /// The signalfd is readable: reap children, or begin to stop.
    func readSignals() {
        var info = signalfd_siginfo()
        while read(signalDescriptor, &info, MemoryLayout<signalfd_siginfo>.size) == MemoryLayout<signalfd_siginfo>.size {
            if Int32(info.ssi_signo) == SIGCHLD {
                reapChildren(blocking: false)
            } else if !stopping {
                stop(because: String(cString: strsignal(Int32(info.ssi_signo))))
            }
        }
    }

    /// Every session is told the server stops and its child is ended; the
    /// loop ends once all are reaped, or at a deadline with SIGKILL.
    func stop(because why: String) {
        stopping = true
        stopDeadline = monotonicMilliseconds() + ServeSignals.stopGrace
        options.log("uihost serve: \(why): ending \(byChild.count) session\(byChild.count == 1 ? "" : "s") and stopping")
        endSpare()
        for session in byChild.values {
            end(session, code: 1001, reason: "The server stopped.", log: "the server stopped")
        }
        finishIfDone()
        scheduleSweep()
    }

    /// Done stopping once every child is reaped and every tab got its close
    /// (a child may end before its socket is writable: a busy machine), or at
    /// the deadline.
    func finishIfDone() {
        guard stopping, byChild.isEmpty, bySocket.isEmpty || stopDeadline <= monotonicMilliseconds() else { return }
        finished = true
        if let context { lws_cancel_service(context) }
    }

    /// The earliest deadline (a child to kill, the end of stopping) wakes the
    /// loop through the signalfd connection's timer.
    func scheduleSweep() {
        guard let signals else { return }
        var next = byChild.values.compactMap(\.killAt).min()
        if stopping { next = min(next ?? stopDeadline, stopDeadline) }
        guard let next else { return }
        let delay = max(1, next - monotonicMilliseconds())
        lws_set_timer_usecs(signals, lws_usec_t(delay) * 1000)
    }

    func sweep() {
        let now = monotonicMilliseconds()
        for session in byChild.values {
            if let at = session.killAt, at <= now || (stopping && stopDeadline <= now) {
                kill(-session.child.pid, SIGKILL)
                kill(session.child.pid, SIGKILL)
                session.killAt = nil
            }
        }
        finishIfDone()
        if !finished { scheduleSweep() }
    }
}

/// The signals the server reads from its signalfd, and how long ending takes.
enum ServeSignals {
    static var mask: sigset_t {
        var set = sigset_t()
        sigemptyset(&set)
        for signal in [SIGTERM, SIGINT, SIGHUP, SIGCHLD] { sigaddset(&set, signal) }
        return set
    }

    /// A child that has not ended this long after it was told to is killed:
    /// inside the one second a closed tab has, past the 600 ms a busy app's
    /// watchdog takes to restore its terminal and end.
    static let killAfter = 800
    /// How long stopping may take before every child left is killed.
    static let stopGrace = 3000
}
