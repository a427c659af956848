import Glibc

/// The spare: the next tab's child, started before the tab asks. It runs on
/// a terminal of 0×0, which `uihost` takes as "load the screen, then wait
/// for a size" (`ScriptHost.Options.waitsForSize`): so when a tab's socket
/// opens, the process is started, its libraries loaded and its screen's
/// script run, and the tab's size (set on the terminal; the kernel tells the
/// child with SIGWINCH) is all it waits for to draw. A page load then waits
/// for a first frame, not for a process to start.
///
/// One spare at most, and only while a session is free: the server never
/// runs more processes than `--max-sessions`. A spare that ends before its
/// tab comes (a screen that fails to load ends at once) is not replaced:
/// each tab then starts its own child, which shows the tab why it ended.
extension WebServer {
    /// Starts a spare when none waits and a session is free.
    func startSpare() {
        guard spare == nil, !spareFailed, !stopping, byChild.count < options.maxSessions else { return }
        do {
            spare = try PseudoTerminal.spawn(options.executable, arguments: options.arguments, environment: options.environment,
                                             cols: 0, rows: 0)
        } catch {
            spareFailed = true
            options.log("uihost serve: the spare could not start: " + error.message)
        }
    }

    /// The spare, given the tab's size; nil when there is none.
    func takeSpare(cols: Int, rows: Int) -> PseudoTerminal? {
        guard let child = spare else { return nil }
        spare = nil
        PseudoTerminal.resize(child.master, cols: cols, rows: rows)
        return child
    }

    /// The child `pid` that ended was the spare: it is gone, and not replaced.
    func spareEnded(_ pid: pid_t, how: String) -> Bool {
        guard let child = spare, child.pid == pid else { return false }
        spare = nil
        spareFailed = true
        close(child.master)
        options.log("uihost serve: the spare ended before its tab came (\(how)): each tab starts its own from now on")
        return true
    }

    /// Ends the spare (the server stops): it has drawn nothing and has no terminal to restore.
    func endSpare() {
        guard let child = spare else { return }
        spare = nil
        kill(child.pid, SIGKILL)
        close(child.master)
        var status: Int32 = 0
        _ = waitpid(child.pid, &status, 0)
    }
}
