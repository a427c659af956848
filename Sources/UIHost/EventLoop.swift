import Glibc
import LuaBridge
import TerminalIO
import UIHostCore

/// The interactive program: one loop over terminal input, timers, signals and
/// resizes. It sleeps in `poll` until a byte, a signal or the next timer is
/// due, so an idle screen uses no CPU, yet a spinner animates without input.
///
/// Input and signals come through the terminal's `Watchdog`: it owns them, so
/// that Ctrl-C, SIGTERM, SIGHUP and SIGQUIT end the app and restore the
/// terminal within a second even while a script keeps this loop busy. The
/// decoder's keys and mouse reports become the host's events here.
public final class EventLoop {
    var host: Host
    /// `--watch`: builds a fresh host from the screen script, or throws its error.
    let reload: (() throws -> Host)?
    var watcher = FileWatcher(files: [])
    private var watched = 0
    let terminal: Terminal
    var writer: ScreenWriter
    var decoder = InputDecoder()
    /// The terminal's bytes and the signals' numbers, as the watchdog passes them on.
    private var keys: Int32 = -1
    private var events: Int32 = -1
    /// Set while a suspend we asked for is being resumed (its SIGCONT is ours).
    private var resuming = false
    /// `uihost record`: told of each event before the host handles it (input
    /// and resizes), and after.
    public var willHandle: ((Event) -> Void)?
    public var didHandle: (() -> Void)?
    /// How long a lone ESC waits for the rest of a sequence.
    static let escapeTimeout = 30

    /// `depth` nil draws without colour or attributes (`--plain`, `NO_COLOR`).
    public init(host: Host, terminal: Terminal, depth: ColorDepth?, reload: (() throws -> Host)? = nil) {
        self.host = host
        self.reload = reload
        self.terminal = terminal
        writer = ScreenWriter(depth: depth, theme: host.theme)
    }

    static func now() -> Int {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return ts.tv_sec * 1000 + ts.tv_nsec / 1_000_000
    }

    /// Runs until the app quits or a signal ends it; returns the exit status.
    /// The terminal is restored on every path out.
    public func run() -> Int32 {
        terminal.enter()
        guard let pipes = Watchdog.start(on: terminal) else {
            terminal.restore()
            return 1
        }
        (keys, events) = (pipes.input, pipes.signals)
        watchInterrupts()
        defer {
            terminal.restore()
            Watchdog.finished()
        }
        if let size = terminal.size() { host.resize(size) }
        if reload != nil { watcher.watch(host.loadedFiles) }
        var last = EventLoop.now()
        var buffer = [UInt8](repeating: 0, count: 4096)
        var exitCode: Int32?
        while exitCode == nil {
            draw()
            if let code = host.quitCode { return code }

            var timeout = -1
            if let delay = host.nextTimerDelay { timeout = delay }
            if host.animating { timeout = min(timeout < 0 ? Int.max : timeout, 80) }
            if decoder.hasPending { timeout = min(timeout < 0 ? Int.max : timeout, EventLoop.escapeTimeout) }
            if reload != nil { timeout = min(timeout < 0 ? Int.max : timeout, 50) }
            var fds = pollSet
            let ready = poll(&fds, 2, Int32(clamping: timeout))

            let now = EventLoop.now()
            if now > last {
                // Timers give way to a key or a signal between callbacks.
                host.advance(now - last, realTime: true, shouldYield: { self.inputWaiting() })
                last = EventLoop.now()
            }
            if reload != nil {
                // Screens pushed by path and modules required since are watched too.
                if host.loadedFiles.count != watched { watcher.watch(host.loadedFiles); watched = host.loadedFiles.count }
                if watcher.poll(now: now) { reloadScreen() }
            }
            if ready < 0 { continue }
            if ready == 0, decoder.hasPending { deliver(decoder.flush()) }
            if fds[1].revents & Int16(POLLIN) != 0 { exitCode = readSignals() }
            if exitCode == nil, fds[0].revents & Int16(POLLIN | POLLHUP) != 0 {
                let n = buffer.withUnsafeMutableBytes { read(keys, $0.baseAddress, $0.count) }
                if n > 0 {
                    deliver(decoder.feed(buffer[0..<n]))
                } else if n == 0 {
                    exitCode = 0   // the terminal went away
                }
            }
        }
        return exitCode ?? 0
    }

