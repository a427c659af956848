import LuaBridge

/// A scheduled callback: `ui.after`, `ui.every`, or a coroutine asleep in `ui.sleep`.
struct Timer {
    let id: Int
    var due: Int
    /// Set for `ui.every`.
    let interval: Int?
    /// Registry reference to the function, or to the coroutine for a sleeper.
    let ref: Int32
    let isCoroutine: Bool
    /// Whose it is: runs under its limits, goes when a plugin that failed to load is rolled back.
    var origin: Origin = .app
}

/// Time: timers and coroutines run on the host's clock, which moves only by
/// `advance` (the virtual clock of headless runs, or real time from the loop).
/// The host runs the due timers one at a time (`runNextTimer`), applying
/// between two what each led to: the actions returned (a coroutine waiting
/// for a dialog), then the navigation its handler asked for.
final class Scheduler: TimerScheduling {
    /// Callbacks that may fall due in one millisecond of the clock. More is a
    /// runaway (a timer scheduling several more each time it runs) and stops
    /// every timer, so that one `advance` ends in bounded time and memory.
    static let maxCallbacksPerMillisecond = 1000
    /// Timers (and sleeping coroutines) one owner (the app, a plugin) may have scheduled at once.
    static let maxTimers = 10_000
    /// Timer callbacks that may run into a limit in one `advance` before every
    /// timer is stopped: each costs a whole budget, so a wait of N ms would
    /// otherwise cost up to N budgets.
    static let maxLimitedCallbacks = 3

    private let lua: LuaState
    private var L: OpaquePointer { lua.L }
    var s: LuaStack { LuaStack(L) }
    private let dispatcher: Dispatcher
    private let invalidation: Invalidation

    /// Milliseconds since the app started, on the host's clock.
    private(set) var clock = 0
    private var timers = TimerQueue()
    /// Coroutines of `ui.spawn` still running, and whose they are.
    private var spawned: [OpaquePointer: Origin] = [:]
    private var nextTimerID = 1

    init(lua: LuaState, dispatcher: Dispatcher, invalidation: Invalidation) {
        self.lua = lua
        self.dispatcher = dispatcher
        self.invalidation = invalidation
    }

    /// Schedules the function on top of the Lua stack (popping it); returns the
    /// timer id, or nil (the function popped) when `maxTimers` are scheduled.
    func schedule(after ms: Int, every interval: Int?, origin: Origin = .app) -> Int? {
        // Counted per owner: a plugin cannot take every slot from the screen.
        guard timers.count(of: origin) < Scheduler.maxTimers else {
            s.pop()
            return nil
        }
        let ref = s.popRef()
        let id = nextTimerID
        nextTimerID += 1
        // At least 1 ms: a timer that schedules another for "now" must not keep
        // one `advance` from ever returning.
        timers.insert(Timer(id: id, due: clock + max(1, ms), interval: interval.map { max(1, $0) }, ref: ref, isCoroutine: false,
                            origin: origin))
        return id
    }

    func cancelTimer(_ id: Int) {
        guard let ref = timers.cancel(id) else { return }
        s.unref(ref)
    }

    /// Milliseconds until the next timer is due, nil when none is scheduled.
    var nextTimerDelay: Int? {
        timers.earliestDue().map { max(0, $0 - clock) }
    }

    /// One move of the clock (`start`, `runNextTimer`, `finish`): where it
    /// ends, and the counts that tell a runaway, per owner.
    struct Advance {
        let target: Int
        let realTime: Bool
        fileprivate var firedThisMillisecond: [Origin: Int] = [:]
        fileprivate var limited: [Origin: Int] = [:]
        /// Set once a runaway stopped every timer: nothing more runs.
        fileprivate var stopped = false
    }

    /// Starts moving the clock on by `ms`: the host then runs every timer
    /// that falls due in order (`runNextTimer`) and ends with `finish`.
    ///
    /// On virtual time (`realTime` false: tests and `render`) every tick of a
    /// repeating timer runs, since a handler takes no time. On real time the
    /// time a slow handler took has passed for its timer too: a repeating timer
    /// that fell behind runs once and skips the ticks it missed, as a real
    /// scheduler does. The host may stop between two callbacks (the terminal
    /// has input, the app quit): the timers still due wait for the next advance.
    ///
    /// The runaway bounds count per owner: a plugin's runaway timers stop the
    /// plugin's timers only; the app's stop every timer.
    func start(advancingBy ms: Int, realTime: Bool) -> Advance {
        Advance(target: clock + max(0, ms), realTime: realTime)
    }

