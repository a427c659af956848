import Glibc
import LuaBridge
import UIHostCore

/// What a fuzz run found wrong.
public struct FuzzFailure: Equatable, Sendable {
    public enum Kind: String, Sendable {
        /// A handler raised an error (the banner).
        case scriptError = "script error"
        /// A handler ran into the per-call limits (instructions or CPU time).
        case hang
        /// A frame line wider than the frame, or a frame of the wrong shape.
        case frame = "malformed frame"
        /// The host process died (a signal), or stopped answering.
        case crash
    }
    public var kind: Kind
    public var message: String

    public init(kind: Kind, message: String) {
        self.kind = kind
        self.message = message
    }

    /// What another run must show to fail "the same way": the kind, and for
    /// an error its first line (`file:line: message`).
    public func sameWay(as other: FuzzFailure) -> Bool {
        guard kind == other.kind else { return false }
        switch kind {
        case .scriptError, .hang: return firstLine == other.firstLine
        case .frame: return true
        case .crash: return message == other.message
        }
    }

    var firstLine: Substring { message.split(separator: "\n", maxSplits: 1).first ?? "" }
}

/// A deterministic generator (SplitMix64): the same seed, the same run.
struct FuzzRandom {
    private var state: UInt64

    init(seed: UInt64) { state = seed &+ 0x9E37_79B9_7F4A_7C15 }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// 0 ..< n (n > 0).
    mutating func below(_ n: Int) -> Int { Int(next() % UInt64(max(1, n))) }

    mutating func range(_ r: ClosedRange<Int>) -> Int { r.lowerBound + below(r.upperBound - r.lowerBound + 1) }

    mutating func pick<T>(_ items: [T]) -> T { items[below(items.count)] }

    mutating func chance(_ percent: Int) -> Bool { below(100) < percent }
}

/// `uihost fuzz`, in process: runs of random events on fresh hosts of one
/// screen, each event followed by the checks; a failing run is shrunk (delta
/// debugging) to a short sequence that still fails the same way.
public final class Fuzzer {
    public let screen: String
    public let options: HostOptions
    /// Events per run before a fresh host.
    public var runLength = 100
    /// When set, each event is written here (a line of `FuzzEvent.logLine`)
    /// before it is sent, and the file is emptied when a run starts: what a
    /// parent reads back after a crash.
    public var logFD: Int32?
    /// For the tests of the fuzzer itself: sending this key kills the process
    /// with SIGSEGV, standing in for a crash of the host.
    public var crashKey: Key?

    /// Words from the screen's source (its short string literals) and their
    /// characters: what typed text and character keys are drawn from, so that
    /// text the script compares against turns up.
    let words: [String]
    /// The literals of up to 3 characters (`"x"`, `"ab"`): likeliest compared against.
    let shortWords: [String]
    let characters: [Character]
    /// The characters of the short literals.
    let shortCharacters: [Character]

    static let genericKeys: [Key] = [
        .tab, .shiftTab, .enter, .space, .esc, .up, .down, .left, .right, .backspace, .home, .end,
        .pageUp, .pageDown, .function(1), .function(2), .ctrl("p"), .character("?"), .delete,
    ]
    static let alphabet: [Character] = Array("abcxyzABC019 -_.,é日")
    static let waits = [1, 16, 50, 100, 250, 500, 1000, 5000]

    public init(screen: String, options: HostOptions) {
        self.screen = screen
        var options = options
        options.log = { _ in }
        self.options = options
        let source = (try? FileSystem.readText(screen)) ?? ""
        words = Fuzzer.literals(in: source)
        var chars: [Character] = []
        for word in words {
            for c in word where !chars.contains(c) && chars.count < 64 { chars.append(c) }
        }
        characters = chars.isEmpty ? Fuzzer.alphabet : chars
        shortWords = words.filter { $0.count <= 3 }
        var short: [Character] = []
        for word in shortWords {
            for c in word where !short.contains(c) { short.append(c) }
        }
        shortCharacters = short.isEmpty ? characters : short
    }

    /// The short string literals of a Lua source, in order, without repeats.
    static func literals(in source: String) -> [String] {
        var found: [String] = []
        var current: [UInt8] = []
        var quote: UInt8?
        var escaped = false
        for byte in source.utf8 {
            if let q = quote {
                if escaped {
                    escaped = false
                    current = [0]  // a literal with escapes is not taken
                } else if byte == 92 {
                    escaped = true
                } else if byte == q || byte == 10 {
                    quote = nil
                    if !current.isEmpty, current.count <= 16, !current.contains(0), byte == q {
                        let word = String(decoding: current, as: UTF8.self)
                        if !found.contains(word) { found.append(word) }
                    }
                    current = []
                } else if byte >= 32 {
                    current.append(byte)
                } else {
                    current = [0]
                }
            } else if byte == 34 || byte == 39 {
                quote = byte
                current = []
            }
            if found.count >= 200 { break }
        }
        return found
    }

