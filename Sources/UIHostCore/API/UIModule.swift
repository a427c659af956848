import CLua
import CLuaShim
import LuaBridge

/// The global `ui` table (also `require "uihost"`): constructors, navigation,
/// time and logging. Every function is a Swift function reached through the C
/// trampoline: it checks its arguments first, and reports an error by pushing
/// the message and returning `UIH_RAISE_WHERE`, so only C raises it.
enum UIModule {
    static func install(_ host: Host) {
        let L = host.L
        lua_createtable(L, 0, 32)
        // One constructor function for every kind, told apart by its upvalue: the kind's place in the registry.
        for (index, component) in Registry.all.enumerated() {
            lua_pushinteger(L, lua_Integer(index))
            uih_pushswiftclosure(L, construct, 1)
            lua_setfield(L, -2, component.kind.rawValue)
        }
        for (name, f) in functions + commandFunctions { host.lua.setFunction(name, f) }
        // `ui.log` both logs and, given one plain table, makes a `ui.log` component.
        if let index = Registry.index(of: LogNode.kind) {
            lua_pushinteger(L, lua_Integer(index))
            uih_pushswiftclosure(L, logOrConstruct, 1)
            lua_setfield(L, -2, "log")
        }
        lua_setglobal(L, "ui")
        // The metatable of timer handles: `handle:cancel()`.
        _ = luaL_newmetatable(L, "uihost.timer")
        lua_createtable(L, 0, 1)
        host.lua.setFunction("cancel", cancelTimer)
        lua_pushvalue(L, -1)
        lua_setfield(L, -3, "__index")
        // getmetatable(handle) gives the methods, never the metatable itself: a
        // __gc a script added there would run outside every limit.
        lua_setfield(L, -2, "__metatable")
        lua_settop(L, -2)
    }

    static let functions: [(String, uih_SwiftFunction)] = [
        ("push", push), ("pop", pop), ("quit", quit),
        ("after", { schedule($0!, repeating: false, name: "after") }),
        ("every", { schedule($0!, repeating: true, name: "every") }),
        ("spawn", spawn), ("sleep", sleep), ("log", log),
        ("present", present), ("dismiss", dismiss),
        ("openDrawer", { host($0!).navigator.request(.openDrawer); return 0 }),
        ("closeDrawer", { host($0!).navigator.request(.closeDrawer); return 0 }),
        ("theme", theme), ("bind", bind), ("focus", focus),
        ("alert", { showDialog($0!, .alert) }), ("confirm", { showDialog($0!, .confirm) }),
        ("toast", toast),
    ]

    /// `ui.focus(component)`: moves focus there once the running handler
    /// returned and the screen is laid out again (nothing when it is not shown
    /// or cannot take focus).
    static let focus: uih_SwiftFunction = { L in
        let L = L!
        let host = host(L)
        guard host.kinds.kind(L, at: 1) != nil, let table = lua_topointer(L, 1) else {
            return argError(L, 1, "focus", "component")
        }
        host.navigator.request(.focus(table))
        return 0
    }

    /// `ui.bind(key, description, fn)`: an app-wide binding, below those of
    /// components and screens, above the host's own keys.
    static let bind: uih_SwiftFunction = { L in
        let L = L!
        guard lua_type(L, 1) == LUA_TSTRING else { return argError(L, 1, "bind", "key name") }
        let name = LuaState.string(L, at: 1)
        guard let key = Key(name: name) else {
            return raise(L, "ui.bind: unknown key name '\(HostLimits.shortened(name))'" + Key.didYouMean(name))
        }
        guard lua_type(L, 2) == LUA_TSTRING, case let desc = LuaState.string(L, at: 2), !desc.isEmpty else {
            return raise(L, "ui.bind: \"\(name)\" needs a description")
        }
        guard lua_type(L, 3) == LUA_TFUNCTION else { return argError(L, 3, "bind", "function") }
        let host = host(L)
        lua_pushvalue(L, 3)
        lua_xmove(L, host.L, 1)
        host.bind(key, name: name, desc: desc, functionRef: luaL_ref(host.L, LUA_REGISTRYINDEX))
        return 0
    }

    // MARK: - Argument checks, worded like lauxlib

    static func host(_ L: OpaquePointer) -> Host {
        LuaState.owner(of: L, as: Host.self)
    }