    /// Runs the next timer due within `advance`; nil when none is left (or a
    /// runaway stopped them all). What it returns is for the host to apply,
    /// then the navigation the timer's handler asked for: one timer is one step.
    func runNextTimer(_ advance: inout Advance) -> [Action]? {
        let target = advance.target
        while !advance.stopped, let timer = timers.popDue(atOrBefore: target) {
            if timer.due > clock { advance.firedThisMillisecond.removeAll(keepingCapacity: true) }
            advance.firedThisMillisecond[timer.origin, default: 0] += 1
            clock = max(clock, timer.due)
            if advance.firedThisMillisecond[timer.origin, default: 0] > Scheduler.maxCallbacksPerMillisecond {
                release(timer)
                let why = "more than \(Scheduler.maxCallbacksPerMillisecond) callbacks fell due at \(clock) ms"
                if stopRunaway(timer.origin, why: why, counting: 1) { advance.stopped = true }
                continue
            }
            if let interval = timer.interval {
                // Scheduled again before it runs, so that its handler can cancel it.
                var next = timer
                next.due += interval
                if advance.realTime && next.due <= target { next.due = target + 1 }
                timers.insert(next)
            }
            let firstScheduledByIt = nextTimerID
            let (error, then) = dispatcher.handling { fire(timer) }
            if let error, error.isLimit {
                advance.limited[timer.origin, default: 0] += 1
                // A repeating timer would run into the same limit on every
                // tick, and so would a chain of ui.after that schedules its
                // next link before it spins: both stop here.
                let chained = timers.ids(from: firstScheduledByIt)
                for id in chained { cancelTimer(id) }
                if timer.interval != nil {
                    cancelTimer(timer.id)
                    dispatcher.amendLastError(" (the ui.every timer is stopped)")
                } else if !chained.isEmpty {
                    dispatcher.amendLastError(" (the \(chained.count == 1 ? "timer" : "\(chained.count) timers") it scheduled \(chained.count == 1 ? "is" : "are") stopped)")
                }
            }
            // What it wrote is seen by the compositor (`LuaState.runs`, the record of writes).
            invalidation.drawing = true
            if let count = advance.limited[timer.origin], count >= Scheduler.maxLimitedCallbacks, !timers.isEmpty {
                advance.limited[timer.origin] = nil
                if stopRunaway(timer.origin, why: "\(count) timer callbacks ran into a limit", counting: 0) { advance.stopped = true }
            }
            return then
        }
        return nil
    }

    /// Ends `advance`: the clock stands at its target, whether or not every
    /// timer due by then ran.
    func finish(_ advance: Advance) {
        clock = max(clock, advance.target)
    }

    /// Stops the runaway timers of `origin`: a plugin's own, or every timer
    /// when they are the app's (then true: the caller stops too).
    private func stopRunaway(_ origin: Origin, why: String, counting extra: Int) -> Bool {
        guard case .plugin = origin else {
            stopAllTimers { "runaway timers: \(why); all \($0 + extra) timers are stopped" }
            return true
        }
        let stopped = timers.removeAll { $0.origin == origin }
        for timer in stopped { release(timer) }
        let owner = dispatcher.limits.name(of: origin).map { "plugin '\($0)'" } ?? "the screen"
        dispatcher.report("runaway timers of \(owner): \(why); its \(stopped.count + extra) timers are stopped")
        return false
    }

    /// Runs a due timer: the error it ended with, if any, and what it leads to.
    private func fire(_ timer: Timer) -> (LuaError?, [Action]) {
        if timer.isCoroutine {
            return resume(threadRef: timer.ref, nargs: 0)
        }
        s.pushRef(timer.ref)
        if timer.interval == nil { s.unref(timer.ref) }
        return (dispatcher.invoke(nargs: 0, as: timer.origin), [])
    }

    /// Releases what a timer taken off the queue holds, without running it.
    private func release(_ timer: Timer) {
        if timer.isCoroutine, let co = thread(timer.ref) { spawned[co] = nil }
        s.unref(timer.ref)
    }