    // MARK: - Exploring

    public struct Report: Sendable {
        public var events = 0
        public var runs = 0
        public var seconds = 0.0
        /// The failing run, up to the event after which the failure showed.
        public var found: (events: [FuzzEvent], failure: FuzzFailure)?
    }

    /// Random runs from `seed` until `seconds` have passed or one fails.
    /// Throws only when the screen does not load.
    public func explore(seed: UInt64, seconds: Double, progress: (Int) -> Void = { _ in }) throws(LuaError) -> Report {
        var rng = FuzzRandom(seed: seed)
        var report = Report()
        let start = EventClock.now()
        var lastProgress = start
        while true {
            let now = EventClock.now()
            if now - start >= seconds { break }
            if now - lastProgress >= 0.5 {
                progress(report.events)
                lastProgress = now
            }
            report.runs += 1
            let host = try Host(script: screen, options: options)
            startLog()
            var size = options.size
            var events: [FuzzEvent] = []
            if let failure = check(host, size: size, errorsBefore: 0) {
                report.found = ([], failure)
                break
            }
            for index in 0..<runLength {
                let event = nextEvent(&rng, host: host, size: size)
                log(event)
                events.append(event)
                let errors = host.errorCount
                send(event, to: host)
                report.events += 1
                var checksFrame = index % frameCheckInterval == frameCheckInterval - 1 || index == runLength - 1
                if case .resize(let c, let r) = event {
                    size = Size(cols: c, rows: r)
                    checksFrame = true
                }
                if let failure = check(host, size: size, errorsBefore: errors, frame: checksFrame) {
                    report.found = (events, failure)
                    break
                }
                if host.quitCode != nil {
                    if let failure = check(host, size: size, errorsBefore: errors) { report.found = (events, failure) }
                    break
                }
            }
            if report.found != nil { break }
        }
        report.seconds = EventClock.seconds(since: start)
        return report
    }

    private func send(_ event: FuzzEvent, to host: Host) {
        if let crashKey, event == .key(crashKey) {
            signal(SIGSEGV, SIG_DFL)
            raise(SIGSEGV)
        }
        event.send(to: host)
    }

    private func startLog() {
        guard let fd = logFD else { return }
        _ = ftruncate(fd, 0)
        _ = lseek(fd, 0, SEEK_SET)
    }

    private func log(_ event: FuzzEvent) {
        guard let fd = logFD else { return }
        let line = event.logLine + "\n"
        _ = line.withCString { Glibc.write(fd, $0, strlen($0)) }
    }

    /// While exploring, the frame is drawn and checked after every this many
    /// events (and after each resize and the last event of a run): drawing is
    /// most of an event's cost. Replays check every frame.
    public var frameCheckInterval = 16

    /// The checks after an event: a new handler error, then (with `frame`) the frame's shape.
    func check(_ host: Host, size: Size, errorsBefore: Int, frame checksFrame: Bool = true) -> FuzzFailure? {
        let frame = checksFrame ? host.render() : FrameBuffer(width: 0, height: 0)
        if host.errorCount > errorsBefore {
            let message = host.errors.last ?? ""
            let limited = message.contains("instruction budget exceeded") || message.contains("time limit exceeded")
            return FuzzFailure(kind: limited ? .hang : .scriptError, message: message)
        }
        guard checksFrame else { return nil }
        let cols = max(0, size.cols), rows = max(0, size.rows)
        if frame.height != rows || frame.width != cols {
            return FuzzFailure(kind: .frame, message: "the frame is \(frame.width)x\(frame.height), not \(cols)x\(rows)")
        }
        for y in 0..<frame.height where !Fuzzer.isPlainASCII(frame, row: y) {
            let width = DisplayWidth.of(frame.line(y))
            if width > cols {
                return FuzzFailure(kind: .frame, message: "row \(y + 1) is \(width) columns wide in a frame of \(cols)")
            }
        }
        return nil
    }

    /// A row of printable ASCII, one column a cell, cannot be wider than the
    /// frame: only other rows are measured as text (the slow part of the checks).
    static func isPlainASCII(_ frame: FrameBuffer, row y: Int) -> Bool {
        frame.cells.withUnsafeBufferPointer { cells in
            for x in (y * frame.width)..<((y + 1) * frame.width) {
                if cells[x].char == " " && cells[x].width == 1 { continue }
                guard cells[x].width == 1, let byte = cells[x].char.asciiValue, byte >= 0x20, byte < 0x7F else { return false }
            }
            return true
        }
    }

