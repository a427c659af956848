import Glibc
import LuaBridge
import TerminalIO
import UIHost
import UIHostCore

/// `uihost SCREEN --screen-reader`: linear text instead of a frame, one line
/// per change (`ScreenReader`). Keys come from `--keys`, else from standard
/// input: a terminal (read raw, the clock in real time; the terminal stays on
/// its normal screen, no frame is drawn), or a pipe (read to its end).
func runScreenReader(_ path: String, _ args: Arguments) -> Never {
    let host = loadHost(path, args)
    var reader = ScreenReader()
    func say() {
        for line in reader.lines(for: host) { standardOutput(line) }
    }
    say()
    if !args.keyNames.isEmpty {
        for step in Arguments.keySteps(args.keyNames) where host.quitCode == nil {
            switch step {
            case .key(let key): host.send(.key(key))
            case .wait(let ms): host.advance(ms)
            }
            say()
        }
        exit(host.quitCode ?? 0)
    }
    let onTerminal = Terminal.isTerminal(0)
    if onTerminal { ScreenReaderTerminal.enterRawInput() }
    var decoder = InputDecoder()
    var buffer = [UInt8](repeating: 0, count: 4096)
    var last = milliseconds()
    func deliver(_ events: [InputEvent]) {
        for event in events where host.quitCode == nil {
            guard let event = Event(event) else { continue }
            host.send(event)
            say()
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
            let now = milliseconds()
            if now > last {
                host.advance(now - last)
                last = now
                say()
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
    if onTerminal { ScreenReaderTerminal.restore() }
    exit(host.quitCode ?? 0)
}

func milliseconds() -> Int {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return ts.tv_sec * 1000 + ts.tv_nsec / 1_000_000
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
}
