import Glibc
import LuaBridge

/// The cases of one script, as its worker reported them.
struct SuiteResult {
    let script: String
    /// What names the script in the report when several ran (`RunReport.labels`).
    var label: String?
    var cases: [CaseResult] = []
    var output: [String] = []
    var seconds = 0.0
}

/// Runs each script in a worker process (`uihost test --worker SCRIPT`), up
/// to `jobs` at once, reading their records as they come. A worker lists its
/// cases once the script has loaded, before running any. One that dies fails
/// the case it was running, and every case it did not reach; one silent for
/// longer than the per-case time limit (loading or running) is killed, the
/// same way. Reports are printed in script order, whatever order the workers
/// finish in.
final class WorkerPool {
    let scripts: [String]
    let labels: [String?]
    let options: TestOptions
    let output: (String) -> Void
    /// With `--coverage`: the counts the workers reported, merged.
    private(set) var coverage = CoverageReport()

    private final class Worker {
        let index: Int
        let pid: pid_t
        let fd: Int32
        var buffer: [UInt8] = []
        var suite: SuiteResult
        /// The cases the script registered, in the order they run.
        var registered: [String] = []
        var running: String?
        /// Results the script left to other shards (`--shard`).
        var shardedAway = 0
        var killedForSilence = false
        var lastProgress: Double
        let started: Double

        init(index: Int, pid: pid_t, fd: Int32, script: String, label: String?) {
            self.index = index
            self.pid = pid
            self.fd = fd
            suite = SuiteResult(script: script, label: label)
            lastProgress = EventClock.now()
            started = lastProgress
        }
    }

    init(scripts: [String], options: TestOptions, output: @escaping (String) -> Void) {
        self.scripts = scripts
        labels = RunReport.labels(for: scripts)
        self.options = options
        self.output = output
    }

    func run() -> [SuiteResult] {
        var results = [SuiteResult?](repeating: nil, count: scripts.count)
        var printed = 0
        var next = 0
        var workers: [Worker] = []
        while printed < scripts.count {
            while workers.count < max(1, options.jobs), next < scripts.count {
                if let worker = spawn(index: next) {
                    workers.append(worker)
                } else {
                    var suite = SuiteResult(script: scripts[next], label: labels[next])
                    suite.cases.append(CaseResult(name: scripts[next], passed: false, seconds: 0, message: "cannot start a worker",
                                                  ofScript: true))
                    results[next] = suite
                }
                next += 1
            }
            var fds = workers.map { pollfd(fd: $0.fd, events: Int16(POLLIN), revents: 0) }
            _ = poll(&fds, nfds_t(fds.count), 100)
            var finished: [Int] = []
            for (i, worker) in workers.enumerated() {
                if fds[i].revents != 0, !read(worker) {
                    finished.append(i)
                } else if !worker.killedForSilence, EventClock.seconds(since: worker.lastProgress) > options.timeout + 2 {
                    // Hung outside Lua (where the worker's own deadline cannot reach),
                    // while loading or in a case: stop it.
                    worker.killedForSilence = true
                    kill(worker.pid, SIGKILL)
                }
            }
            for i in finished.reversed() {
                let worker = workers.remove(at: i)
                results[worker.index] = finish(worker)
            }
            while printed < scripts.count, let suite = results[printed] {
                for line in suite.output { output(line) }
                for result in suite.cases { output(result.report(label: suite.label)) }
                printed += 1
            }
        }
        return results.compactMap { $0 }
    }

    /// Reads what the worker wrote; false at end of file.
    private func read(_ worker: Worker) -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65536)
        let n = chunk.withUnsafeMutableBytes { Glibc.read(worker.fd, $0.baseAddress, $0.count) }
        if n < 0 && errno == EINTR { return true }
        if n <= 0 { return false }
        worker.buffer.append(contentsOf: chunk[0..<n])
        while let newline = worker.buffer.firstIndex(of: 10) {
            let (before, line) = WorkerProtocol.splitOutput(String(decoding: worker.buffer[..<newline], as: UTF8.self))
            if let before { worker.suite.output.append(before) }
            worker.buffer.removeSubrange(...newline)
            worker.lastProgress = EventClock.now()
            switch WorkerProtocol.parse(line) {
            case .registered(let name): worker.registered.append(name)
            case .started(let name): worker.running = name
            case .shardedAway(let count): worker.shardedAway = count
            case .finished(let result):
                worker.running = nil
                worker.suite.cases.append(result)
            case .output(let text): worker.suite.output.append(text)
            case .coverage(let path, let lines): coverage.merge(path, lines)
            }
        }
        return true
    }

    private func finish(_ worker: Worker) -> SuiteResult {
        close(worker.fd)
        var status: Int32 = 0
        while waitpid(worker.pid, &status, 0) < 0 && errno == EINTR {}
        var suite = worker.suite
        suite.seconds = EventClock.seconds(since: worker.started)
        let signal = status & 0x7F
        let signaled = signal != 0 && signal != 0x7F
        let exitStatus = (status >> 8) & 0xFF
        // What ended the worker early, if it did: a case it was running, or
        // one it listed but did not report, fails with the reason.
        let ended = worker.killedForSilence ? "timed out: no progress for \(options.timeout) s, the script was stopped"
            : signaled ? "the script crashed (signal \(signal))"
            : "the script exited (status \(exitStatus))"
        if let running = worker.running {
            let why = worker.killedForSilence ? ended : ended + " during this case"
            suite.cases.append(CaseResult(name: running, passed: false, seconds: 0, message: why))
            let notRun = worker.killedForSilence ? "not run: the script was stopped when \"\(running)\" timed out"
                : "not run: \(ended) during \"\(running)\""
            for name in worker.registered.dropFirst(suite.cases.count) {
                suite.cases.append(CaseResult(name: name, passed: false, seconds: 0, message: notRun))
            }
        } else if suite.cases.count < worker.registered.count {
            for name in worker.registered.dropFirst(suite.cases.count) {
                suite.cases.append(CaseResult(name: name, passed: false, seconds: 0, message: "not run: \(ended)"))
            }
        } else if signaled || worker.killedForSilence || suite.cases.isEmpty && (worker.shardedAway == 0 || exitStatus != 0) {
            // (A worker whose every result belongs to other shards reports none, and is fine.)
            let when = worker.registered.isEmpty && suite.cases.isEmpty ? " while loading" : " after its cases"
            suite.cases.append(CaseResult(name: suite.script, passed: false, seconds: 0, message: ended + when, ofScript: true))
        }
        return suite
    }

    private func spawn(index: Int) -> Worker? {
        let args = ["test", "--worker", scripts[index], "--worker-options", options.workerArgument]
        return ChildProcess.spawn(args).map {
            Worker(index: index, pid: $0.pid, fd: $0.fd, script: scripts[index], label: labels[index])
        }
    }
}
