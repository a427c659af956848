import CLua
import CLuaShim
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
}

/// Time: timers and coroutines run on the host's clock, which moves only by
/// `advance` (the virtual clock of headless runs, or real time from the loop).
final class Scheduler {
    /// Callbacks that may fall due in one millisecond of the clock. More is a
    /// runaway (a timer scheduling several more each time it runs) and stops
    /// every timer, so that one `advance` ends in bounded time and memory.
    static let maxCallbacksPerMillisecond = 1000
    /// Timers (and sleeping coroutines) that may be scheduled at once.
    static let maxTimers = 10_000
    /// Timer callbacks that may run into a limit in one `advance` before every
    /// timer is stopped: each costs a whole budget, so a wait of N ms would
    /// otherwise cost up to N budgets.
    static let maxLimitedCallbacks = 3

    private let lua: LuaState
    private var L: OpaquePointer { lua.L }
    private let dispatcher: Dispatcher
    private let invalidation: Invalidation

    /// Milliseconds since the app started, on the host's clock.
    private(set) var clock = 0
    private var timers = TimerQueue()
    /// Coroutines of `ui.spawn` still running.
    private var spawned: Set<OpaquePointer> = []
    private var nextTimerID = 1
    /// Takes a coroutine (its reference) that waits for the dialog of a
    /// table; false when no such dialog is shown or about to be.
    var awaitDialog: (Int32, UnsafeRawPointer) -> Bool = { _, _ in false }

    init(lua: LuaState, dispatcher: Dispatcher, invalidation: Invalidation) {
        self.lua = lua
        self.dispatcher = dispatcher
        self.invalidation = invalidation
    }

    /// Schedules the function on top of the Lua stack (popping it); returns the
    /// timer id, or nil (the function popped) when `maxTimers` are scheduled.
    func schedule(after ms: Int, every interval: Int?) -> Int? {
        guard timers.count < Scheduler.maxTimers else {
            lua_settop(L, -2)
            return nil
        }
        let ref = luaL_ref(L, LUA_REGISTRYINDEX)
        let id = nextTimerID
        nextTimerID += 1
        // At least 1 ms: a timer that schedules another for "now" must not keep
        // one `advance` from ever returning.
        timers.insert(Timer(id: id, due: clock + max(1, ms), interval: interval.map { max(1, $0) }, ref: ref, isCoroutine: false))
        return id
    }

    func cancelTimer(_ id: Int) {
        guard let ref = timers.cancel(id) else { return }
        luaL_unref(L, LUA_REGISTRYINDEX, ref)
    }

    /// Milliseconds until the next timer is due, nil when none is scheduled.
    var nextTimerDelay: Int? {
        timers.earliestDue().map { max(0, $0 - clock) }
    }