    static func argError(_ L: OpaquePointer, _ n: Int32, _ name: String, _ expected: String) -> Int32 {
        let got = host(L).kinds.typeName(L, n)
        LuaState.push(L, "bad argument #\(n) to '\(name)' (\(expected) expected, got \(got))")
        return UIH_RAISE_WHERE
    }

    static func raise(_ L: OpaquePointer, _ message: String) -> Int32 {
        LuaState.push(L, message)
        return UIH_RAISE_WHERE
    }

    /// An integer argument of milliseconds, or nil when it is not one.
    static func milliseconds(_ L: OpaquePointer, _ n: Int32) -> Int? {
        guard lua_type(L, n) == LUA_TNUMBER else { return nil }
        let d = lua_tonumberx(L, n, nil)
        guard d.isFinite, d >= 0 else { return nil }
        return Int(min(d, 1e12))
    }

    // MARK: - Constructors

    /// `ui.button{…}` and every other constructor: checks the table against the
    /// component's fields, marks it as a component of its kind, and writes the
    /// defaults that must be in the table from the start.
    static let construct: uih_SwiftFunction = { L in
        construct(L!, index: Int(lua_tointegerx(L, uih_upvalueindex(2), nil)))
    }

    static func construct(_ L: OpaquePointer, index: Int) -> Int32 {
        let component = Registry.all[index]
        let host = host(L)
        let name = component.kind.constructorName
        switch (lua_type(L, 1), component.shorthand) {
        case (LUA_TTABLE, _):
            if host.kinds.kind(L, at: 1) != nil { return argError(L, 1, name, "table") }
        case (LUA_TSTRING, .string(let field)):
            lua_createtable(L, 0, 1)
            lua_pushvalue(L, 1)
            lua_setfield(L, -2, field)
            replaceFirstArgument(L)
        case (LUA_TNONE, .noArgument), (LUA_TNIL, .noArgument):
            lua_createtable(L, 0, 0)
            replaceFirstArgument(L)
        case (_, .string):
            return argError(L, 1, name, "string or table")
        default:
            return argError(L, 1, name, "table")
        }
        lua_settop(L, 1)
        let schema = Registry.schemas[index]
        if host.options.collectValidationProblems {
            // `uihost check`: note every problem with the caller's file:line, and go on.
            let problems = Validator(L: L, kinds: host.kinds).locatedProblems(at: 1, schema: schema)
            host.validationProblems += problems.map { FieldLocator.location(L, host, constructor: name, path: $0.path) + $0.message }
        } else if let problem = Validator(L: L, kinds: host.kinds, limit: 1).locatedProblems(at: 1, schema: schema).first {
            LuaState.push(L, FieldLocator.location(L, host, constructor: name, path: problem.path) + problem.message)
            return UIH_RAISE
        }
        host.kinds.mark(L, at: 1, as: index)
        WrittenDefaults.write(L, at: 1, component.fields)
        return 1
    }

    /// Moves the value on top into argument 1 (where it already is when it is the only value).
    private static func replaceFirstArgument(_ L: OpaquePointer) {
        guard lua_gettop(L) > 1 else { return }
        lua_copy(L, -1, 1)
        lua_settop(L, -2)
    }

    // MARK: - Navigation
    //
    // Called from a handler, these only check their arguments and queue a
    // request, which the host applies once the handler returned; an error
    // they can detect is raised here, at the call.

    static let push: uih_SwiftFunction = { L in
        let L = L!
        let host = host(L)
        let directory: String
        var file: String?
        switch lua_type(L, 1) {
        case LUA_TTABLE:
            guard host.kinds.kind(L, at: 1) == .screen else { return argError(L, 1, "push", "ui.screen or path") }
            directory = host.navigator.directoryAfterRequests ?? host.scriptDirectory
            lua_pushvalue(L, 1)
        case LUA_TSTRING:
            let path = LuaState.string(L, at: 1)
            // A screen a plugin ships is pushed by its name.
            let shipped = host.plugins?.screens[path]?.file
            let full = shipped ?? FileSystem.join(host.navigator.directoryAfterRequests ?? host.scriptDirectory, path)
            // Before anything is read: neither the file's content nor whether it exists gets out.
            if shipped == nil, let problem = host.confinementProblem(full) { return raise(L, "ui.push: " + problem) }
            guard FileSystem.exists(full), !FileSystem.isDirectory(full) else {
                return raise(L, Host.pushProblem(path, resolved: full, plugins: host.plugins?.screens.isEmpty == false))
            }
            do throws(LuaError) {
                if let got = try host.loadScreenFile(full, on: L) {
                    return raise(L, "ui.push: \(full) must return a ui.screen (got \(got))" + Host.forgotReturn(got))
                }
            } catch {
                // The pushed script's own error, naming its file and line.
                LuaState.push(L, error.message)
                return UIH_RAISE
            }
            directory = FileSystem.directory(of: full)
            file = full
        default:
            return argError(L, 1, "push", "ui.screen or path")
        }
        lua_xmove(L, host.L, 1)
        host.navigator.request(.push(ref: luaL_ref(host.L, LUA_REGISTRYINDEX), directory: directory, file: file))
        return 0
    }

