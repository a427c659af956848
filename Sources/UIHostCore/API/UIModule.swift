import LuaBridge

/// The global `ui` table (also `require "uihost"`): constructors, navigation,
/// time and logging. Every function is a Swift function reached through the C
/// trampoline: it checks its arguments first, and reports an error by pushing
/// the message and returning `LuaTrampoline.raiseWhere`, so only C raises it.
enum UIModule {
    /// Makes the screen's `ui` (the global, and `require "uihost"`) and the
    /// metatable of timer handles.
    static func install(_ host: Host) {
        let s = host.lua.stack
        pushTable(host, origin: .app)
        s.setGlobal("ui")
        // The metatable of timer handles: `handle:cancel()`. getmetatable(handle)
        // answers "timer", a string: no table every script shares, where one
        // could put a `__gc`, change `cancel` or leave a function for another.
        _ = s.pushMetatable(named: "uihost.timer")
        s.pushNewTable(fieldCount: 1)
        host.lua.setFunction("cancel", cancelTimer)
        s.setField("__index", at: -2)
        s.push("timer")
        s.setField("__metatable", at: -2)
        s.pop()
        // Timer handle → timer id, weak: a handle cannot be forged by writing an id into a table.
        s.pushNewTable()
        _ = s.pushMetatable(named: "uihost.weakkeys")
        s.push("k")
        s.setField("__mode", at: -2)
        s.setMetatable(at: -2)
        s.setField(timerHandlesKey, at: LuaStack.registryIndex)
    }

    /// The registry field of the table of timer handles.
    static let timerHandlesKey = "uihost.timerhandles"

    /// Pushes a new `ui` table for code of `origin`: every function in it is a
    /// closure whose first upvalue is the origin, so that what it registers,
    /// loads or calls is the caller's, however the function is passed around.
    /// Each plugin gets its own (frozen by plugin_env.lua), so no script can
    /// change `ui` for another.
    static func pushTable(_ host: Host, origin: Origin) {
        let s = host.lua.stack
        s.pushNewTable(fieldCount: 64)
        // One constructor function for every kind, told apart by its second upvalue: the kind's place in the registry.
        for (index, component) in Registry.all.enumerated() {
            s.pushInteger(origin.code)
            s.pushInteger(index)
            s.push(construct, upvalues: 2)
            s.setField(component.kind.rawValue, at: -2)
        }
        for (index, (name, f)) in allFunctions.enumerated() {
            s.pushInteger(origin.code)
            if keepsLayout.contains(name) {
                s.push(f, upvalues: 1)
            } else {
                s.pushInteger(index)
                s.push(relayingOut, upvalues: 2)
            }
            s.setField(name, at: -2)
        }
        // `ui.log` both logs and, given one plain table, makes a `ui.log` component.
        if let index = Registry.index(of: LogNode.kind) {
            s.pushInteger(origin.code)
            s.pushInteger(index)
            s.push(logOrConstruct, upvalues: 2)
            s.setField("log", at: -2)
        }
        // Libraries of data, tables of functions like `ui` itself (a plugin's are frozen too: plugin_env.lua).
        JSONModule.pushTable(origin: origin, on: s)
        s.setField("json", at: -2)
        pushArguments(host, origin: origin)
        s.setField("args", at: -2)
    }

    /// Whose `ui` the running function belongs to (its first upvalue).
    static func origin(_ L: OpaquePointer) -> Origin {
        Origin(code: Int(LuaStack(L).toInteger(at: LuaStack.upvalueIndex(1))))
    }

    private static let allFunctions = functions + commandFunctions + messageFunctions

    /// Functions that change nothing a layout reads: the others ask for a
    /// whole layout (`relayingOut`). A handler that calls none of them and
    /// writes a few components costs a read of those alone.
    private static let keepsLayout: Set<String> = ["after", "every", "spawn", "sleep", "env", "size"]

    /// Runs `allFunctions[upvalue 2]` after asking for a whole layout: what
    /// it changes (navigation, focus, the theme, bindings, commands, what a
    /// call into another environment wrote) is read by one.
    private static let relayingOut: LuaSwiftFunction = { L in
        let L = L!
        host(L).invalidation.layout = true
        return allFunctions[Int(LuaStack(L).toInteger(at: LuaStack.upvalueIndex(2)))].1(L)
    }

