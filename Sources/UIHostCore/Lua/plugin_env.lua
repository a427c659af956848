-- The globals of one plugin (docs/API.md, "Plugins"; docs/SECURITY.md).
--
-- Run once per host with the pristine libraries (copied by sandbox.lua before
-- any script ran); returns `make(plugin, require)`, which builds a plugin's
-- environment. Every library a plugin sees is a copy of its own behind a
-- frozen view, so there is nothing shared to open: not through pairs, next,
-- getmetatable or rawget on the view, and a plugin that changed its copy
-- (it cannot) would change it for no one else.
local pristine = ...
local base = pristine.base
local next, type, error, tostring = base.next, base.type, base.error, base.tostring
local setmeta, getmeta, rawload, pcall, collect = base.setmetatable, base.getmetatable, base.load, base.pcall, base.collectgarbage
local rawget, rawset = base.rawget, base.rawset

local function denied(plugin, what, permission)
  error("plugin '" .. plugin .. "': " .. what .. " needs the '" .. permission .. "' permission " ..
        "(list it in the manifest's permissions and grant it: --grant " .. plugin .. "=" .. permission .. ")", 3)
end

-- A frozen copy of `lib` for one plugin: a table of its own, filled from `lib`
-- (less the names in `except`), behind an empty view that refuses writes and
-- names what a missing permission would give (`hidden`).
local function frozen(plugin, name, lib, hidden, except)
  local copy = {}
  for k, v in next, lib do
    if not (except and except[k]) then copy[k] = v end
  end
  local index = copy
  if hidden then
    index = function(_, k)
      local v = copy[k]
      if v == nil and hidden[k] then denied(plugin, name .. "." .. tostring(k), hidden[k]) end
      return v
    end
  end
  return setmeta({}, {
    __index = index,
    __newindex = function(_, k)
      error("plugin '" .. plugin .. "': " .. name .. " is read-only (cannot set " .. name .. "." .. tostring(k) .. ")", 2)
    end,
    -- Walks the copy without handing it out: the state is the view itself.
    __pairs = function(view)
      return function(_, k) return next(copy, k) end, view, nil
    end,
    __metatable = false,
  })
end

local os_hidden = { execute = "os", exit = "os", getenv = "os", remove = "os", rename = "os",
                    tmpname = "os", setlocale = "os" }
local os_default = { time = pristine.os.time, clock = pristine.os.clock, date = pristine.os.date,
                     difftime = pristine.os.difftime }
-- string.dump would hand out a function's bytecode, and Lua loads bytecode unchecked.
local no_dump = { dump = true }
-- Running a command is os's business: io.popen needs the 'os' permission too.
local no_popen = { popen = true }

return function(plugin, require)
  local granted_io, granted_fs = false, false
  local ui_view = nil
  local env = {}
  for k, v in next, base do env[k] = v end
  env.string = frozen(plugin, "string", pristine.string, nil, no_dump)
  for _, name in next, { "table", "math", "utf8", "coroutine" } do
    env[name] = frozen(plugin, name, pristine[name])
  end
  env.os = frozen(plugin, "os", os_default, os_hidden)
  env.require = require
  env._G = env
  -- Text chunks only. A chunk without an environment of its own gets the
  -- plugin's; its name says whose it is, so that its functions run under the
  -- plugin's limits wherever they are called from.
  env.load = function(chunk, name, _, chunkenv)
    if type(chunk) ~= "string" and type(chunk) ~= "function" then
      error("bad argument #1 to 'load' (string expected, got " .. type(chunk) .. ")", 2)
    end
    if chunkenv == nil then chunkenv = env end
    local shown = type(name) == "string" and name:gsub("^[=@]", "") or "(load)"
    return rawload(chunk, "=[plugin " .. plugin .. "] " .. shown, "t", chunkenv)
  end
  -- A finalizer would run outside every limit.
  env.setmetatable = function(t, mt)
    if type(mt) == "table" and rawget(mt, "__gc") ~= nil then
      error("setmetatable: __gc metamethods are not available to plugins", 2)
    end
    local ok, result = pcall(setmeta, t, mt)
    if not ok then error(result, 2) end
    return result
  end
  -- A string's or a file's metatable would reach what other scripts share.
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
      if k == "io" and not granted_io then denied(plugin, "io", "io") end
      if k == "fs" and not granted_fs then denied(plugin, "fs", "fs") end
      if k == "ui" and ui_view == nil then
        error("plugin '" .. plugin .. "': ui is not available while plugin.lua runs; use it in setup, " ..
              "commands and screens", 2)
      end
    end,
    __metatable = false,
  })

  -- Called once the manifest is checked and before setup: the plugin's own
  -- `ui` (its functions know whose they are) and what the user granted
  -- (`fs`: the plugin's own table of functions, confined to its folder).
  local function grant(ui, io, os, fs)
    -- The copy frozen() makes is shallow: a table inside `ui` (ui.json) gets
    -- a frozen view of its own, or a plugin could change it for itself and
    -- reach it through pairs.
    local nested = {}
    for k, v in next, ui do
      if type(v) == "table" then nested[k] = frozen(plugin, "ui." .. tostring(k), v) end
    end
    for k, v in next, nested do ui[k] = v end
    ui_view = frozen(plugin, "ui", ui)
    rawset(env, "ui", ui_view)
    granted_io = io
    if os then rawset(env, "os", frozen(plugin, "os", pristine.os)) end
    if fs then
      granted_fs = true
      rawset(env, "fs", frozen(plugin, "fs", fs))
    end
    if io then
      rawset(env, "io", frozen(plugin, "io", pristine.io, not os and { popen = "os" } or nil, not os and no_popen or nil))
    end
  end
  return env, grant
end