    static let pop: uih_SwiftFunction = { L in
        host(L!).navigator.request(.pop)
        return 0
    }

    static let quit: uih_SwiftFunction = { L in
        let L = L!
        var code: Int32 = 0
        if lua_isinteger(L, 1) != 0 {
            // A process exit status is one byte: 256 would end as 0, a success.
            let n = lua_tointegerx(L, 1, nil)
            guard (0...255).contains(n) else { return raise(L, "ui.quit: exit code must be 0…255 (got \(n))") }
            code = Int32(n)
        } else if lua_type(L, 1) > LUA_TNIL {
            return argError(L, 1, "quit", "integer")
        }
        host(L).navigator.request(.quit(code))
        return 0
    }

    static let present: uih_SwiftFunction = { L in
        let L = L!
        let host = host(L)
        guard host.kinds.kind(L, at: 1) == .sheet else { return argError(L, 1, "present", "ui.sheet") }
        let table = lua_topointer(L, 1)!
        let presented = host.navigator.sheetsAfterRequests
        if presented.contains(table) { return raise(L, "ui.present: this sheet is already presented") }
        if presented.count >= HostLimits.maxSheets {
            return raise(L, "ui.present: \(HostLimits.maxSheets) sheets are presented already; dismiss one first")
        }
        lua_pushvalue(L, 1)
        lua_xmove(L, host.L, 1)
        host.navigator.request(.present(Navigator.Sheet(ref: luaL_ref(host.L, LUA_REGISTRYINDEX), table: table)))
        return 0
    }

    /// `ui.alert{…}` / `ui.confirm{…}`: checked like any constructor, then
    /// shown over everything as soon as the running handler returns. In a
    /// `ui.spawn` coroutine the call waits and returns the answer; elsewhere
    /// it returns nothing and the answer goes to `onChoice`.
    static func showDialog(_ L: OpaquePointer, _ kind: Kind) -> Int32 {
        guard let index = Registry.index(of: kind) else { return 0 }
        let made = construct(L, index: index)
        guard made == 1 else { return made }
        let host = host(L)
        let table = lua_topointer(L, 1)!
        let presented = host.navigator.sheetsAfterRequests
        if presented.contains(table) { return raise(L, "\(kind.constructorName): this dialog is already shown") }
        if presented.count >= HostLimits.maxSheets {
            return raise(L, "\(kind.constructorName): \(HostLimits.maxSheets) sheets and dialogs are shown already; close one first")
        }
        lua_pushvalue(L, 1)
        lua_xmove(L, host.L, 1)
        let ref = luaL_ref(host.L, LUA_REGISTRYINDEX)
        host.navigator.request(.present(Navigator.Sheet(ref: ref, table: table, isDialog: true)))
        guard lua_isyieldable(L) != 0, host.scheduler.isSpawned(L) else { return 0 }
        // Wait: the scheduler hands this coroutine to the dialog, which resumes it with the answer.
        lua_settop(L, 0)
        lua_pushlightuserdata(L, UnsafeMutableRawPointer(mutating: table))
        return UIH_YIELD_BASE - 1
    }

