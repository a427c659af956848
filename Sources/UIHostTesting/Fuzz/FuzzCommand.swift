import Glibc
import LuaBridge
import UIHostCore

/// `uihost fuzz SCREEN`: the parent runs the fuzzer in a worker process (the
/// same command with `--fuzz-worker LOG`), so that a crash of the host is
/// caught; the worker explores and shrinks in process and reports on its
/// stdout. A worker that dies leaves its last run in LOG, which the parent
/// shrinks by replaying candidates in further workers (`--fuzz-replay FILE`).
public enum FuzzCommand {
    public struct Settings {
        public var screen: String
        public var options: HostOptions
        public var seed: UInt64
        public var seconds: Double
        public var output: String?
        /// The worker's command line: this program and the arguments of this run.
        public var workerArguments: [String]
        public var say: (String) -> Void

        public init(screen: String, options: HostOptions, seed: UInt64, seconds: Double, output: String?,
                    workerArguments: [String], say: @escaping (String) -> Void) {
            self.screen = screen
            self.options = options
            self.seed = seed
            self.seconds = seconds
            self.output = output
            self.workerArguments = workerArguments
            self.say = say
        }
    }

    /// The parent: 0 when nothing was found, 1 when a failing script was written.
    public static func run(_ settings: Settings) -> Int32 {
        let log = "/tmp/uihost-fuzz-\(getpid()).log"
        defer { unlink(log) }
        let silence = max(10, settings.options.maxSeconds * 2 + 5)
        let child = Child.spawn(settings.workerArguments + ["--fuzz-worker", log])
        guard let child else {
            settings.say("uihost fuzz: cannot start a worker")
            return 2
        }
        let result = child.collect(silence: silence)
        var lines = result.lines
        var found: (events: [FuzzEvent], failure: FuzzFailure, original: Int)?
        var events = 0, runs = 0
        var seconds = 0.0
        for line in lines where line.hasPrefix("report ") {
            let parts = line.split(separator: " ")
            if parts.count == 4 {
                events = Int(parts[1]) ?? 0
                runs = Int(parts[2]) ?? 0
                seconds = Double(parts[3]) ?? 0
            }
        }
        if let failure = parseFound(lines) {
            let shrunk = lines.filter { $0.hasPrefix("event ") }.compactMap { FuzzEvent(logLine: $0.dropFirst(6)) }
            found = (shrunk, failure.failure, failure.original)
        } else if result.silent || result.signal != nil {
            // The worker died or stopped answering: its last run is in the log.
            let logged = ((try? FileSystem.readText(log)) ?? "").split(separator: "\n").compactMap { FuzzEvent(logLine: $0) }
            events = max(events, lines.compactMap { $0.hasPrefix("progress ") ? Int($0.dropFirst(9)) : nil }.last ?? 0)
            if result.silent {
                let failure = FuzzFailure(kind: .hang, message: "the host stopped answering for \(Int(silence)) s")
                found = (logged, failure, logged.count)
            } else {
                let failure = FuzzFailure(kind: .crash, message: "the host crashed (signal \(result.signal!))")
                settings.say("uihost fuzz: \(failure.message); shrinking \(logged.count) events in separate processes")
                let shrunk = Fuzzer.shrink(logged, budget: 400) { candidate in
                    replayInWorker(candidate, settings, silence: silence).map { $0.sameWay(as: failure) } ?? false
                }
                found = (shrunk, failure, logged.count)
            }
        } else if result.exitStatus != 0 {
            lines = lines.filter { !$0.hasPrefix("progress ") }
            settings.say("uihost fuzz: the worker failed (status \(result.exitStatus))" + (lines.isEmpty ? "" : ": " + lines.joined(separator: "\n")))
            return result.exitStatus == 3 ? 3 : 2
        }
        let rate = seconds > 0 ? Int(Double(events) / seconds) : events
        settings.say("fuzz \(settings.screen) seed \(settings.seed): \(events) events in \(runs) runs, "
                     + "\(formatSeconds(seconds)) s (\(rate) events/s)")
        guard let found else {
            settings.say("nothing found")
            return 0
        }
        settings.say("found \(FuzzScript.describe(found.failure.kind)): \(found.failure.firstLine)")
        settings.say("shrunk from \(found.original) to \(found.events.count) event\(found.events.count == 1 ? "" : "s")")
        let script = FuzzScript.text(screen: settings.screen, size: settings.options.size, seed: settings.seed,
                                     events: found.events, failure: found.failure)
        if let output = settings.output {
            do throws(FileSystem.Failure) {
                try FileSystem.write(output, script)
            } catch {
                settings.say("uihost fuzz: cannot write \(output): \(error.reason)")
                return 1
            }
            settings.say("wrote \(output); run it with: uihost test \(output)")
        } else {
            settings.say(script)
        }
        return 1
    }

