-- screens/json.lua: a JSON document as a tree, keys in the document's order;
-- the file is read with fs from the screen's arguments.

local support = require "support"
local check = support.check

-- A scratch folder outside the project holding `name` with `text`; its path.
local function scratchFile(name, text)
  local dir = os.tmpname()
  os.remove(dir)
  assert(os.execute("mkdir -p '" .. dir .. "'"))
  local f = assert(io.open(dir .. "/" .. name, "w"))
  f:write(text)
  f:close()
  return dir, dir .. "/" .. name
end

test.case("json: without a file it shows the sample, keys in order", function()
  local app = test.open("screens/json.lua", { size = "60x14" })
  app:expect("JSON: sample.json")
  local _, name = app:find("name: \"uihost\"")
  local _, tags = app:find("tags: [3]")
  local _, stars = app:find("stars: null")
  check(app, name and tags and stars and name < tags and tags < stars, "the document's order")
  app:press("down", "down", "down", "right", "down", "enter")
  app:expect("$.tags[1] = \"tui\"")
  check(app, #app:errors() == 0, "no error")
  app:snapshot("sample-tags-open")
end)

test.case("json: a file named after -- is read with fs from an --allow-path folder", function()
  local dir, file = scratchFile("data.json", '{"zeta": 1, "alpha": {"nested": [true, null]}, "mid": "x"}')
  local app = test.open("screens/json.lua", { size = "60x12", allow = "fs", allowPaths = { dir }, args = { file } })
  app:expect("data.json: {3}")
  local _, zeta = app:find("zeta: 1")
  local _, alpha = app:find("alpha: {1}")
  check(app, zeta and alpha and zeta < alpha, "zeta stays before alpha")
  app:press("down", "down", "right", "down", "right")
  app:expect("nested: [2]")
  app:expect("[2]: null")
  check(app, #app:errors() == 0, "no error")
  os.execute("rm -rf '" .. dir .. "'")
end)

test.case("json: a broken document shows where it breaks", function()
  local dir, file = scratchFile("bad.json", '{\n  "a": 1,\n  "b": }')
  local app = test.open("screens/json.lua", { size = "70x8", allow = "fs", allowPaths = { dir }, args = { file } })
  app:expect("unexpected '}', expected a value at line 3, column 8")
  os.execute("rm -rf '" .. dir .. "'")
end)

test.case("json: a file outside the project and the allowed folders is refused", function()
  local dir, file = scratchFile("secret.json", "{}")
  local app = test.open("screens/json.lua", { size = "100x8", allow = "fs", args = { file } })
  app:expect("is outside the project")
  app:expectNot("secret.json: {")
  os.execute("rm -rf '" .. dir .. "'")
end)

test.case("json: without fs it says how to run it", function()
  local app = test.open("screens/json.lua", { size = "100x8", args = { "data.json" } })
  app:expect("needs the fs capability")
end)
