import LuaBridge

/// Calls into the script on the host's behalf — components' handlers, writes
/// of state into their tables — and what a failed call leaves: the error log
/// and the banner. Every handler the host runs goes through `invoke`.
///
/// While a handler runs, navigation it asks for (`ui.push`, `ui.present`, …)
/// waits: `handling` counts how deep the host is in handlers, and the host
/// (`Host.handling`) applies the requests once the outermost returned, so no
/// script runs half-way through an event. The dispatcher itself knows
/// nothing of navigation.
final class Dispatcher {
    let lua: LuaState
    var L: OpaquePointer { lua.L }
    var s: LuaStack { LuaStack(L) }
    let reader: TreeReader
    let invalidation: Invalidation
    /// Whose limits each call runs under (a plugin's code, its own).
    let limits: CallLimits
    private let log: (String) -> Void

    /// The last `HostLimits.maxErrors` handler errors, as shown in the banner
    /// (each to `HostLimits.maxErrorBytes`): a timer raising a 20 MB error
    /// every 10 ms must not make the host keep them all.
    private(set) var errors: [String] = []
    /// How many errors were reported, kept or not: what tells a new one
    /// once `errors` is full.
    private(set) var reportedCount = 0
    /// The error shown over the bottom rows until Esc.
    var banner: String? {
        didSet { invalidation.drawing = true }
    }

    /// How deep the host is in running handlers (a handler spawning a coroutine nests).
    private var depth = 0
    /// Whether a handler is running now: navigation it asks for must wait.
    var isHandling: Bool { depth > 0 }

    init(lua: LuaState, reader: TreeReader, invalidation: Invalidation, limits: CallLimits, log: @escaping (String) -> Void) {
        self.lua = lua
        self.limits = limits
        self.reader = reader
        self.invalidation = invalidation
        self.log = log
    }

    /// Runs `body`, which runs handlers: navigation they ask for waits until
    /// the outermost returned (`Host.handling` applies it then).
    func handling<T>(_ body: () -> T) -> T {
        depth += 1
        defer { depth -= 1 }
        return body()
    }

    // MARK: - Calls

    /// Calls the function below `nargs` arguments, under the limits of
    /// `origin` or else of whose code the function is; an error goes to the banner.
    @discardableResult
    func invoke(nargs: Int32, as origin: Origin? = nil) -> LuaError? {
        invoke(nargs: nargs, as: origin, answer: nil)
    }

    /// `invoke`, and when `answer` is given, whether the function returned a
    /// true value (false when it failed): a screen's `onKey` says it took the key.
    @discardableResult
    func invoke(nargs: Int32, as origin: Origin?, answer: UnsafeMutablePointer<Bool>?) -> LuaError? {
        // What the script changes is seen by the compositor (`LuaState.runs`,
        // the components' record of writes); the frame is drawn again.
        invalidation.drawing = true
        let owner = origin ?? limits.origin(ofFunctionAt: -(nargs + 1), on: L)
        return handling { () -> LuaError? in
            do throws(LuaError) {
                try limits.run(as: owner) { () throws(LuaError) in
                    guard let answer else { return try lua.call(nargs: nargs, nresults: 0) }
                    try lua.call(nargs: nargs, nresults: 1)
                    answer.pointee = s.truth(at: -1)
                    s.pop()
                }
                return nil
            } catch {
                // Named by whose code it is, not by what the message says: a
                // plugin's error that starts "plugin 'other':" still names it first.
                if let name = limits.name(of: owner), !error.message.hasPrefix("plugin '\(name)': ") {
                    report("plugin '\(name)': " + error.message, traceback: error.traceback)
                } else {
                    report(error)
                }
                return error
            }
        }
    }

    /// Pushes the storage of node `anchor` of the current layout: the table
    /// of its fields, which the host reads and writes raw.
    func pushComponent(_ anchor: Int32) {
        s.pushRef(reader.storageRef)
        s.rawGetIndex(at: -1, anchor)
        s.remove(at: -2)
    }

    /// Pushes the component of node `anchor` as scripts hold it (its proxy),
    /// for a handler's arguments: what the handler writes into it is seen.
    func pushProxy(_ anchor: Int32) {
        s.pushRef(reader.anchorRef)
        s.rawGetIndex(at: -1, anchor)
        s.remove(at: -2)
    }

