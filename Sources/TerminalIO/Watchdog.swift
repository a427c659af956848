import CTerminal
import Glibc

/// The terminal's watchdog (CTerminal): a thread that owns the exit signals
/// and the terminal's input while the app runs, so that a loop held up by a
/// script can neither keep the user from leaving nor leave the terminal
/// broken. Ctrl-C, SIGTERM, SIGHUP and SIGQUIT stop the running script and end
/// the app, restoring the terminal within a second.
public enum Watchdog {
    /// Where it passes things on: the terminal's bytes, and the numbers of
    /// the signals that came (one byte each).
    public struct Pipes {
        public let input: Int32
        public let signals: Int32
    }

    /// Starts it on `terminal`, entered; nil when it could not start.
    public static func start(on terminal: Terminal) -> Pipes? {
        var saved = terminal.saved
        var input: Int32 = -1, signals: Int32 = -1
        guard uit_watchdog_start(terminal.input, terminal.output, &saved, terminal.leaveSequence, &input, &signals) == 0 else {
            return nil
        }
        return Pipes(input: input, signals: signals)
    }

    /// What stops the running script (a C function and its context; nil,
    /// nil while there is none): a reload makes a new one.
    public static func interrupt(with function: (@convention(c) (UnsafeMutableRawPointer?) -> Void)?, _ context: UnsafeMutableRawPointer?) {
        uit_watchdog_setinterrupt(function, context)
    }

    /// The terminal's settings to put back, as they are now (after a suspend
    /// the shell may have changed them).
    public static func save(_ terminal: Terminal) {
        var saved = terminal.saved
        uit_watchdog_setsaved(&saved)
    }

    /// The loop has restored the terminal and is ending: the watchdog stands down.
    public static func finished() {
        uit_watchdog_finished()
    }
}