    static let functions: [(String, LuaSwiftFunction)] = [
        ("push", push), ("pop", pop), ("quit", quit),
        ("after", { schedule($0!, repeating: false, name: "after") }),
        ("every", { schedule($0!, repeating: true, name: "every") }),
        ("spawn", spawn), ("sleep", sleep), ("log", log),
        ("present", present), ("dismiss", dismiss),
        ("openDrawer", { host($0!).apply(.navigate(.openDrawer)); return 0 }),
        ("closeDrawer", { host($0!).apply(.navigate(.closeDrawer)); return 0 }),
        ("theme", theme), ("bind", bind), ("focus", focus),
        ("alert", { showDialog($0!, .alert) }), ("confirm", { showDialog($0!, .confirm) }),
        ("toast", toast), ("env", env), ("size", size),
    ]

    /// `ui.size()`: `{ width =, height = }` of the frame, in cells.
    static let size: LuaSwiftFunction = { L in
        let L = L!
        let s = LuaStack(L)
        let size = host(L).options.size
        s.pushNewTable(fieldCount: 2)
        s.withTable(at: -1) {
            $0.set("width", size.cols)
            $0.set("height", size.rows)
        }
        return 1
    }

    /// `ui.focus(component)`: moves focus there once the running handler
    /// returned and the screen is laid out again (nothing when it is not shown
    /// or cannot take focus). `ui.focus(nil)` takes focus off the top layer.
    static let focus: LuaSwiftFunction = { L in
        let L = L!
        let s = LuaStack(L)
        let host = host(L)
        if s.type(at: 1) == .nil {
            host.apply(.navigate(.blur))
            return 0
        }
        guard host.kinds.kind(L, at: 1) != nil, let table = s.pointer(at: 1) else {
            return argError(L, 1, "focus", "component")
        }
        host.apply(.navigate(.focus(table)))
        return 0
    }

    /// `ui.bind(key, description, fn)`: an app-wide binding, below those of
    /// components and screens, above the host's own keys.
    static let bind: LuaSwiftFunction = { L in
        let L = L!
        let s = LuaStack(L)
        guard s.type(at: 1) == .string else { return argError(L, 1, "bind", "key name") }
        let name = s.displayString(at: 1)
        guard let key = Key(name: name) else {
            return raise(L, "ui.bind: unknown key name '\(HostLimits.shortened(name))'" + Key.didYouMean(name))
        }
        // An empty description binds the key without a hint in the footer.
        guard s.type(at: 2) == .string, case let desc = s.displayString(at: 2) else {
            return raise(L, "ui.bind: \"\(HostLimits.shortened(name))\" needs a description")
        }
        guard s.type(at: 3) == .function else { return argError(L, 3, "bind", "function") }
        let host = host(L)
        s.pushCopy(of: 3)
        s.move(1, to: LuaStack(host.L))
        if let problem = host.bind(key, name: name, desc: desc, functionRef: LuaStack(host.L).popRef(), origin: origin(L)) {
            return raise(L, problem)
        }
        return 0
    }

    // MARK: - Argument checks, worded like lauxlib

    static func host(_ L: OpaquePointer) -> Host {
        LuaState.owner(of: L, as: Host.self)
    }

    static func argError(_ L: OpaquePointer, _ n: Int32, _ name: String, _ expected: String) -> Int32 {
        let got = host(L).kinds.typeName(L, n)
        LuaState.push(L, "bad argument #\(n) to '\(name)' (\(expected) expected, got \(got))")
        return LuaTrampoline.raiseWhere
    }

    static func raise(_ L: OpaquePointer, _ message: String) -> Int32 {
        LuaState.push(L, message)
        return LuaTrampoline.raiseWhere
    }

    /// An integer argument of milliseconds, or nil when it is not one.
    static func milliseconds(_ L: OpaquePointer, _ n: Int32) -> Int? {
        let s = LuaStack(L)
        guard s.type(at: n) == .number else { return nil }
        let d = s.toNumber(at: n)
        guard d.isFinite, d >= 0 else { return nil }
        return Int(min(d, 1e12))
    }

    // MARK: - Constructors