    /// Pushes `t[key]` for the table at `index`, raw; returns its type.
    @discardableResult
    func field(_ index: Int32, _ key: StaticString) -> LuaType {
        let t = s.absolute(index)
        reader.pushName(key)
        return s.rawGet(at: t)
    }

    private func push(_ argument: Action.Argument) {
        switch argument {
        case .component(let anchor): pushProxy(anchor)
        case .integer(let n): s.pushInteger(n)
        case .string(let s): lua.push(s)
        case .boolean(let b): s.push(b)
        case .element(let anchor, let key, let index):
            pushComponent(anchor)
            if field(-1, key) == .table { s.rawGetIndex(at: -1, index) } else { s.pushNil() }
            s.remove(at: -2)
            s.remove(at: -2)
        }
    }

    /// Calls `component[handler](arguments…)` when it is a function.
    func call(anchor: Int32, handler: StaticString, _ arguments: [Action.Argument]) {
        call(anchor, handler, arguments, answer: nil)
    }

    /// Calls `component[handler](arguments…)` when it is a function; whether
    /// it returned a true value.
    func ask(anchor: Int32, handler: StaticString, _ arguments: [Action.Argument]) -> Bool {
        var answer = false
        call(anchor, handler, arguments, answer: &answer)
        return answer
    }

    private func call(_ anchor: Int32, _ handler: StaticString, _ arguments: [Action.Argument], answer: UnsafeMutablePointer<Bool>?) {
        s.restoringTop {
            pushComponent(anchor)
            let component = s.top
            guard field(component, handler) == .function else { return }
            let owner = limits.origin(ofComponentAt: component, on: L)
            for argument in arguments { push(argument) }
            invoke(nargs: Int32(arguments.count), as: owner, answer: answer)
        }
    }

    /// Calls the handlers of item `index` of the array in field `items`.
    func callItem(anchor: Int32, items: StaticString, index: Int, handler: StaticString, dispatch: Action.ItemDispatch) {
        s.restoringTop {
            pushComponent(anchor)
            let component = s.top
            // No handler, no item: a data source is not called for nothing.
            if dispatch == .componentOnly, !hasFunction(component, handler) { return }
            guard pushItem(of: component, items, index) else { return }
            let item = s.top
            let owner = limits.origin(ofComponentAt: component, on: L)
            let withIndex = dispatch != .itemThenComponent ? index : nil
            var calledItem = false
            if dispatch != .componentOnly, s.type(at: item) == .table {
                calledItem = callItemHandler(handler, of: item, item: item, index: withIndex, as: owner)
            }
            if !calledItem || dispatch == .itemThenComponent {
                callItemHandler(handler, of: component, item: item, index: withIndex, as: owner)
            }
        }
    }

    /// Whether `t[handler]` is a function, for the table at `t`.
    private func hasFunction(_ t: Int32, _ handler: StaticString) -> Bool {
        s.restoringTop { field(t, handler) == .function }
    }

    /// Calls `t[handler](item, index)` (without `index` when nil) when it is
    /// a function, for the table at `t` and the item at `item`; whether it was one.
    @discardableResult
    private func callItemHandler(_ handler: StaticString, of t: Int32, item: Int32, index: Int?, as owner: Origin?) -> Bool {
        s.restoringTop {
            guard field(t, handler) == .function else { return false }
            s.pushCopy(of: item)
            if let index { s.pushInteger(index) }
            invoke(nargs: index == nil ? 1 : 2, as: owner)
            return true
        }
    }

    /// Calls `t[handler](…)` for the table at `t` when it is a function,
    /// under the limits of whoever built the table; `arguments` pushes the
    /// arguments (given the table's index) and says how many. The stack is as
    /// before afterwards. Whether there was a function to call.
    @discardableResult
    func callHandler(_ handler: String, ofTableAt t: Int32, arguments: (Int32) -> Int32) -> Bool {
        let t = s.absolute(t)
        return s.restoringTop {
            guard s.rawGet(at: t, handler) == .function else { return false }
            let owner = limits.origin(ofComponentAt: t, on: L)
            invoke(nargs: arguments(t), as: owner)
            return true
        }
    }