    static func formatSeconds(_ s: Double) -> String {
        let tenths = Int((s * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }

    static func parseFound(_ lines: [String]) -> (failure: FuzzFailure, original: Int)? {
        guard let line = lines.first(where: { $0.hasPrefix("found ") }) else { return nil }
        let parts = line.split(separator: " ", omittingEmptySubsequences: false)
        guard parts.count >= 4, let kind = FuzzFailure.Kind(wireName: String(parts[1])),
              let message = FuzzEvent.unhex(parts[3]) else { return nil }
        return (FuzzFailure(kind: kind, message: message), Int(parts[2]) ?? 0)
    }

    static func foundLine(_ failure: FuzzFailure, original: Int) -> String {
        "found \(failure.kind.wireName) \(original) \(FuzzEvent.hex(failure.message))"
    }

    /// Replays `events` in a worker: its failure, a crash, or nil when it passed.
    static func replayInWorker(_ events: [FuzzEvent], _ settings: Settings, silence: Double) -> FuzzFailure? {
        let file = "/tmp/uihost-fuzz-\(getpid())-replay.log"
        defer { unlink(file) }
        guard (try? FileSystem.write(file, events.map(\.logLine).joined(separator: "\n") + "\n")) != nil,
              let child = Child.spawn(settings.workerArguments + ["--fuzz-replay", file]) else { return nil }
        let result = child.collect(silence: silence)
        if let signal = result.signal { return FuzzFailure(kind: .crash, message: "the host crashed (signal \(signal))") }
        if result.silent { return FuzzFailure(kind: .hang, message: "the host stopped answering for \(Int(silence)) s") }
        return parseFound(result.lines)?.failure
    }

    // MARK: - The worker's side

    /// `--fuzz-worker LOG`: explore, shrink a failure in process, report on stdout.
    public static func worker(_ settings: Settings, log: String) -> Int32 {
        let fuzzer = makeFuzzer(settings)
        let fd = open(log, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        if fd >= 0 { fuzzer.logFD = fd }
        let report: Fuzzer.Report
        do throws(LuaError) {
            report = try fuzzer.explore(seed: settings.seed, seconds: settings.seconds) { events in
                emit("progress \(events)")
            }
        } catch {
            emit("uihost: " + error.message)
            return 3
        }
        emit("report \(report.events) \(report.runs) \(report.seconds)")
        if let found = report.found {
            fuzzer.logFD = nil
            var said = EventClock.now()
            let shrunk = Fuzzer.shrink(found.events) { candidate in
                if EventClock.seconds(since: said) >= 0.5 {
                    emit("progress \(report.events)")
                    said = EventClock.now()
                }
                return (try? fuzzer.replay(candidate))?.map { $0.sameWay(as: found.failure) } ?? false
            }
            emit(foundLine(found.failure, original: found.events.count))
            for event in shrunk { emit("event " + event.logLine) }
        }
        return 0
    }

    /// `--fuzz-replay FILE`: replay the events in FILE, report a failure.
    public static func replayWorker(_ settings: Settings, file: String) -> Int32 {
        let events = ((try? FileSystem.readText(file)) ?? "").split(separator: "\n").compactMap { FuzzEvent(logLine: $0) }
        let fuzzer = makeFuzzer(settings)
        do throws(LuaError) {
            if let failure = try fuzzer.replay(events) { emit(foundLine(failure, original: events.count)) }
        } catch {
            emit("uihost: " + error.message)
            return 3
        }
        return 0
    }

    /// `UIHOST_FUZZ_CRASH_KEY=NAME`: the worker crashes on that key (tests of the fuzzer).
    static func makeFuzzer(_ settings: Settings) -> Fuzzer {
        let fuzzer = Fuzzer(screen: settings.screen, options: settings.options)
        if let name = getenv("UIHOST_FUZZ_CRASH_KEY") { fuzzer.crashKey = Key(name: String(cString: name)) }
        return fuzzer
    }

    static func emit(_ line: String) {
        _ = FileSystem.writeAll(1, line + "\n")
    }
}

extension FuzzFailure.Kind {
    var wireName: String {
        switch self {
        case .scriptError: "error"
        case .hang: "hang"
        case .frame: "frame"
        case .crash: "crash"
        }
    }

    init?(wireName: String) {
        switch wireName {
        case "error": self = .scriptError
        case "hang": self = .hang
        case "frame": self = .frame
        case "crash": self = .crash
        default: return nil
        }
    }
}

/// A worker process whose stdout the parent reads line by line.
struct Child {
    let pid: pid_t
    let fd: Int32

    struct Result {
        var lines: [String] = []
        var signal: Int32?
        var exitStatus: Int32 = 0
        /// Killed after saying nothing for the allowed time.
        var silent = false
    }

    static func spawn(_ args: [String]) -> Child? {
        ChildProcess.spawn(args, quietStderr: true).map { Child(pid: $0.pid, fd: $0.fd) }
    }

    /// Reads every line until the worker ends (or is killed for silence).
    func collect(silence: Double) -> Result {
        var result = Result()
        var buffer: [UInt8] = []
        var last = EventClock.now()
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            var fds = [pollfd(fd: fd, events: Int16(POLLIN), revents: 0)]
            _ = poll(&fds, 1, 200)
            if fds[0].revents != 0 {
                let n = chunk.withUnsafeMutableBytes { Glibc.read(fd, $0.baseAddress, $0.count) }
                if n < 0 && errno == EINTR { continue }
                if n <= 0 { break }
                buffer.append(contentsOf: chunk[0..<n])
                last = EventClock.now()
                while let newline = buffer.firstIndex(of: 10) {
                    result.lines.append(String(decoding: buffer[..<newline], as: UTF8.self))
                    buffer.removeSubrange(...newline)
                }
            } else if !result.silent, EventClock.seconds(since: last) > silence {
                result.silent = true
                kill(pid, SIGKILL)
            }
        }
        close(fd)
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let signal = status & 0x7F
        if signal != 0 && signal != 0x7F && !result.silent { result.signal = signal }
        result.exitStatus = (status >> 8) & 0xFF
        return result
    }
}
