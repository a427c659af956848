import LuaBridge
import UIHostCore

/// One automation script: its Lua state, its cases and the apps they open.
final class ScriptRun {
    let path: String
    let options: TestOptions
    let output: (String) -> Void
    /// Called once the script has loaded, with the names of its cases in
    /// order, before any runs; then as each case starts and ends.
    var onRegistered: ([String]) -> Void = { _ in }
    var onStart: (String) -> Void = { _ in }
    /// Called once the script has loaded, under `--shard`, with the number of
    /// its results that other shards report.
    var onShardedAway: (Int) -> Void = { _ in }
    var onFinish: (CaseResult) -> Void = { _ in }
    let lua = LuaState()
    private(set) var passed = 0
    private(set) var failed = 0

    struct Case {
        let name: String
        let function: LuaFunction
        /// The size of one run of a size matrix: passed to the function as
        /// "COLSxROWS", the default of `test.open`, the folder of snapshots.
        var size: Size? = nil
    }
    /// The size of the case running now, when it is one run of a size matrix.
    private(set) var caseSize: Size?
    var cases: [Case] = []
    /// While the script's top level runs: the only time `test.case` registers a case.
    private(set) var loading = false
    var apps: [Int: App] = [:]
    var nextAppID = 1
    /// The app used last, whose frame a failure shows.
    var lastApp: App?
    /// With `--coverage`: counts the lines of every app's scripts.
    var coverage: LuaCoverage?

    init(path: String, options: TestOptions, output: @escaping (String) -> Void) {
        self.path = path
        self.options = options
        self.output = output
        lua.setOwner(self)
        lua.openLibraries()
        TestModule.install(self)
        // `require` finds modules beside the script first (shared helpers).
        let directory = FileSystem.directory(of: path)
        try? lua.load("package.path = ... .. '/?.lua;' .. package.path", chunkName: "=uihost")
        lua.stack.push(directory)
        try? lua.call(nargs: 1, nresults: 0)
    }

    func execute() {
        lua.stack.balanced("the test script \(path)") { executeCases() }
    }

    private func executeCases() {
        // The top level runs under the per-case time limit too: a script that
        // loops there is stopped like a case that does.
        loading = true
        lua.setDeadline(seconds: options.timeout)
        var loadError: LuaError?
        do throws(LuaError) {
            try lua.loadFile(path)
            try lua.call(nargs: 0, nresults: 0)
        } catch {
            loadError = error
        }
        lua.setDeadline(seconds: 0)
        loading = false
        if let loadError {
            var results = [CaseResult(name: path, passed: false, seconds: 0, message: loadError.message, ofScript: true)]
            for c in cases { results.append(CaseResult(name: c.name, passed: false, seconds: 0, message: "not run: the script did not load")) }
            let mine = results.filter { inShard($0.name) }
            if options.shard != nil { onShardedAway(results.count - mine.count) }
            for result in mine { record(result) }
            return
        }
        if cases.isEmpty {
            // Reported under the script's name, which has a shard like a case's.
            if options.shard != nil { onShardedAway(inShard(path) ? 0 : 1) }
            if inShard(path) { record(CaseResult(name: path, passed: false, seconds: 0, message: "no test.case in this script", ofScript: true)) }
            return
        }
        let mine = cases.filter { inShard($0.name) }
        if options.shard != nil { onShardedAway(cases.count - mine.count) }
        onRegistered(mine.map(\.name))
        for c in mine {
            lastApp = nil
            caseSize = c.size
            defer { caseSize = nil }
            onStart(c.name)
            let start = EventClock.now()
            lua.setDeadline(seconds: options.timeout)
            var result = CaseResult(name: c.name, passed: true, seconds: 0, message: "")
            do throws(LuaError) {
                try c.function.call(c.size.map { [.string($0.text)] } ?? [])
            } catch {
                result.passed = false
                result.message = error.message
                // The frame of the app used last, unless the message shows one already.
                if !error.message.contains("frame"), let app = lastApp {
                    result.message += "\n" + App.framed(app.render())
                }
            }
            lua.setDeadline(seconds: 0)
            result.seconds = EventClock.seconds(since: start)
            record(result)
            closeApps()
        }
    }

    /// Whether a result of this script, named `name`, is this shard's to report.
    private func inShard(_ name: String) -> Bool {
        options.shard?.contains(script: path, case: name) ?? true
    }

    private func record(_ result: CaseResult) {
        if result.passed { passed += 1 } else { failed += 1 }
        onFinish(result)
    }

    func closeApps() {
        apps.removeAll()
        lastApp = nil
    }

}

/// A headless app opened by `test.open`.
final class App {
    let id: Int
    let host: Host
    let path: String

    /// `app:stats()`: what a terminal would have been sent so far; nil unless
    /// the app was opened with `{ stats = true }`. Counting draws through the
    /// diff writer after every event, as the interactive loop does, which
    /// costs more than the event itself: a test that does not ask pays nothing.
    private(set) var tally: TerminalTally?

    init(id: Int, host: Host, path: String, countsBytes: Bool = false) {
        self.id = id
        self.host = host
        self.path = path
        if countsBytes {
            tally = TerminalTally()
            draw()
        }
    }

    // MARK: - Driving the host
    // Each checks, in every build, that the host leaves its Lua stack as it
    // found it: a leak would otherwise grow by a slot per key of a long test.

    func send(_ event: Event) {
        if case .key = event { tally?.countKey() }
        host.lua.stack.balanced("\(event)") { host.send(event) }
        if tally != nil { draw() }
    }

    func advance(_ ms: Int) {
        host.lua.stack.balanced("advance(\(ms))") {
            guard tally != nil else {
                host.advance(ms)
                return
            }
            // Drawn where the interactive loop would draw: at timers and spinner frames.
            var left = ms
            var frames = 0
            while left > 0 {
                let step = frames < TerminalTally.maxFramesPerAdvance
                    ? TerminalTally.nextStep(left: left, timerDelay: host.nextTimerDelay, animating: host.animating) : left
                host.advance(step)
                left -= step
                frames += 1
                draw()
            }
        }
    }

    private func draw() {
        host.lua.stack.balanced("render") { tally?.draw(host) }
    }

    func render() -> FrameBuffer {
        host.lua.stack.balanced("render") { host.render() }
    }

    /// The frame with a gutter, as failures print it.
    static func framed(_ frame: FrameBuffer) -> String {
        "frame \(frame.width)x\(frame.height):\n" + (0..<frame.height).map { "  | " + frame.line($0) }.joined(separator: "\n")
    }
}
