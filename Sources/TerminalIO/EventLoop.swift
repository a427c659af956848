import CSystem
import Glibc
import LuaBridge
import UIHostCore

/// The interactive program: one loop over terminal input, timers, signals and
/// resizes. It sleeps in `poll` until a byte, a signal or the next timer is
/// due, so an idle screen uses no CPU, yet a spinner animates without input.
public final class EventLoop {
    var host: Host
    /// `--watch`: builds a fresh host from the screen script, or throws its error.
    let reload: (() throws -> Host)?
    var watcher = FileWatcher(files: [])
    private var watched = 0
    let terminal: Terminal
    var writer: ScreenWriter
    var decoder = InputDecoder()
    let signals: Int32
    /// How long a lone ESC waits for the rest of a sequence.
    static let escapeTimeout = 30

    /// Blocks SIGINT, SIGTERM, SIGHUP and SIGWINCH so that they arrive on a
    /// descriptor the loop polls, instead of interrupting it.
    public init(host: Host, terminal: Terminal, colors: Bool, reload: (() throws -> Host)? = nil) {
        self.host = host
        self.reload = reload
        self.terminal = terminal
        writer = ScreenWriter(colors: colors)
        var mask = sigset_t()
        sigemptyset(&mask)
        for s in [SIGINT, SIGTERM, SIGHUP, SIGWINCH] { sigaddset(&mask, s) }
        sigprocmask(SIG_BLOCK, &mask, nil)
        signals = signalfd(-1, &mask, Int32(SFD_CLOEXEC | SFD_NONBLOCK))
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
        defer { terminal.restore() }
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
            var fds = [pollfd(fd: terminal.input, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: signals, events: Int16(POLLIN), revents: 0)]
            let ready = poll(&fds, 2, Int32(clamping: timeout))

            let now = EventLoop.now()
            if now > last {
                host.advance(now - last)
                last = now
            }
            if reload != nil {
                // Screens pushed by path and modules required since are watched too.
                if host.loadedFiles.count != watched { watcher.watch(host.loadedFiles); watched = host.loadedFiles.count }
                if watcher.poll(now: now) { reloadScreen() }
            }
            if ready < 0 { continue }
            if ready == 0, decoder.hasPending { deliver(decoder.flush()) }
            if fds[1].revents & Int16(POLLIN) != 0 { exitCode = readSignals() }
            if fds[0].revents & Int16(POLLIN) != 0 {
                let n = buffer.withUnsafeMutableBytes { read(terminal.input, $0.baseAddress, $0.count) }
                if n > 0 {
                    deliver(decoder.feed(buffer[0..<n]))
                } else if n == 0 {
                    exitCode = 0   // the terminal went away
                }
            } else if fds[0].revents & Int16(POLLHUP | POLLERR) != 0 {
                exitCode = 0
            }
        }
        return exitCode ?? 0
    }

    /// A changed script: a fresh host, the navigation path pushed again where
    /// its screens still load. A broken edit keeps the running screen and shows
    /// the error in the banner.
    private func reloadScreen() {
        guard let reload else { return }
        do {
            let fresh = try reload()
            if let size = terminal.size() { fresh.resize(size) }
            try fresh.restoreNavigation(host.navigationFiles)
            host = fresh
            writer.invalidate()
        } catch {
            host.showError("reload failed: " + ((error as? LuaError)?.message ?? "\(error)"))
        }
        watcher.watch(host.loadedFiles)
        watched = host.loadedFiles.count
    }

    private func deliver(_ events: [InputEvent]) {
        for event in events {
            switch event {
            case .key(let key): host.send(.key(key))
            case .mouse(let mouse): host.send(.mouse(mouse))
            case .paste: break   // no text fields take pastes; dropped safely
            }
        }
    }

    /// SIGWINCH re-lays out at the new size; the others end the program.
    private func readSignals() -> Int32? {
        var info = signalfd_siginfo()
        var result: Int32?
        while read(signals, &info, MemoryLayout<signalfd_siginfo>.size) == MemoryLayout<signalfd_siginfo>.size {
            let number = Int32(info.ssi_signo)
            if number == SIGWINCH {
                if let size = terminal.size() { host.resize(size) }
                if reload != nil { watcher.watch(host.loadedFiles) }
                writer.invalidate()
            } else {
                result = 128 + number
            }
        }
        return result
    }

    private func draw() {
        let bytes = writer.update(to: host.render())
        if !bytes.isEmpty { terminal.write(bytes) }
    }
}