    /// Moves the clock on by `ms`, running every timer that falls due in order.
    ///
    /// On virtual time (`realTime` false: tests and `render`) every tick of a
    /// repeating timer runs, since a handler takes no time. On real time the
    /// time a slow handler took has passed for its timer too: a repeating timer
    /// that fell behind runs once and skips the ticks it missed, as a real
    /// scheduler does. `shouldYield` is asked between callbacks (the terminal
    /// has input or a signal): when it answers true, the timers still due wait
    /// for the next call; once `hasQuit` answers true, none runs.
    func advance(_ ms: Int, realTime: Bool, shouldYield: () -> Bool, hasQuit: () -> Bool) {
        let target = clock + max(0, ms)
        var firedThisMillisecond = 0
        var limited = 0
        while !hasQuit(), let timer = timers.popDue(atOrBefore: target) {
            firedThisMillisecond = timer.due > clock ? 1 : firedThisMillisecond + 1
            clock = max(clock, timer.due)
            if firedThisMillisecond > Scheduler.maxCallbacksPerMillisecond {
                release(timer)
                stopAllTimers { "runaway timers: more than \(Scheduler.maxCallbacksPerMillisecond) callbacks fell due at \(clock) ms; all \($0 + 1) timers are stopped" }
                break
            }
            if let interval = timer.interval {
                // Scheduled again before it runs, so that its handler can cancel it.
                var next = timer
                next.due += interval
                if realTime && next.due <= target { next.due = target + 1 }
                timers.insert(next)
            }
            let firstScheduledByIt = nextTimerID
            // One timer is one step: navigation it asks for is applied when it returns.
            if let error = dispatcher.handling({ fire(timer) }), error.isLimit {
                limited += 1
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
            invalidation.layout = true
            if limited >= Scheduler.maxLimitedCallbacks && !timers.isEmpty {
                stopAllTimers { "runaway timers: \(limited) timer callbacks ran into a limit; all \($0) timers are stopped" }
                break
            }
            if shouldYield() { break }
        }
        clock = max(clock, target)
    }

    /// Runs a due timer; the error it ended with, if any.
    private func fire(_ timer: Timer) -> LuaError? {
        if timer.isCoroutine {
            return resume(threadRef: timer.ref, nargs: 0)
        }
        lua_rawgeti(L, LUA_REGISTRYINDEX, lua_Integer(timer.ref))
        if timer.interval == nil { luaL_unref(L, LUA_REGISTRYINDEX, timer.ref) }
        return dispatcher.invoke(nargs: 0)
    }

    /// Releases what a timer taken off the queue holds, without running it.
    private func release(_ timer: Timer) {
        if timer.isCoroutine, let co = thread(timer.ref) { spawned.remove(co) }
        luaL_unref(L, LUA_REGISTRYINDEX, timer.ref)
    }

    /// Stops every timer and sleeping coroutine, and reports why; `message`
    /// gets how many were still scheduled.
    private func stopAllTimers(_ message: (Int) -> String) {
        let count = timers.count
        for timer in timers.removeAll() { release(timer) }
        dispatcher.report(message(count))
    }

    private func thread(_ ref: Int32) -> OpaquePointer? {
        lua_rawgeti(L, LUA_REGISTRYINDEX, lua_Integer(ref))
        defer { lua_settop(L, -2) }
        return lua_tothread(L, -1)
    }

    // MARK: - Coroutines

    /// `ui.spawn(fn)`, called on thread `caller`: the function on top of the main
    /// stack (popped) runs as a coroutine now.
    func spawn(from caller: OpaquePointer) {
        guard let co = lua_newthread(L) else { return }
        uih_chargenewthread(L)
        spawned.insert(co)
        lua_rotate(L, -2, 1)          // thread fn
        lua_xmove(L, co, 1)           // thread
        let ref = luaL_ref(L, LUA_REGISTRYINDEX)
        resume(threadRef: ref, nargs: 0, from: caller)
    }

    /// Resumes a coroutine from thread `caller` (which Lua's C-stack limit counts
    /// from: a coroutine spawning coroutines cannot nest without end); when it
    /// sleeps it is scheduled again, when it ends or fails its reference is
    /// released (an error goes to the banner).
    @discardableResult
    func resume(threadRef ref: Int32, nargs: Int32, from caller: OpaquePointer? = nil) -> LuaError? {
        guard let co = thread(ref) else { return nil }
        var nresults: Int32 = 0
        let status = dispatcher.handling { lua.withBudget(on: co) { uih_resume(co, caller ?? L, nargs, &nresults) } }
        invalidation.layout = true
        if status == LUA_YIELD {
            // ui.alert / ui.confirm: the dialog resumes it with the answer.
            if nresults >= 1, lua_type(co, -1) == LUA_TLIGHTUSERDATA, let table = lua_touserdata(co, -1) {
                lua_settop(co, -nresults - 1)
                nresults = 0
                if awaitDialog(ref, UnsafeRawPointer(table)) { return nil }
            }
            var ms = 0
            // What ui.sleep yields; a bare coroutine.yield may yield anything.
            if nresults >= 1, lua_isinteger(co, -1) != 0 { ms = Int(clamping: min(max(0, lua_tointegerx(co, -1, nil)), 1_000_000_000_000)) }
            lua_settop(co, -nresults - 1)
            timers.insert(Timer(id: nextTimerID, due: clock + max(1, ms), interval: nil, ref: ref, isCoroutine: true))
            nextTimerID += 1
            return nil
        }
        var failure: LuaError?
        if status != LUA_OK {
            let message = lua.errorMessage(ofFailed: co)
            luaL_traceback(L, co, nil, 0)
            let traceback = LuaState.string(L, at: -1)
            lua_settop(L, -2)
            let error = lua.classify(status: status, message: message, traceback: traceback)
            dispatcher.report(error)
            failure = error
        }
        spawned.remove(co)
        luaL_unref(L, LUA_REGISTRYINDEX, ref)
        return failure
    }

    /// Resumes the coroutine `ref` that waited for a dialog, with its answer.
    func resume(waiter ref: Int32, with ok: Bool) {
        guard let co = thread(ref) else { return }
        lua_pushboolean(co, ok ? 1 : 0)
        resume(threadRef: ref, nargs: 1)
    }

    /// Whether `thread` is a coroutine started by `ui.spawn` (where `ui.sleep` may yield).
    func isSpawned(_ thread: OpaquePointer) -> Bool {
        spawned.contains(thread)
    }
}
