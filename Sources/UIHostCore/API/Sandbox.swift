import LuaBridge

/// What a script may use (docs/API.md §9), set up by `Lua/sandbox.lua`. By
/// default `string table math utf8 coroutine`, the base library without
/// `dofile loadfile` and with `load` of text only, `os.time os.clock
/// os.date`, and `require` of modules beside the screen. `--allow io`,
/// `--allow os`, `--allow all` lift parts of it.
enum Sandbox {
    /// Throws when the prelude fails (a memory limit too small to hold it).
    static func install(_ host: Host) throws(LuaError) {
        let s = host.lua.stack
        let allow = host.options.allow
        if allow.contains(.all) {
            host.lua.openLibraries()   // --allow all keeps every one, debug and package too
        } else {
            // io for a screen allowed it, and for the plugins' copies of the
            // libraries (a plugin may be granted it).
            host.lua.openSandboxLibraries(io: allow.contains(.io) || host.usesPlugins)
        }
        // Library functions that work in C for long (and coroutines, which
        // change the running thread) are charged to the budget.
        host.lua.chargeLibraryWork()
        // The prelude is the host's own work: it runs outside the script's
        // instruction budget and CPU-time limit, so that any budget, however
        // small, leaves the sandbox whole (the script then meets its limits).
        let budget = host.lua.instructionBudget, seconds = host.lua.timeLimit
        host.lua.instructionBudget = nil
        host.lua.timeLimit = 0
        defer {
            host.lua.instructionBudget = budget
            host.lua.timeLimit = seconds
        }
        do throws(LuaError) {
            try host.lua.loadPrelude(PackageResources.sandbox_lua, chunkName: "=sandbox.lua")
            s.push(allow.contains(.io) || allow.contains(.all))
            s.push(allow.contains(.os) || allow.contains(.all))
            s.push(allow.contains(.all))
            s.push(UIModule.log)   // print(…) goes to the log, never onto the frame
            s.push(requireFunction)
            // With plugins: the libraries as they are before the screen's sandbox
            // takes parts away, kept for the plugins' environments.
            if host.usesPlugins {
                s.pushSubtable(PluginEnvironment.pristineKey, at: LuaStack.registryIndex)
            } else {
                s.pushNil()
            }
            s.pushRawFunctions()
            try host.lua.call(nargs: 7, nresults: 0)
        } catch {
            throw LuaError.runtime(message: "the sandbox could not be set up: \(error.message)", traceback: "")
        }
        // `fs`: files of the project and the --allow-path folders, never further.
        if allow.contains(.fs) || allow.contains(.all) {
            FSModule.pushTable(host, origin: .app)
            s.setGlobal("fs")
        }
    }

    /// `require(name)`: `uihost`, or a module `name.lua` / `name/init.lua` beside
    /// the screen (dots are folders). No `..`, no absolute paths.
    private static let requireFunction: LuaSwiftFunction = { L in
        let s = LuaStack(L!)
        let host = LuaState.owner(of: s.L, as: Host.self)
        let require = ModuleRequire(
            folder: host.scriptDirectory, owner: "",
            onlyInside: "only modules beside the screen can be required",
            // Cached in the registry, like package.loaded.
            pushCache: { $0.pushSubtable("uihost.loaded", at: LuaStack.registryIndex) },
            pushUI: { s in
                s.pushGlobals()
                s.rawGet(at: -1, "ui")
                return nil
            },
            // A symlink beside the screen may lead anywhere.
            confinement: { host.confinementProblem($0) },
            pushEnvironment: nil,
            willRun: { host.noteLoaded($0) })
        return require(s, host)
    }
}
