-- library/uihost.lua, the LuaLS stubs that `uihost stubs DIR` writes, against the
-- API the host really has: every `ui` function, every app method, every `test`
-- function and the timer handle's methods are declared, and nothing more; every
-- field the stubs give a component is one its constructor knows. Run from the
-- repository root (paths are relative to the working directory).

local STUBS = "library/uihost.lua"

local function readStubs()
  local f = assert(io.open(STUBS, "r"))
  local text = f:read("a")
  f:close()
  return text
end

-- The names declared as `function PREFIX NAME(` at the start of a line.
local function declared(text, prefix)
  local names = {}
  for name in ("\n" .. text):gmatch("\nfunction " .. prefix .. "([%w_]+)%(") do
    names[#names + 1] = name
  end
  table.sort(names)
  return names
end

-- Fails unless the sorted lists `runtime` and `stubs` hold the same names.
local function compare(what, runtime, stubs)
  local inStubs, atRuntime = {}, {}
  for _, name in ipairs(stubs) do inStubs[name] = true end
  for _, name in ipairs(runtime) do atRuntime[name] = true end
  local missing, extra = {}, {}
  for _, name in ipairs(runtime) do
    if not inStubs[name] then missing[#missing + 1] = name end
  end
  for _, name in ipairs(stubs) do
    if not atRuntime[name] then extra[#extra + 1] = name end
  end
  local problems = {}
  if #missing > 0 then
    problems[#problems + 1] = what .. " missing from " .. STUBS .. ": " .. table.concat(missing, ", ")
  end
  if #extra > 0 then
    problems[#problems + 1] = what .. " declared in " .. STUBS .. " but absent at runtime: " .. table.concat(extra, ", ")
  end
  if #problems > 0 then error(table.concat(problems, "\n"), 2) end
  if #runtime == 0 then error("no " .. what .. " found at runtime", 2) end
end

-- The sorted keys of a table whose values are all functions.
local function functionKeys(t, what)
  local names = {}
  for k, v in pairs(t) do
    if type(v) ~= "function" then error(what .. "." .. tostring(k) .. " is a " .. type(v) .. ", not a function", 2) end
    names[#names + 1] = k
  end
  table.sort(names)
  return names
end

-- The keys of a table in the app's state, sorted, as "name:type".
local LIST_KEYS = [[
  local t = ...
  local names = {}
  for k, v in pairs(t) do names[#names + 1] = tostring(k) .. ":" .. type(v) end
  table.sort(names)
  return names
]]

-- What `ui` holds besides functions: its arguments and the libraries inside it.
local UI_VALUES = { args = "table", json = "table" }

-- The function keys of a table in the app's state; `values` names the keys that
-- may hold something else (`ui.args`, the `ui.json` library), each declared with
-- `PREFIX NAME =` in the stubs.
local function appKeys(app, expression, what, values)
  local entries = app:eval("return (function(...) " .. LIST_KEYS .. " end)(" .. expression .. ")")
  local names = {}
  for _, entry in ipairs(entries) do
    local name, kind = entry:match("^(.*):(%a+)$")
    if values and values[name] == kind then
      assert(readStubs():find("\n" .. what .. "." .. name .. " = ", 1, true), what .. "." .. name .. " is not declared in " .. STUBS)
    elseif kind ~= "function" then
      error(what .. "." .. name .. " is a " .. kind .. ", not a function", 2)
    else
      names[#names + 1] = name
    end
  end
  return names
end

test.case("stubs: the file is a LuaLS meta file that returns ui", function()
  local text = readStubs()
  assert(text:sub(1, 9) == "---@meta ", STUBS .. " starts with ---@meta")
  assert(text:find("\nui = {}\n", 1, true), STUBS .. " declares the global ui")
  assert(text:find("\ntest = {}\n", 1, true), STUBS .. " declares the global test")
  assert(text:match("\nreturn ui\n$"), STUBS .. " ends with return ui (require \"uihost\")")
end)

test.case("stubs: every runtime ui function is declared, and no other", function()
  local app = test.open("screens/launcher.lua", { size = "60x20" })
  local runtime = appKeys(app, "ui", "ui", UI_VALUES)
  compare("ui functions", runtime, declared(readStubs(), "ui%."))
  compare("ui.json functions", appKeys(app, "ui.json", "ui.json", { null = "userdata" }), declared(readStubs(), "ui%.json%."))
  -- require "uihost" is the same table
  assert(app:eval("return require('uihost') == ui") == true, "require 'uihost' returns ui")
end)

test.case("stubs: the timer handle's methods are declared, and no other", function()
  local app = test.open("screens/launcher.lua", { size = "60x20" })
  -- The handle's metatable is closed ("timer"): each declared method must be
  -- there, and what the handle answers besides them is nothing.
  local declaredMethods = declared(readStubs(), "Timer:")
  local quoted = {}
  for i, name in ipairs(declaredMethods) do quoted[i] = string.format("%q", name) end
  local present = app:eval([[
    local handle = ui.after(1000, function() end)
    local names = {}
    for _, name in ipairs { ]] .. table.concat(quoted, ", ") .. [[ } do
      if type(handle[name]) == "function" then names[#names + 1] = name end
    end
    handle:cancel()
    return { names = names, meta = getmetatable(handle) }
  ]])
  compare("timer methods", present.names, declaredMethods)
  if present.meta ~= "timer" then error("a timer handle's metatable is open: " .. tostring(present.meta)) end
end)

test.case("stubs: every app method is declared, and no other", function()
  local app = test.open("screens/launcher.lua", { size = "60x20" })
  local mt = getmetatable(app)
  assert(type(mt) == "table" and type(mt.__index) == "table", "getmetatable(app).__index is the table of methods")
  compare("app methods", functionKeys(mt.__index, "app"), declared(readStubs(), "App:"))
end)

test.case("stubs: every test function is declared, and no other", function()
  compare("test functions", functionKeys(test, "test"), declared(readStubs(), "test%."))
end)

-- Classes and their `---@field NAME` lines (a class declared twice has both
-- declarations' fields), parents, and which class each
-- constructor returns (the `---@return` line right above `function ui.NAME(`),
-- or takes, for a dialog, which is shown rather than returned (`---@param props`).
local function parseClasses(text)
  local classes, current, returns, constructors = {}, nil, nil, {}
  for line in (text .. "\n"):gmatch("(.-)\n") do
    local name, parent = line:match("^%-%-%-@class ([%w_%.]+)%s*:%s*([%w_%.]+)")
    if not name then name = line:match("^%-%-%-@class ([%w_%.]+)") end
    if name then
      -- A class declared again (methods after the generated fields) is the same class, as in LuaLS.
      current = classes[name] or { name = name, fields = {} }
      current.parent = current.parent or parent
      classes[name] = current
    elseif current and line:match("^%-%-%-@field ") then
      local field = line:match("^%-%-%-@field ([%a_][%w_]*)")
      if field then current.fields[#current.fields + 1] = field end
    elseif not line:match("^%-%-%-") then
      current = nil
    end
    local r = line:match("^%-%-%-@return ([%w_%.]+)") or line:match("^%-%-%-@param props ([%w_%.]+)")
    if r then
      if classes[r] or not (returns and classes[returns]) then returns = r end
    else
      local ctor = line:match("^function ui%.([%w_]+)%(")
      if ctor and returns and classes[returns] then constructors[ctor] = returns end
      if not line:match("^%-%-%-") then returns = nil end
    end
  end
  return classes, constructors
end

-- The fields of a class and of its ancestors.
local function allFields(classes, name)
  local fields, class = {}, classes[name]
  while class do
    for _, f in ipairs(class.fields) do fields[#fields + 1] = f end
    class = class.parent and classes[class.parent]
  end
  return fields
end

-- Whether a class is ui.Component or descends from it.
local function isComponent(classes, name)
  local class = classes[name]
  while class do
    if class.name == "ui.Component" then return true end
    class = class.parent and classes[class.parent]
  end
  return false
end

-- Whether ui[ctor]{ [field] = a coroutine } is refused for the field's type
-- (a known field) rather than as an unknown field; returns the message.
local function probe(app, ctor, fieldsCode)
  local ok, message = app:eval("return pcall(ui." .. ctor .. ", { " .. fieldsCode .. " })")
  return ok, tostring(message)
end

local THREAD = "coroutine.create(function() end)"

test.case("stubs: every field the stubs give a component is one its constructor knows", function()
  local app = test.open("screens/launcher.lua", { size = "60x20" })
  local classes, constructors = parseClasses(readStubs())
  -- The constructors are the ui functions that refuse an unknown field as one;
  -- the stubs must give each of them a class (`---@return ui.X`), and no other.
  local runtime = {}
  for _, name in ipairs(appKeys(app, "ui", "ui", UI_VALUES)) do
    local ok, message = probe(app, name, "bogus = " .. THREAD)
    if not ok and message:find("unknown field 'bogus'", 1, true) then runtime[#runtime + 1] = name end
  end
  local stubs = {}
  for name, class in pairs(constructors) do
    if isComponent(classes, class) then stubs[#stubs + 1] = name else constructors[name] = nil end
  end
  table.sort(stubs)
  compare("constructors with a component class", runtime, stubs)
  local problems = {}
  for ctor, class in pairs(constructors) do
    for _, field in ipairs(allFields(classes, class)) do
      local ok, message = probe(app, ctor, field .. " = " .. THREAD)
      if ok or message:find("unknown field", 1, true) or not message:find(field, 1, true) then
        problems[#problems + 1] = class .. "." .. field .. " (ui." .. ctor .. "): " .. message
      end
    end
  end
  table.sort(problems)
  assert(#problems == 0, "fields the constructors do not know:\n" .. table.concat(problems, "\n"))
end)

-- Item fields the host reads but the constructor does not check.
local UNCHECKED_ITEM_FIELDS = { ["ui.PickerItem.icon"] = true }

test.case("stubs: every field of a list, picker or dropdown item is one the constructor checks", function()
  local app = test.open("screens/launcher.lua", { size = "60x20" })
  local classes = parseClasses(readStubs())
  local problems = {}
  for ctor, class in pairs({ list = "ui.ListItem", picker = "ui.PickerItem", dropdown = "ui.DropdownItem" }) do
    assert(classes[class], class .. " is declared")
    for _, field in ipairs(allFields(classes, class)) do
      if not UNCHECKED_ITEM_FIELDS[class .. "." .. field] then
        local fieldsCode = field == "title" and (field .. " = " .. THREAD)
          or ("title = 'x', " .. field .. " = " .. THREAD)
        local ok, message = probe(app, ctor, "items = { { " .. fieldsCode .. " } }")
        if ok or not message:find("items[1]." .. field .. " must be", 1, true) then
          problems[#problems + 1] = class .. "." .. field .. " (ui." .. ctor .. "): " .. message
        end
      end
    end
  end
  table.sort(problems)
  assert(#problems == 0, "item fields the constructors do not check:\n" .. table.concat(problems, "\n"))
end)

-- The quoted names in the table `local NAME = { … }` of a Lua config file.
local function configFields(path, name)
  local f = assert(io.open(path, "r"))
  local text = f:read("a")
  f:close()
  local block = text:match("\nlocal " .. name .. " = (%b{})")
  assert(block, path .. " defines local " .. name)
  local names = {}
  -- A field that is a table of its own (`json = { … }`) is one name; its inside is its own.
  local inner = (block:match("fields%s*=%s*(%b{})") or block):sub(2, -2)
  for key in inner:gmatch("([%w_]+)%s*=%s*%b{}") do names[#names + 1] = key end
  inner = inner:gsub("[%w_]+%s*=%s*%b{}", "")
  for field in inner:gmatch('"([%w_]+)"') do names[#names + 1] = field end
  table.sort(names)
  return names
end

test.case("stubs: .luacheckrc lists the same ui and test fields as the runtime", function()
  local app = test.open("screens/launcher.lua", { size = "60x20" })
  local fields = appKeys(app, "ui", "ui", UI_VALUES)
  for name in pairs(UI_VALUES) do fields[#fields + 1] = name end
  table.sort(fields)
  compare("ui fields in .luacheckrc", fields, configFields(".luacheckrc", "ui"))
  compare("test fields in .luacheckrc", functionKeys(test, "test"), configFields(".luacheckrc", "test"))
end)