    /// `ui.button{…}` and every other constructor: checks the table against the
    /// component's fields, marks it as a component of its kind, and writes the
    /// defaults that must be in the table from the start.
    static let construct: LuaSwiftFunction = { L in
        construct(L!, index: Int(LuaStack(L!).toInteger(at: LuaStack.upvalueIndex(2))))
    }

    static func construct(_ L: OpaquePointer, index: Int) -> Int32 {
        let s = LuaStack(L)
        let component = Registry.all[index]
        let host = host(L)
        let name = component.kind.constructorName
        switch (s.type(at: 1), component.shorthand) {
        case (.table, _):
            if host.kinds.kind(L, at: 1) != nil { return argError(L, 1, name, "table") }
        case (.string, .string(let field)):
            s.pushNewTable(fieldCount: 1)
            s.pushCopy(of: 1)
            s.setField(field, at: -2)
            replaceFirstArgument(L)
        case (.none, .noArgument), (.nil, .noArgument):
            s.pushNewTable()
            replaceFirstArgument(L)
        case (_, .string):
            return argError(L, 1, name, "string or table")
        default:
            return argError(L, 1, name, "table")
        }
        s.keepArguments(1)
        let schema = host.kinds.schema(index)
        if host.options.collectValidationProblems {
            // `uihost check`: note every problem with the caller's file:line, and go on.
            let problems = Validator(L: L, kinds: host.kinds).locatedProblems(at: 1, schema: schema)
            let found = host.constructorProblems
            found.collect(problems.map { found.location(L, constructor: name, path: $0.path) + $0.message })
        } else if let problem = Validator(L: L, kinds: host.kinds, limit: 1).locatedProblems(at: 1, schema: schema).first {
            return s.raiseAsIs(host.constructorProblems.location(L, constructor: name, path: problem.path) + problem.message)
        }
        WrittenDefaults.write(L, at: 1, component.fields)
        // Marked before its fields move into a storage, which takes the mark
        // then (`LuaStack.makeProxy`), whenever that happens.
        host.limits.mark(componentAt: 1, on: L, as: origin(L))
        host.kinds.wrap(L, at: 1, as: index)
        return 1
    }

    /// Moves the value on top into argument 1 (where it already is when it is the only value).
    private static func replaceFirstArgument(_ L: OpaquePointer) {
        let s = LuaStack(L)
        guard s.top > 1 else { return }
        s.copy(-1, into: 1)
        s.pop()
    }

    // MARK: - Navigation
    //
    // Called from a handler, these only check their arguments and queue a
    // request, which the host applies once the handler returned; an error
    // they can detect is raised here, at the call.

    /// `ui.push(screen)`, `ui.push(path)` or `ui.push(name)` of a screen a
    /// plugin ships. A file runs in the environment of whoever pushed it,
    /// never one chosen by where it lies: the app's globals for the app; for
    /// a plugin its own, and only files inside its folder or its own screens.
    static let push: LuaSwiftFunction = { L in
        let L = L!
        let s = LuaStack(L)
        let host = host(L)
        let origin = origin(L)
        let directory: String
        var file: String?
        var runAs = origin
        switch s.type(at: 1) {
        case .table:
            guard host.kinds.kind(L, at: 1) == .screen else { return argError(L, 1, "push", "ui.screen or path") }
            directory = host.services.navigation.directoryAfterRequests ?? host.scriptDirectory
            s.pushCopy(of: 1)
        case .string:
            let path = LuaState.string(L, at: 1)
            let full: String
            switch host.screenFile(path, pushedBy: origin) {
            case .failure(let problem): return raise(L, problem.message)
            case .success(let found): (full, runAs) = found
            }
            do throws(LuaError) {
                if let got = try host.loadScreenFile(full, as: runAs, on: L) {
                    return raise(L, "ui.push: \(full) must return a ui.screen (got \(got))" + Host.forgotReturn(got))
                }
            } catch {
                // The pushed script's own error, naming its file and line.
                LuaState.push(L, error.message)
                return LuaTrampoline.raiseAsIs
            }
            directory = FileSystem.directory(of: full)
            file = full
        default:
            return argError(L, 1, "push", "ui.screen or path")
        }
        s.move(1, to: LuaStack(host.L))
        host.apply(.navigate(.push(ref: LuaStack(host.L).popRef(), directory: directory, file: file, origin: runAs)))
        return 0
    }

    static let pop: LuaSwiftFunction = { L in
        host(L!).apply(.navigate(.pop))
        return 0
    }