    /// Whether a key or a signal waits to be read.
    private func inputWaiting() -> Bool {
        var fds = pollSet
        return poll(&fds, 2, 0) > 0
    }

    /// The watchdog's two pipes, as `poll` takes them: keys first, then signals.
    private var pollSet: [pollfd] {
        [pollfd(fd: keys, events: Int16(POLLIN), revents: 0), pollfd(fd: events, events: Int16(POLLIN), revents: 0)]
    }

    /// Lets the watchdog stop the current host's running script.
    private func watchInterrupts() {
        let handle = host.lua.interruptHandle
        Watchdog.interrupt(with: handle.function, handle.context)
    }

    /// A changed script: a fresh host, the navigation path pushed again where
    /// its screens still load, and the shown screen's components given back
    /// what the user changed (`Host.keptState`). A broken edit keeps the
    /// running screen and shows the error in the banner.
    private func reloadScreen() {
        guard let reload else { return }
        do {
            let kept = host.keptState()
            let fresh = try reload()
            if let size = terminal.size() { fresh.resize(size) }
            try fresh.restoreNavigation(host.navigationRecord)
            fresh.restore(kept)
            // The old state is freed with the old host: the watchdog must not reach it.
            Watchdog.interrupt(with: nil, nil)
            host = fresh
            watchInterrupts()
            writer.invalidate()
        } catch {
            host.showError("reload failed: " + ((error as? LuaError)?.message ?? "\(error)"))
        }
        watcher.watch(host.loadedFiles)
        watched = host.loadedFiles.count
    }

    private func deliver(_ events: [InputEvent]) {
        for event in events {
            if case .keyboardProtocol = event { terminal.enableKeyboardProtocol() }
            guard let sent = Event(event) else { continue }
            willHandle?(sent)
            host.send(sent)
            didHandle?()
        }
    }

    /// SIGWINCH re-lays out at the new size; SIGTSTP suspends and SIGCONT
    /// redraws; the others end the program.
    private func readSignals() -> Int32? {
        var numbers = [UInt8](repeating: 0, count: 64)
        let n = numbers.withUnsafeMutableBytes { read(events, $0.baseAddress, $0.count) }
        guard n > 0 else { return nil }
        var result: Int32?
        for number in numbers[0..<n].map(Int32.init) {
            switch number {
            case SIGWINCH:
                if let size = terminal.size() {
                    willHandle?(.resize(cols: size.cols, rows: size.rows))
                    host.resize(size)
                    didHandle?()
                }
                writer.invalidate()
            case SIGTSTP:
                suspend()
            case SIGCONT:
                // Ours when we stopped ourselves; otherwise someone stopped us
                // with SIGSTOP, and the shell may have changed the terminal since.
                if resuming { resuming = false } else { reenter() }
            default:
                result = 128 + number
            }
        }
        return result
    }

    /// Job control (Ctrl-Z in the shell's own terms, or `kill -TSTP`): the
    /// terminal is the shell's while we are stopped, ours again after `fg`.
    private func suspend() {
        terminal.restore()
        resuming = true
        kill(getpid(), SIGSTOP)
        reenter(restoreFirst: false)
    }

    private func reenter(restoreFirst: Bool = true) {
        if restoreFirst { terminal.restore() }
        terminal.enter()
        Watchdog.save(terminal)
        if let size = terminal.size() { host.resize(size) }
        writer.invalidate()
    }

    private func draw() {
        let frame = host.render()
        writer.theme = host.theme
        let bytes = writer.update(to: frame)
        if !bytes.isEmpty { terminal.write(bytes) }
    }
}
