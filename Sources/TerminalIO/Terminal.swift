import Drawing
import Glibc

/// The controlling terminal: raw mode through termios, the alternate screen,
/// a hidden cursor, mouse and bracketed-paste modes, the kitty keyboard
/// protocol where the terminal has it — and putting all of it back.
public final class Terminal {
    public let input: Int32
    public let output: Int32
    /// The settings before raw mode, put back on exit.
    public private(set) var saved = termios()
    private var active = false
    /// Whether disambiguated keys were turned on since `enter()`.
    private var keyboardPushed = false
    private let mouse: Bool

    public init(input: Int32 = 0, output: Int32 = 1, mouse: Bool = true) {
        self.input = input
        self.output = output
        self.mouse = mouse
    }

    public static func isTerminal(_ fd: Int32) -> Bool { isatty(fd) == 1 }

    /// The terminal's size, or nil when it cannot tell.
    public func size() -> Size? {
        var ws = winsize()
        guard ioctl(output, UInt(TIOCGWINSZ), &ws) == 0, ws.ws_col > 0, ws.ws_row > 0 else { return nil }
        return Size(cols: Int(ws.ws_col), rows: Int(ws.ws_row))
    }

    /// Returns once the terminal has a size: at once, nearly always; a
    /// terminal made at 0×0 (a spare of `uihost serve`) is given one when its
    /// tab comes, and the kernel says so with SIGWINCH, waited for here with
    /// the signal blocked so that none is missed between looking and waiting.
    public func waitForSize() {
        var winch = sigset_t()
        sigemptyset(&winch)
        sigaddset(&winch, SIGWINCH)
        var before = sigset_t()
        pthread_sigmask(SIG_BLOCK, &winch, &before)
        defer { pthread_sigmask(SIG_SETMASK, &before, nil) }
        while size() == nil {
            var signal: Int32 = 0
            guard sigwait(&winch, &signal) == 0 else { return }
        }
    }

    /// Ends with the kitty keyboard query (`CSI ? u`), sent on the alternate
    /// screen because kitty keeps a flag stack per screen. A terminal that
    /// speaks the protocol answers `CSI ? flags u`; the others ignore it.
    static let enterSequence = "\u{1B}[?1049h\u{1B}[?25l\u{1B}[?2004h\u{1B}[H\u{1B}[2J\u{1B}[?u"
    /// kitty: push "disambiguate escape codes" (shift-enter, ctrl-i apart from tab).
    static let keyboardPush = "\u{1B}[>1u"
    static let mouseOn = "\u{1B}[?1000h\u{1B}[?1002h\u{1B}[?1006h"
    static let mouseOff = "\u{1B}[?1006l\u{1B}[?1002l\u{1B}[?1000l"
    /// Starts by popping the kitty keyboard flags (`CSI < u`), before leaving
    /// the alternate screen whose stack they are on. It is written on every exit,
    /// pushed or not, because the watchdog writes this same sequence on an
    /// emergency exit without knowing: popping an empty stack does nothing in
    /// kitty, and other terminals skip it as a CSI sequence they do not know.
    static let leaveSequence = "\u{1B}[<u\u{1B}[0m\u{1B}[?2004l\u{1B}[?25h\u{1B}[?1049l"

    /// Raw mode, alternate screen, hidden cursor, mouse and paste reporting.
    public func enter() {
        guard !active, tcgetattr(input, &saved) == 0 else { return }
        var raw = saved
        raw.c_iflag &= ~tcflag_t(BRKINT | ICRNL | INPCK | ISTRIP | IXON)
        raw.c_oflag &= ~tcflag_t(OPOST)
        raw.c_cflag |= tcflag_t(CS8)
        raw.c_lflag &= ~tcflag_t(ECHO | ICANON | IEXTEN | ISIG)
        withUnsafeMutableBytes(of: &raw.c_cc) { cc in
            cc[Int(VMIN)] = 0
            cc[Int(VTIME)] = 0
        }
        tcsetattr(input, TCSAFLUSH, &raw)
        active = true
        write(Terminal.enterSequence + (mouse ? Terminal.mouseOn : ""))
    }

    /// The sequence that puts the screen back (mouse off, cursor shown, main screen).
    public var leaveSequence: String { (mouse ? Terminal.mouseOff : "") + Terminal.leaveSequence }

    /// Puts everything back; safe to call more than once.
    public func restore() {
        guard active else { return }
        active = false
        keyboardPushed = false
        write(leaveSequence)
        tcsetattr(input, TCSAFLUSH, &saved)
    }

    /// The terminal answered the keyboard query: turn disambiguation on, once
    /// per `enter()` (a second answer must not push a second entry).
    public func enableKeyboardProtocol() {
        guard active, !keyboardPushed else { return }
        keyboardPushed = true
        write(Terminal.keyboardPush)
    }

    /// Writes all of `text` in as few calls as the kernel allows.
    public func write(_ text: String) {
        _ = Terminal.write(text, to: output)
    }

    /// Writes all of `text` to `fd`; false when the kernel refused.
    static func write(_ text: String, to fd: Int32) -> Bool {
        var text = text
        return text.withUTF8 { buf in
            var offset = 0
            while offset < buf.count {
                let n = Glibc.write(fd, buf.baseAddress! + offset, buf.count - offset)
                if n <= 0 {
                    if n < 0, errno == EINTR || errno == EAGAIN { continue }
                    return false
                }
                offset += n
            }
            return true
        }
    }
}