    static let quit: LuaSwiftFunction = { L in
        let L = L!
        let s = LuaStack(L)
        var code: Int32 = 0
        if s.isInteger(at: 1) {
            // A process exit status is one byte: 256 would end as 0, a success.
            let n = s.toInteger(at: 1)
            guard (0...255).contains(n) else { return raise(L, "ui.quit: exit code must be 0…255 (got \(n))") }
            code = Int32(n)
        } else if !s.type(at: 1).isNil {
            return argError(L, 1, "quit", "integer")
        }
        host(L).apply(.navigate(.quit(code)))
        return 0
    }

    static let present: LuaSwiftFunction = { L in
        let L = L!
        let s = LuaStack(L)
        let host = host(L)
        guard host.kinds.kind(L, at: 1) == .sheet else { return argError(L, 1, "present", "ui.sheet") }
        let table = s.pointer(at: 1)!
        let presented = host.services.navigation.sheetsAfterRequests
        if presented.contains(table) { return raise(L, "ui.present: this sheet is already presented") }
        if presented.count >= HostLimits.maxSheets {
            return raise(L, "ui.present: \(HostLimits.maxSheets) sheets are presented already; dismiss one first")
        }
        s.pushCopy(of: 1)
        s.move(1, to: LuaStack(host.L))
        host.apply(.navigate(.present(Navigator.Sheet(ref: LuaStack(host.L).popRef(), table: table))))
        return 0
    }

    /// `ui.alert{…}` / `ui.confirm{…}`: checked like any constructor, then
    /// shown over everything as soon as the running handler returns. In a
    /// `ui.spawn` coroutine the call waits and returns the answer; elsewhere
    /// it returns nothing and the answer goes to `onChoice`.
    static func showDialog(_ L: OpaquePointer, _ kind: Kind) -> Int32 {
        let s = LuaStack(L)
        guard let index = Registry.index(of: kind) else { return 0 }
        let made = construct(L, index: index)
        guard made == 1 else { return made }
        let host = host(L)
        let table = s.pointer(at: 1)!
        let presented = host.services.navigation.sheetsAfterRequests
        if presented.contains(table) { return raise(L, "\(kind.constructorName): this dialog is already shown") }
        if presented.count >= HostLimits.maxSheets {
            return raise(L, "\(kind.constructorName): \(HostLimits.maxSheets) sheets and dialogs are shown already; close one first")
        }
        s.pushCopy(of: 1)
        s.move(1, to: LuaStack(host.L))
        let ref = LuaStack(host.L).popRef()
        host.apply(.navigate(.present(Navigator.Sheet(ref: ref, table: table, isDialog: true))))
        guard s.isYieldable, host.services.timers.isSpawned(L) else { return 0 }
        // Wait: the scheduler hands this coroutine to the dialog, which resumes it with the answer.
        s.dropArguments()
        s.pushLightUserdata(UnsafeMutableRawPointer(mutating: table))
        return LuaTrampoline.yield(1)
    }

    /// `ui.toast(text)` or `ui.toast{ text, kind, duration }`.
    static let toast: LuaSwiftFunction = { L in
        let L = L!
        let s = LuaStack(L)
        var kind = Toasts.Kind.info
        var duration = Toasts.defaultDuration
        let text: String
        switch s.type(at: 1) {
        case .string:
            text = s.displayString(at: 1)
        case .number:
            text = LuaState.string(L, at: 1)
        case .table:
            guard s.rawGet(at: 1, "text") == .string || s.type(at: -1) == .number else {
                return raise(L, "ui.toast: text must be a string (got \(host(L).kinds.typeName(L, -1)))")
            }
            text = s.type(at: -1) == .string ? s.displayString(at: -1) : LuaState.string(L, at: -1)
            switch s.rawGet(at: 1, "kind") {
            case .nil: break
            case .string:
                let name = s.displayString(at: -1)
                guard let k = Toasts.Kind(rawValue: name) else {
                    return raise(L, "ui.toast: kind must be one of 'info', 'success', 'warning', 'error' (got '\(HostLimits.shortened(name))')")
                }
                kind = k
            default:
                return raise(L, "ui.toast: kind must be a string (got \(host(L).kinds.typeName(L, -1)))")
            }
            if s.rawGet(at: 1, "duration") != .nil {
                guard let ms = milliseconds(L, -1) else {
                    return raise(L, "ui.toast: duration must be a non-negative number of milliseconds (got \(host(L).kinds.typeName(L, -1)))")
                }
                duration = ms
            }
        default:
            return argError(L, 1, "toast", "string or table")
        }
        host(L).showToast(text, kind: kind, duration: duration)
        return 0
    }

