import CSystem
import CWebSockets
import Glibc

/// A child process on a pseudo-terminal the server owns: the child sees a
/// terminal (raw mode, a size, SIGWINCH) exactly as in `uihost SCREEN`, and
/// the server reads and writes the other side.
public struct PseudoTerminal: Sendable {
    public let pid: pid_t
    /// The server's side; non-blocking, closed on exec.
    public let master: Int32

    /// Starts `executable` with `arguments` (without argv[0]) and `environment`
    /// (`NAME=value`) in a new session whose controlling terminal is a new
    /// pseudo-terminal of `cols`×`rows`. posix_spawn rather than fork: the
    /// server may have threads, and a forked child of a threaded process may
    /// only call what is async-signal-safe until it execs.
    public static func spawn(_ executable: String, arguments: [String], environment: [String],
                             cols: Int, rows: Int) throws(ServeError) -> PseudoTerminal {
        let master = posix_openpt(O_RDWR | O_NOCTTY | O_CLOEXEC)
        guard master >= 0 else { throw failure("cannot open a pseudo-terminal") }
        var name = [CChar](repeating: 0, count: 128)
        guard grantpt(master) == 0, unlockpt(master) == 0, ptsname_r(master, &name, name.count) == 0 else {
            let error = failure("cannot set up a pseudo-terminal")
            close(master)
            throw error
        }
        resize(master, cols: cols, rows: rows)
        _ = fcntl(master, F_SETFL, fcntl(master, F_GETFL) | O_NONBLOCK)

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        // A session of its own: the terminal opened first becomes its
        // controlling terminal, and a hang-up of it (the server gone) ends it.
        posix_spawnattr_setflags(&attributes, Int16(PseudoTerminal.newSession | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        // The server blocks the signals it reads from a signalfd: the app gets them back.
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGPIPE, SIGTERM, SIGINT, SIGHUP, SIGQUIT, SIGCHLD] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)

        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, name, O_RDWR, 0)
        posix_spawn_file_actions_adddup2(&actions, 0, 1)
        posix_spawn_file_actions_adddup2(&actions, 0, 2)
        // Nothing of the server's: not its listening socket, not other sessions' terminals.
        posix_spawn_file_actions_addclosefrom_np(&actions, 3)

        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup($0) } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        let status = posix_spawn(&pid, executable, &actions, &attributes, argv, envp)
        guard status == 0 else {
            close(master)
            throw ServeError(message: "cannot start \(executable): \(String(cString: strerror(status)))")
        }
        return PseudoTerminal(pid: pid, master: master)
    }

    /// Tells the terminal its new size; the kernel sends the app SIGWINCH.
    public static func resize(_ master: Int32, cols: Int, rows: Int) {
        var size = winsize(ws_row: UInt16(clamping: rows), ws_col: UInt16(clamping: cols), ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &size)
    }

    /// glibc's POSIX_SPAWN_SETSID, which Swift's Glibc leaves out (a GNU extension).
    static let newSession: Int32 = 0x80

    private static func failure(_ what: String) -> ServeError {
        ServeError(message: "\(what): \(String(cString: strerror(errno)))")
    }
}
