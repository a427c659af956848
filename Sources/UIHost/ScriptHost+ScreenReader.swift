import Glibc
import TerminalIO
import UIHostCore

extension ScriptHost {
    /// Runs `screen` as linear text for a screen reader or a braille display
    /// instead of a frame (`uihost SCREEN --screen-reader`): `say` gets the
    /// screen's title and the focused control, then one line per change
    /// (`ScriptApp.announcements`). Keys come from standard input: a terminal
    /// (read raw, the clock in real time; the terminal keeps its normal screen
    /// and no frame is drawn), or a pipe (read to its end). Returns the exit
    /// status once the app quits or the input ends.
    public func runScreenReader(_ screen: String, say: (String) -> Void) throws(ScriptHostError) -> Int32 {
        let app = try open(screen)
        let host = app.host
        func speak() {
            for line in app.announcements() { say(line) }
        }
        speak()
        let onTerminal = Terminal.isTerminal(0)
        if onTerminal { ScreenReaderTerminal.enterRawInput() }
        defer { if onTerminal { ScreenReaderTerminal.restore() } }
        var decoder = InputDecoder()
        var buffer = [UInt8](repeating: 0, count: 4096)
        var last = ScreenReaderTerminal.milliseconds()
        func deliver(_ events: [InputEvent]) {
            // The terminal's reports by their names (`Event+Terminal`); a
            // combination no name spells is dropped, as the event loop does.
            for report in events where host.quitCode == nil {
                guard let event = Event(report) else { continue }
                host.send(event)
                speak()
            }
        }
        while host.quitCode == nil {
            var timeout: Int32 = -1
            if onTerminal {
                if let delay = host.nextTimerDelay { timeout = Int32(clamping: delay) }
                if decoder.hasPending { timeout = timeout < 0 ? 30 : min(timeout, 30) }
            }
            var fds = [pollfd(fd: 0, events: Int16(POLLIN), revents: 0)]
            let ready = poll(&fds, 1, timeout)
            if onTerminal {
                let now = ScreenReaderTerminal.milliseconds()
                if now > last {
                    host.advance(now - last)
                    last = now
                    speak()
                }
            }
            if ready < 0 { continue }
            if ready == 0 {
                if decoder.hasPending { deliver(decoder.flush()) }
                continue
            }
            let n = buffer.withUnsafeMutableBytes { read(0, $0.baseAddress, $0.count) }
            if n < 0 && errno == EINTR { continue }
            if n <= 0 { break }
            deliver(decoder.feed(buffer[0..<n]))
        }
        if host.quitCode == nil { deliver(decoder.flush()) }
        return host.quitCode ?? 0
    }
}

/// Raw input on a terminal that keeps its normal screen and output processing.
enum ScreenReaderTerminal {
    nonisolated(unsafe) static var saved = termios()

    static func enterRawInput() {
        guard tcgetattr(0, &saved) == 0 else { return }
        var raw = saved
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO | ISIG | IEXTEN)
        raw.c_iflag &= ~tcflag_t(IXON | ICRNL)
        _ = tcsetattr(0, TCSANOW, &raw)
        for sig in [SIGTERM, SIGHUP] {
            signal(sig) { number in
                _ = tcsetattr(0, TCSANOW, &ScreenReaderTerminal.saved)
                _exit(128 + number)
            }
        }
    }

    static func restore() {
        _ = tcsetattr(0, TCSANOW, &saved)
    }

    static func milliseconds() -> Int {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return ts.tv_sec * 1000 + ts.tv_nsec / 1_000_000
    }
}
