import LuaBridge

/// The globals a plugin's code runs with (docs/API.md, "Plugins"): its own
/// table as `_ENV` and `_G`; the base functions; the libraries `string`,
/// `table`, `math`, `utf8`, `coroutine` and `ui` as read-only views, so that a
/// plugin changes them for no one; `os.time/clock/date/difftime`; `io` and the
/// rest of `os` only when granted. The libraries are those of before the
/// screen ran (kept by the sandbox), so the screen cannot change them for
/// plugins either.
enum PluginEnvironment {
    /// The registry table where the sandbox keeps the libraries as they were.
    static let pristineKey = "uihost.pristine"
    /// The registry field holding the function that makes one environment.
    static let makerKey = "uihost.pluginenv"

    /// Replaces the function on top (the plugin's `require`) with a new
    /// environment for plugin `name` and, above it, the function that grants
    /// it capabilities: `grant(io, os)`, called once the manifest is read.
    static func push(_ host: Host, name: String) throws(LuaError) {
        let s = host.lua.stack
        let require = s.top
        if s.getField(makerKey, at: LuaStack.registryIndex) != .function {
            s.pop()
            try host.lua.load(maker, chunkName: "=plugins")
            s.getField(pristineKey, at: LuaStack.registryIndex)
            s.getGlobal("ui")
            try host.lua.call(nargs: 2, nresults: 1)
            s.pushCopy(of: -1)
            s.setField(makerKey, at: LuaStack.registryIndex)
        }
        s.push(name)
        s.pushCopy(of: require)
        try host.lua.call(nargs: 2, nresults: 2)
        s.remove(at: require)
    }

    private static let maker = """
    local pristine, ui = ...
    local base = pristine.base
    local pairs, ipairs, next, type, error, tostring = base.pairs, base.ipairs, base.next, base.type, base.error, base.tostring
    local setmeta, getmeta, rawload, pcall, collect = base.setmetatable, base.getmetatable, base.load, base.pcall, base.collectgarbage
    local rawget, rawset = base.rawget, base.rawset

    local function denied(plugin, what, permission)
      error("plugin '" .. plugin .. "': " .. what .. " needs the '" .. permission .. "' permission " ..
            "(list it in the manifest's permissions and grant it: --grant " .. plugin .. "=" .. permission .. ")", 3)
    end

    -- A view of `lib` that reads through and refuses writes; its metatable is hidden.
    local function readonly(plugin, name, lib, hidden)
      local index = lib
      if hidden then
        index = function(_, k)
          local v = lib[k]
          if v == nil and hidden[k] then denied(plugin, name .. "." .. tostring(k), hidden[k]) end
          return v
        end
      end
      return setmeta({}, {
        __index = index,
        __newindex = function(_, k)
          error("plugin '" .. plugin .. "': " .. name .. " is read-only (cannot set " .. name .. "." .. tostring(k) .. ")", 2)
        end,
        __pairs = function() return next, lib, nil end,
        __metatable = false,
      })
    end

    local os_hidden = { execute = "os", exit = "os", getenv = "os", remove = "os", rename = "os",
                        tmpname = "os", setlocale = "os" }
    local io_safe_without_os = {}
    for k, v in pairs(pristine.io) do if k ~= "popen" then io_safe_without_os[k] = v end end
    local os_default = { time = pristine.os.time, clock = pristine.os.clock, date = pristine.os.date,
                         difftime = pristine.os.difftime }

    return function(plugin, require)
      local grant_io, grant_os = false, false
      local env = {}
      for k, v in pairs(base) do env[k] = v end
      for _, name in ipairs { "string", "table", "math", "utf8", "coroutine" } do
        env[name] = readonly(plugin, name, pristine[name])
      end
      env.ui = readonly(plugin, "ui", ui)
      env.os = readonly(plugin, "os", os_default, os_hidden)
      -- Called once the manifest is read: what it lists and the user granted.
      local function grant(io, os)
        grant_io, grant_os = io, os
        if os then rawset(env, "os", readonly(plugin, "os", pristine.os)) end
        if io then
          rawset(env, "io", readonly(plugin, "io", os and pristine.io or io_safe_without_os,
                                     not os and { popen = "os" } or nil))
        end
      end
      env.require = require
      env._G = env
      -- Text chunks only; a chunk without an environment of its own gets the plugin's.
      env.load = function(chunk, name, mode, chunkenv)
        if type(chunk) ~= "string" and type(chunk) ~= "function" then
          error("bad argument #1 to 'load' (string expected, got " .. type(chunk) .. ")", 2)
        end
        if chunkenv == nil then chunkenv = env end
        return rawload(chunk, name, "t", chunkenv)
      end
      -- A finalizer would run outside every limit; a string's or a file's
      -- metatable would reach what other scripts share.
      env.setmetatable = function(t, mt)
        if type(mt) == "table" and rawget(mt, "__gc") ~= nil then
          error("setmetatable: __gc metamethods are not available to plugins", 2)
        end
        local ok, result = pcall(setmeta, t, mt)
        if not ok then error(result, 2) end
        return result
      end
      env.getmetatable = function(v)
        if type(v) ~= "table" then return nil end
        return getmeta(v)
      end
      env.collectgarbage = function(opt)
        if opt == "count" then return collect("count") end
        return 0
      end
      setmeta(env, {
        __index = function(_, k)
          if k == "io" and not grant_io then denied(plugin, "io", "io") end
        end,
        __metatable = false,
      })
      return env, grant
    end
    """
}
