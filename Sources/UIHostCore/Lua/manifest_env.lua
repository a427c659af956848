-- The globals of a plugin.lua read by `uihost plugins` and `uihost check`
-- (ManifestReader.swift): run first in a fresh Lua state of its own, so the
-- libraries it copies are as Lua made them. Returns the environment.
local next, type, error, tostring, rawget = next, type, error, tostring, rawget
local setmeta, getmeta = setmetatable, getmetatable
local G = _G
-- What the chunk could never reach anyway goes too: nothing here does I/O or loads code.
string.dump = nil
for _, name in next, { "io", "os", "debug", "package", "require", "dofile", "loadfile", "load", "collectgarbage" } do
  G[name] = nil
end

-- Fields by name only: `inert[1]` is nil, so `ipairs(require "x")` ends at once.
local inert = {}
setmeta(inert, {
  __index = function(_, k) if type(k) == "string" then return inert end end,
  __call = function() return inert end,
  __newindex = function() end,
  __metatable = false,
})

local function frozen(name, lib)
  local copy = {}
  for k, v in next, lib do copy[k] = v end
  return setmeta({}, {
    __index = copy,
    __newindex = function(_, k) error(name .. " is read-only (cannot set " .. name .. "." .. tostring(k) .. ")", 2) end,
    __pairs = function() return next, copy, nil end,
    __metatable = false,
  })
end

local env = {}
for _, name in next, { "assert", "error", "ipairs", "next", "pairs", "pcall", "rawequal", "rawget", "rawlen",
                       "rawset", "select", "tonumber", "tostring", "type", "xpcall", "_VERSION" } do
  env[name] = G[name]
end
for _, name in next, { "string", "table", "math", "utf8" } do env[name] = frozen(name, G[name]) end
env.setmetatable = function(t, mt)
  if type(mt) == "table" and rawget(mt, "__gc") ~= nil then
    error("setmetatable: __gc metamethods are not available to plugins", 2)
  end
  return setmeta(t, mt)
end
env.getmetatable = function(v)
  if type(v) == "table" then return getmeta(v) end
end
env._G = env
return setmeta(env, { __index = function() return inert end, __metatable = false })