    /// Stops every timer and sleeping coroutine, and reports why; `message`
    /// gets how many were still scheduled.
    private func stopAllTimers(_ message: (Int) -> String) {
        let count = timers.count
        for timer in timers.removeAll() { release(timer) }
        dispatcher.report(message(count))
    }

    private func thread(_ ref: Int32) -> OpaquePointer? {
        s.pushRef(ref)
        defer { s.pop() }
        return s.thread(at: -1)?.L
    }

    // MARK: - Coroutines

    /// `ui.spawn(fn)`, called on thread `caller`: the function `function` (a
    /// registry reference, released) runs as a coroutine now. Returns what it
    /// leads to (`resume`).
    func spawn(_ function: Int32, from caller: OpaquePointer, origin: Origin = .app) -> [Action] {
        let co = s.pushNewThread().L
        spawned[co] = origin
        s.pushRef(function)
        s.unref(function)
        s.move(1, to: LuaStack(co))           // thread
        let ref = s.popRef()
        return resume(threadRef: ref, nargs: 0, from: caller).then
    }

    /// Resumes a coroutine from thread `caller` (which Lua's C-stack limit counts
    /// from: a coroutine spawning coroutines cannot nest without end); when it
    /// sleeps it is scheduled again, when it ends or fails its reference is
    /// released (an error goes to the banner). When it waits for a dialog
    /// (`ui.confirm` in a coroutine), the action returned hands it to the dialog.
    private func resume(threadRef ref: Int32, nargs: Int32, from caller: OpaquePointer? = nil) -> (error: LuaError?, then: [Action]) {
        guard let co = thread(ref) else { return (nil, []) }
        let origin = spawned[co] ?? .app
        let resumed = dispatcher.handling {
            dispatcher.limits.run(as: origin) { lua.resume(LuaStack(co), from: LuaStack(caller ?? L), nargs: nargs) }
        }
        invalidation.drawing = true
        if case .yielded(let nresults) = resumed {
            let c = LuaStack(co)
            // ui.alert / ui.confirm: the dialog resumes it with the answer.
            if nresults >= 1, c.type(at: -1) == .lightUserdata, let table = c.userdataPointer(at: -1) {
                c.pop(nresults)
                return (nil, [.awaitDialog(coroutine: ref, UnsafeRawPointer(table))])
            }
            var ms = 0
            // What ui.sleep yields; a bare coroutine.yield may yield anything.
            if nresults >= 1, c.isInteger(at: -1) { ms = Int(clamping: min(max(0, c.toInteger(at: -1)), 1_000_000_000_000)) }
            c.pop(nresults)
            wake(ref, after: ms)
            return (nil, [])
        }
        var failure: LuaError?
        if case .failed(let status) = resumed {
            let error = lua.error(ofFailed: LuaStack(co), status: status)
            dispatcher.report(error)
            failure = error
        }
        spawned[co] = nil
        s.unref(ref)
        return (failure, [])
    }

    /// Resumes the sleeping coroutine `ref` after `ms` (at least 1): as
    /// `ui.sleep(ms)`, and a coroutine that yielded for a dialog no longer there.
    func wake(_ ref: Int32, after ms: Int = 0) {
        guard let co = thread(ref) else { return }
        timers.insert(Timer(id: nextTimerID, due: clock + max(1, ms), interval: nil, ref: ref, isCoroutine: true,
                            origin: spawned[co] ?? .app))
        nextTimerID += 1
    }

    /// Resumes the coroutine `ref` that waited for a dialog, with its answer;
    /// returns what it leads to.
    func resume(waiter ref: Int32, with ok: Bool) -> [Action] {
        guard let co = thread(ref) else { return [] }
        LuaStack(co).push(ok)
        return resume(threadRef: ref, nargs: 1).then
    }

    /// Whether `thread` is a coroutine started by `ui.spawn` (where `ui.sleep` may yield).
    func isSpawned(_ thread: OpaquePointer) -> Bool {
        spawned[thread] != nil
    }

    /// Stops every timer and sleeping coroutine of `origin` (a plugin whose
    /// `setup` failed leaves nothing running).
    func stopAll(of origin: Origin) {
        for timer in timers.removeAll(where: { $0.origin == origin }) { release(timer) }
        for (co, o) in spawned where o == origin { spawned[co] = nil }
    }
}