    static let dismiss: LuaSwiftFunction = { L in
        let L = L!
        let s = LuaStack(L)
        let host = host(L)
        if s.type(at: 1).isNil {
            host.apply(.navigate(.dismissTop))
            return 0
        }
        guard host.kinds.kind(L, at: 1) == .sheet else { return argError(L, 1, "dismiss", "ui.sheet") }
        host.apply(.navigate(.dismiss(s.pointer(at: 1)!)))
        return 0
    }

    // MARK: - Time

    static func schedule(_ L: OpaquePointer, repeating: Bool, name: String) -> Int32 {
        let s = LuaStack(L)
        guard let ms = milliseconds(L, 1) else { return argError(L, 1, name, "non-negative number") }
        guard s.type(at: 2) == .function else { return argError(L, 2, name, "function") }
        let host = host(L)
        s.pushCopy(of: 2)
        s.move(1, to: LuaStack(host.L))
        guard let id = host.services.timers.schedule(after: ms, every: repeating ? ms : nil, origin: origin(L)) else {
            return raise(L, "\(name): too many timers (\(Scheduler.maxTimers) scheduled); cancel some first")
        }
        pushHandle(L, id)
        return 1
    }

    /// A handle is an empty table the registry maps to its timer: the only
    /// way to a timer, so a script cancels only timers it was handed.
    private static func pushHandle(_ L: OpaquePointer, _ id: Int) {
        let s = LuaStack(L)
        s.pushNewTable()
        s.pushRegisteredMetatable("uihost.timer")
        s.setMetatable(at: -2)
        let handle = s.top
        s.withRegistryTable(timerHandlesKey) { $0.set(keyAt: handle, id) }
    }

    static let cancelTimer: LuaSwiftFunction = { L in
        let L = L!
        let s = LuaStack(L)
        guard s.type(at: 1) == .table,
              let id = s.withExistingRegistryTable(timerHandlesKey, { $0.int(keyAt: 1) }) else {
            return argError(L, 1, "cancel", "timer handle")
        }
        host(L).services.timers.cancelTimer(id)
        return 0
    }

    static let spawn: LuaSwiftFunction = { L in
        let L = L!
        let s = LuaStack(L)
        guard s.type(at: 1) == .function else { return argError(L, 1, "spawn", "function") }
        let host = host(L)
        s.pushCopy(of: 1)
        s.move(1, to: LuaStack(host.L))
        host.apply(.spawn(LuaStack(host.L).popRef(), from: L, origin(L)))
        return 0
    }

    static let sleep: LuaSwiftFunction = { L in
        let L = L!
        let s = LuaStack(L)
        guard let ms = milliseconds(L, 1) else { return argError(L, 1, "sleep", "non-negative number") }
        guard s.isYieldable, host(L).services.timers.isSpawned(L) else {
            return raise(L, "ui.sleep: only a function run by ui.spawn can sleep")
        }
        s.dropArguments()
        s.pushInteger(ms)
        return LuaTrampoline.yield(1)
    }

    /// `ui.log{ … }` (one table that is not a component) constructs a log
    /// view; any other arguments are written to the log.
    static let logOrConstruct: LuaSwiftFunction = { L in
        let L = L!
        let s = LuaStack(L)
        // One table, and nothing after it.
        if s.type(at: 1) == .table, s.type(at: 2) == .none, host(L).kinds.kind(L, at: 1) == nil {
            return construct(L)
        }
        return log(L)
    }

    static let log: LuaSwiftFunction = { L in
        let L = L!
        let s = LuaStack(L)
        let n = s.top
        var parts: [String] = []
        for i in stride(from: 1, through: n, by: 1) {
            guard s.pushToString(at: i) else { return LuaTrampoline.raiseAsIs }
            parts.append(LuaState.string(L, at: -1))
            s.pop()
        }
        host(L).log(parts.joined(separator: "\t"))
        return 0
    }
}

