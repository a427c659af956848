import LuaBridge

/// What a script may use (docs/API.md §9). By default `string table math utf8
/// coroutine`, the base library without `dofile loadfile` and with `load` of
/// text only, `os.time os.clock os.date`, and `require` of modules beside the
/// screen. `--allow io`, `--allow os`, `--allow all` lift parts of it.
enum Sandbox {
    /// Throws when the prelude fails (a memory limit too small to hold it).
    static func install(_ host: Host) throws(LuaError) {
        let s = host.lua.stack
        host.lua.openLibraries()
        // Library functions that work in C for long (and coroutines, which
        // change the running thread) are charged to the budget.
        host.lua.chargeLibraryWork()
        let allow = host.options.allow
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
            try host.lua.load(prelude, chunkName: "=sandbox")
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
            try host.lua.call(nargs: 6, nresults: 0)
        } catch {
            throw LuaError.runtime(message: "the sandbox could not be set up: \(error.message)", traceback: "")
        }
    }

    private static let prelude = """
    local allow_io, allow_os, allow_all, print, require, pristine = ...
    _G.print = print
    _G.require = require
    -- The host owns the process: os.exit leaves through ui.quit, restoring the terminal.
    if os and os.exit then os.exit = function(code) ui.quit(code) end end
    if pristine then
      for _, name in ipairs { "string", "table", "math", "utf8", "coroutine", "io", "os" } do
        local copy = {}
        for k, v in pairs(_G[name]) do copy[k] = v end
        pristine[name] = copy
      end
      local base = {}
      for _, name in ipairs { "assert", "error", "ipairs", "next", "pairs", "pcall", "rawequal", "rawget",
                              "rawlen", "rawset", "select", "tonumber", "tostring", "type", "xpcall",
                              "load", "setmetatable", "getmetatable", "collectgarbage", "_VERSION" } do
        base[name] = _G[name]
      end
      base.print = print
      pristine.base = base
    end
    if allow_all then return end
    local rawload, type, error, rawget, setmeta, pcall = load, type, error, rawget, setmetatable, pcall
    -- A finalizer would run inside the collector, outside any handler and its
    -- instruction budget: screens cannot register one.
    _G.setmetatable = function(t, mt)
      if type(mt) == "table" and rawget(mt, "__gc") ~= nil then
        error("setmetatable: __gc metamethods are not available to screens (--allow all lifts this)", 2)
      end
      local ok, result = pcall(setmeta, t, mt)
      if not ok then error(result, 2) end   -- reported where the script called setmetatable
      return result
    end
    _G.dofile, _G.loadfile = nil, nil
    _G.load = function(chunk, name, mode, env)
      if type(chunk) ~= "string" and type(chunk) ~= "function" then
        error("bad argument #1 to 'load' (string expected, got " .. type(chunk) .. ")", 2)
      end
      return rawload(chunk, name, "t", env)
    end
    string.dump = nil
    _G.debug, _G.package = nil, nil
    if not allow_io then _G.io = nil
    else
      -- Files are finalized by their metatable's __gc: closed to scripts, or a
      -- script could put there a function that runs outside every limit.
      getmetatable(io.stdout).__metatable = false
      -- Running a command is os's business: io.popen needs --allow os.
      if not allow_os then io.popen = nil end
    end
    if not allow_os then
      local os = os
      _G.os = { time = os.time, clock = os.clock, date = os.date }
    end
    """

    /// `require(name)`: `uihost`, or a module `name.lua` / `name/init.lua` beside
    /// the screen (dots are folders). No `..`, no absolute paths.
    private static let requireFunction: LuaSwiftFunction = { L in
        let s = LuaStack(L!)
        let host = LuaState.owner(of: s.L, as: Host.self)
        var require = ModuleRequire(
            folder: host.scriptDirectory, owner: "",
            onlyInside: "only modules beside the screen can be required",
            // Cached in the registry, like package.loaded.
            pushCache: { $0.pushSubtable("uihost.loaded", at: LuaStack.registryIndex) },
            pushUI: { s in
                s.pushGlobals()
                s.rawGet(at: -1, "ui")
            },
            // A symlink beside the screen may lead anywhere.
            confinement: { host.confinementProblem($0) },
            pushEnvironment: nil)
        require.willRun = { host.noteLoaded($0) }
        return require(s, host)
    }
}