    /// Pushes item `index` of the component at `t`: `t[items][index]`, or what
    /// its data source's function returns (`item(index)`, `row(index)` for
    /// `rows`). False, with nothing pushed, when there is no array or the call
    /// failed (its error goes to the banner, as a handler's).
    func pushItem(of t: Int32, _ items: StaticString, _ index: Int) -> Bool {
        let t = s.absolute(t)
        if field(t, items) == .table {
            s.rawGetIndex(at: -1, index)
            s.remove(at: -2)
            return true
        }
        s.pop()
        let fields: RowFields = items.description == "rows" ? .rows : .items
        guard field(t, "count") == .number else {
            s.pop()
            return false
        }
        s.pop()
        guard field(t, fields.function) == .function,
              let f = s.pointer(at: -1), !reader.stoppedSources.contains(f) else {
            s.pop()
            return false
        }
        s.pushInteger(index)
        do throws(LuaError) {
            try limits.run(functionAt: -2, on: L) { () throws(LuaError) in try lua.call(nargs: 1, nresults: 1) }
        } catch {
            report("\(reader.kinds.kind(L, at: t)?.constructorName ?? "ui").\(fields.function)(\(index)): " + error.message,
                   traceback: error.traceback)
            return false
        }
        return true
    }

    /// Whether `component[items][index].disabled` is true.
    func isItemDisabled(anchor: Int32, items: StaticString, index: Int) -> Bool {
        s.restoringTop {
            pushComponent(anchor)
            guard pushItem(of: -1, items, index), s.type(at: -1) == .table else { return false }
            return field(-1, "disabled") == .boolean && s.truth(at: -1)
        }
    }

    // MARK: - Writes
    //
    // The host's own writes into a component's fields tell the invalidation
    // which component changed, so that only that one is read again.

    /// `component[field] = value`, raw.
    func setInteger(anchor: Int32, field: StaticString, _ value: Int) {
        pushComponent(anchor)
        reader.pushName(field)
        s.pushInteger(value)
        s.rawSet(at: -3)
        s.pop()
        invalidation.wrote(anchor)
    }

    func setBoolean(anchor: Int32, field: StaticString, _ value: Bool) {
        pushComponent(anchor)
        reader.pushName(field)
        s.push(value)
        s.rawSet(at: -3)
        s.pop()
        invalidation.wrote(anchor)
    }

    /// `component[field] = value` (nil clears it), raw.
    func setString(anchor: Int32, field: StaticString, _ value: String?) {
        pushComponent(anchor)
        reader.pushName(field)
        if let value { lua.push(value) } else { s.pushNil() }
        s.rawSet(at: -3)
        s.pop()
        invalidation.wrote(anchor)
    }

    /// `component[key]` as a string, or nil when it is not one (or empty).
    func fieldString(anchor: Int32, _ key: StaticString) -> String? {
        s.restoringTop {
            pushComponent(anchor)
            reader.pushName(key)
            guard s.rawGet(at: -2) == .string else { return nil }
            let text = s.displayString(at: -1)
            return text.isEmpty ? nil : text
        }
    }

    // MARK: - Errors and logging

    /// Shows a handler error in the banner and keeps it for `app:errors()`;
    /// the log gets more of it (`LuaError.maxMessageBytes`) and the traceback.
    func report(_ message: String, traceback: String = "") {
        let logged = BoundedText.prefix(of: message, maxBytes: LuaError.maxMessageBytes)
        // Named by the plugin whose file it comes from, when the host can tell.
        let message = limits.attributed(logged)
        let kept = BoundedText.prefix(of: message, maxBytes: HostLimits.maxErrorBytes)
        errors.append(kept)
        reportedCount += 1
        if errors.count > HostLimits.maxErrors { errors.removeFirst(errors.count - HostLimits.maxErrors) }
        banner = kept
        log("uihost: " + message + (traceback.isEmpty ? "" : "\n" + traceback))
    }

    func report(_ error: LuaError) {
        report(error.message, traceback: error.traceback)
    }

    /// Adds to the error just reported what the host did about it.
    func amendLastError(_ note: String) {
        guard let last = errors.popLast() else { return }
        // The note stays whole: the message gives way to keep it within bounds.
        errors.append(BoundedText.prefix(of: last, maxBytes: HostLimits.maxErrorBytes - note.utf8.count) + note)
        banner = errors.last
    }
}