    /// `ui.toast(text)` or `ui.toast{ text, kind, duration }`.
    static let toast: uih_SwiftFunction = { L in
        let L = L!
        var kind = Toasts.Kind.info
        var duration = Toasts.defaultDuration
        let text: String
        switch lua_type(L, 1) {
        case LUA_TSTRING, LUA_TNUMBER:
            text = LuaState.string(L, at: 1)
        case LUA_TTABLE:
            guard lua_getfield_raw(L, 1, "text") == LUA_TSTRING || lua_type(L, -1) == LUA_TNUMBER else {
                return raise(L, "ui.toast: text must be a string (got \(host(L).kinds.typeName(L, -1)))")
            }
            text = LuaState.string(L, at: -1)
            switch lua_getfield_raw(L, 1, "kind") {
            case LUA_TNIL: break
            case LUA_TSTRING:
                let name = LuaState.string(L, at: -1)
                guard let k = Toasts.Kind(rawValue: name) else {
                    return raise(L, "ui.toast: kind must be one of 'info', 'success', 'warning', 'error' (got '\(HostLimits.shortened(name))')")
                }
                kind = k
            default:
                return raise(L, "ui.toast: kind must be a string (got \(host(L).kinds.typeName(L, -1)))")
            }
            if lua_getfield_raw(L, 1, "duration") != LUA_TNIL {
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

    static let dismiss: uih_SwiftFunction = { L in
        let L = L!
        let host = host(L)
        if lua_type(L, 1) <= LUA_TNIL {
            host.navigator.request(.dismissTop)
            return 0
        }
        guard host.kinds.kind(L, at: 1) == .sheet else { return argError(L, 1, "dismiss", "ui.sheet") }
        host.navigator.request(.dismiss(lua_topointer(L, 1)!))
        return 0
    }

    // MARK: - Time

    static func schedule(_ L: OpaquePointer, repeating: Bool, name: String) -> Int32 {
        guard let ms = milliseconds(L, 1) else { return argError(L, 1, name, "non-negative number") }
        guard lua_type(L, 2) == LUA_TFUNCTION else { return argError(L, 2, name, "function") }
        let host = host(L)
        lua_pushvalue(L, 2)
        lua_xmove(L, host.L, 1)
        guard let id = host.scheduler.schedule(after: ms, every: repeating ? ms : nil) else {
            return raise(L, "\(name): too many timers (\(Scheduler.maxTimers) scheduled); cancel some first")
        }
        pushHandle(L, id)
        return 1
    }

    private static func pushHandle(_ L: OpaquePointer, _ id: Int) {
        lua_createtable(L, 0, 1)
        lua_pushinteger(L, lua_Integer(id))
        lua_setfield(L, -2, "id")
        _ = luaL_getmetatable_(L, "uihost.timer")
        lua_setmetatable(L, -2)
    }

    private static func luaL_getmetatable_(_ L: OpaquePointer, _ name: String) -> Int32 {
        lua_getfield(L, LUA_REGISTRYINDEX, name)
    }

    static let cancelTimer: uih_SwiftFunction = { L in
        let L = L!
        guard lua_type(L, 1) == LUA_TTABLE else { return argError(L, 1, "cancel", "timer handle") }
        lua_getfield_raw(L, 1, "id")
        let id = Int(lua_tointegerx(L, -1, nil))
        host(L).scheduler.cancelTimer(id)
        return 0
    }

    static let spawn: uih_SwiftFunction = { L in
        let L = L!
        guard lua_type(L, 1) == LUA_TFUNCTION else { return argError(L, 1, "spawn", "function") }
        let host = host(L)
        lua_pushvalue(L, 1)
        lua_xmove(L, host.L, 1)
        host.scheduler.spawn(from: L)
        return 0
    }

    static let sleep: uih_SwiftFunction = { L in
        let L = L!
        guard let ms = milliseconds(L, 1) else { return argError(L, 1, "sleep", "non-negative number") }
        guard lua_isyieldable(L) != 0, host(L).scheduler.isSpawned(L) else {
            return raise(L, "ui.sleep: only a function run by ui.spawn can sleep")
        }
        lua_settop(L, 0)
        lua_pushinteger(L, lua_Integer(ms))
        return UIH_YIELD_BASE - 1
    }

    /// `ui.log{ … }` (one table that is not a component) constructs a log
    /// view; any other arguments are written to the log.
    static let logOrConstruct: uih_SwiftFunction = { L in
        let L = L!
        if lua_gettop(L) == 1, lua_type(L, 1) == LUA_TTABLE, host(L).kinds.kind(L, at: 1) == nil {
            return construct(L)
        }
        return log(L)
    }

    static let log: uih_SwiftFunction = { L in
        let L = L!
        let n = lua_gettop(L)
        var parts: [String] = []
        for i in stride(from: 1, through: n, by: 1) {
            guard uih_ptostring(L, i) == LUA_OK else { return UIH_RAISE }
            parts.append(LuaState.string(L, at: -1))
            lua_settop(L, -2)
        }
        host(L).log(parts.joined(separator: "\t"))
        return 0
    }
}

