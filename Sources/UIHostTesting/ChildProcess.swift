import Glibc

/// Starting a copy of this executable whose standard output comes back
/// through a pipe: the test runner's workers and the fuzzer's.
enum ChildProcess {
    /// Spawns `executablePath()` with `args`; its pid and the read end of its
    /// stdout, or nil when it could not start. `quietStderr` sends its stderr to
    /// /dev/null (a crash's backtrace would bury the parent's report).
    static func spawn(_ args: [String], quietStderr: Bool = false) -> (pid: pid_t, fd: Int32)? {
        var pipeFDs: [Int32] = [0, 0]
        guard pipe(&pipeFDs) == 0 else { return nil }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, pipeFDs[1], 1)
        posix_spawn_file_actions_addclose(&actions, pipeFDs[0])
        if quietStderr { posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0) }
        let executable = executablePath()
        var argv: [UnsafeMutablePointer<CChar>?] = ([executable] + args).map { strdup($0) } + [nil]
        defer { for p in argv { free(p) } }
        var pid: pid_t = 0
        let rc = posix_spawn(&pid, executable, &actions, nil, &argv, environ)
        close(pipeFDs[1])
        guard rc == 0 else {
            close(pipeFDs[0])
            return nil
        }
        return (pid, pipeFDs[0])
    }

    /// This executable's path (`/proc/self/exe`), else how it was called.
    static func executablePath() -> String {
        var buffer = [CChar](repeating: 0, count: 4096)
        let n = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        guard n > 0 else { return CommandLine.arguments[0] }
        return buffer.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    }
}