    func nextEvent(_ rng: inout FuzzRandom, host: Host, size: Size) -> FuzzEvent {
        let roll = rng.below(100)
        let cols = max(1, size.cols), rows = max(1, size.rows)
        switch roll {
        case 0..<55:
            let hints = host.fuzzHints()
            if hints.takesText, rng.chance(50) {
                return .key(.character(rng.pick(rng.chance(70) ? shortCharacters : characters)))
            }
            if !hints.keys.isEmpty, rng.chance(60) { return .key(rng.pick(hints.keys)) }
            if rng.chance(15) { return .key(.character(rng.pick(characters))) }
            return .key(rng.pick(Fuzzer.genericKeys))
        case 55..<70:
            if !shortWords.isEmpty, rng.chance(50) { return .text(rng.pick(shortWords)) }
            if !words.isEmpty, rng.chance(60) { return .text(rng.pick(words)) }
            return .text(String((0..<rng.range(1...5)).map { _ in rng.pick(Fuzzer.alphabet) }))
        case 70..<83:
            let targets = host.fuzzHints().targets
            if !targets.isEmpty, rng.chance(80) {
                let r = rng.pick(targets)
                return .click(r.x + 1 + rng.below(r.width), r.y + 1 + rng.below(r.height))
            }
            return .click(rng.range(1...cols), rng.range(1...rows))
        case 83..<87:
            return .drag(rng.range(1...cols), rng.range(1...rows), rng.range(0...cols + 1), rng.range(0...rows + 1))
        case 87..<90:
            return .scroll(rng.range(1...cols), rng.range(1...rows), rng.pick([-3, -1, 1, 3]))
        case 90..<94:
            if rng.chance(30) { return .resize(rng.range(1...12), rng.range(1...6)) }
            return .resize(rng.range(1...200), rng.range(1...60))
        default:
            return .advance(rng.pick(Fuzzer.waits))
        }
    }

    // MARK: - Replaying and shrinking

    /// Sends `events` to a fresh host with the checks after each; the first
    /// failure, or nil. Throws when the screen does not load.
    public func replay(_ events: [FuzzEvent]) throws(LuaError) -> FuzzFailure? {
        let host = try Host(script: screen, options: options)
        var size = options.size
        if let failure = check(host, size: size, errorsBefore: 0) { return failure }
        for event in events {
            let errors = host.errorCount
            send(event, to: host)
            if case .resize(let c, let r) = event { size = Size(cols: c, rows: r) }
            if let failure = check(host, size: size, errorsBefore: errors) { return failure }
            if host.quitCode != nil { break }
        }
        return nil
    }

    /// The shortest sequence delta debugging finds that still fails like `failure`.
    public func shrink(_ events: [FuzzEvent], failure: FuzzFailure) -> [FuzzEvent] {
        Fuzzer.shrink(events) { candidate in
            guard let got = try? self.replay(candidate) else { return false }
            return got.sameWay(as: failure)
        }
    }

    /// ddmin (Zeller): removes chunks while `fails` holds, halving the chunk
    /// size down to single events; then splits typed text into fewer
    /// characters and shortens waits. `fails(events)` must hold.
    public static func shrink(_ events: [FuzzEvent], budget: Int = 5000, fails: ([FuzzEvent]) -> Bool) -> [FuzzEvent] {
        var current = events
        var tests = 0
        func test(_ candidate: [FuzzEvent]) -> Bool {
            tests += 1
            return fails(candidate)
        }
        var n = 2
        while current.count >= 2, tests < budget {
            let chunk = (current.count + n - 1) / n
            var reduced = false
            var start = 0
            while start < current.count, tests < budget {
                let end = min(current.count, start + chunk)
                let complement = Array(current[..<start] + current[end...])
                if !complement.isEmpty, test(complement) {
                    current = complement
                    n = max(n - 1, 2)
                    reduced = true
                    break
                }
                start = end
            }
            if reduced { continue }
            if n >= current.count { break }
            n = min(current.count, n * 2)
        }
        if current.count == 1, tests < budget, test([]) { current = [] }
        // Typed text: one character fewer at a time, or split into keys.
        var i = 0
        while i < current.count, tests < budget {
            guard case .text(let text) = current[i], text.count > 1 else {
                i += 1
                continue
            }
            var shortened = false
            for drop in text.indices {
                var t = text
                t.remove(at: drop)
                var candidate = current
                candidate[i] = .text(t)
                if test(candidate) {
                    current = candidate
                    shortened = true
                    break
                }
            }
            if !shortened { i += 1 }
        }
        // Waits: the shortest of the usual ones that still fails.
        for j in current.indices {
            guard case .advance(let ms) = current[j] else { continue }
            for shorter in waits where shorter < ms && tests < budget {
                var candidate = current
                candidate[j] = .advance(shorter)
                if test(candidate) {
                    current = candidate
                    break
                }
            }
        }
        return current
    }
}
