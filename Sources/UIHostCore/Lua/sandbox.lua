-- The screen's sandbox (docs/API.md §9): what a screen may use. By default
-- string table math utf8 coroutine, the base library without dofile and
-- loadfile and with load of text only, os.time os.clock os.date, and require
-- of modules beside the screen; --allow io, --allow os and --allow all lift
-- parts of it. Runs before any script, as the host's own work.
local allow_io, allow_os, allow_all, print, require, pristine, raw = ...
_G.print = print
_G.require = require
-- A component is an empty proxy in front of its fields (docs/PERFORMANCE.md):
-- next, rawget, rawset and rawlen look through it, for plugins too.
for name, f in pairs(raw) do _G[name] = f end
-- The host owns the process: os.exit leaves through ui.quit, restoring the terminal.
if os and os.exit then os.exit = function(code) ui.quit(code) end end

-- With plugins: the libraries as they are before anything is taken away or
-- any script ran, kept for the plugins' environments (plugin_env.lua).
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

-- Methods on strings, ("x"):upper(), read a copy that no script can reach:
-- a screen that changes string.upper changes its own table, not what every
-- string (a plugin's too) answers. string.dump is not among them.
local methods = {}
for k, v in pairs(string) do
  if k ~= "dump" then methods[k] = v end
end
local string_meta = getmetatable("")
string_meta.__index = methods
string_meta.__metatable = false

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
-- As Lua's own: a chunk gets the globals unless an environment is given,
-- even nil (so the arguments are counted, not tested).
_G.load = function(chunk, name, _, ...)
  if type(chunk) ~= "string" and type(chunk) ~= "function" then
    error("bad argument #1 to 'load' (string expected, got " .. type(chunk) .. ")", 2)
  end
  if select("#", ...) == 0 then return rawload(chunk, name, "t") end
  return rawload(chunk, name, "t", (...))
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
