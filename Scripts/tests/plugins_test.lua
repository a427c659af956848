-- The example plugins in plugins/: the launcher's menu, the palette, a
-- command's keys, a plugin screen pushed by name, and grants.

local support = require "support"
local check = support.check

local function open()
  return test.open("screens/launcher.lua", { plugins = "plugins", grant = { notes = { "io" } }, size = "60x22" })
end

test.case("plugin items show below the launcher's own", function()
  local app = open()
  app:expect("From plugins")
  local _, own = app:find("TabBar & SideBar")
  local _, clock = app:find("Clock")
  check(app, own and clock and clock > own, "plugin items are not below the launcher's")
  check(app, #app:errors() == 0, table.concat(app:errors(), "; "))
end)

test.case("without plugins the launcher shows no plugin section", function()
  local app = test.open("screens/launcher.lua")
  app:expectNot("From plugins")
end)

test.case("ctrl-p opens the palette; typing filters; Enter runs", function()
  local app = open()
  app:press("ctrl-p")
  app:expect("Commands")
  app:expect("Add a note with the time")
  app:type("shcl")
  app:expectNot("Add a note with the time")
  app:expect("Show the clock")
  app:press("enter")
  app:expectNot("Commands")
  app:expect("Clock")
  app:expect("0 s")
  app:advance(2000)
  app:expect("2 s")
end)

test.case("Esc closes the palette without running anything", function()
  local app = open()
  app:press("ctrl-p", "esc")
  app:expectNot("Commands")
  app:expect("Example screens")
end)

test.case("a command's keys run it", function()
  local app = open()
  app:press("ctrl-t")
  app:expect("Clock")
  app:press("esc")
  app:expect("Example screens")
end)

test.case("a plugin asking for an ungranted permission is skipped, naming it", function()
  local app = test.open("screens/launcher.lua", { plugins = "plugins", size = "60x26" })
  local errors = table.concat(app:errors(), "\n")
  check(app, errors:find("plugin 'notes' was not loaded", 1, true) ~= nil, errors)
  check(app, errors:find("--grant notes=io", 1, true) ~= nil, errors)
  app:expect("Clock")
  app:expectNot("Add a note")
end)

test.case("the screen cannot see a plugin's globals or state", function()
  local app = open()
  check(app, app:eval("return format == nil and state == nil") == true, "a plugin's global reached the screen")
end)

test.case("the export plugin reads the orders by message, as sorted", function()
  local app = test.open("screens/orders.lua", { plugins = "plugins", grant = { notes = { "io" } }, size = "60x22" })
  check(app, app:eval([[return ui.run("export.orders", 2, 3)]]) == true, table.concat(app:errors(), "; "))
  app:expect("Exported 3 orders")
  -- What the plugin got were copies: changing them changed nothing here.
  local rows = app:eval([[return ui.call("orders", 1, 2)]])
  check(app, #rows == 2 and rows[1].id == 1 and rows[2].customer ~= nil, "the rows are not the orders")
  check(app, #app:errors() == 0, table.concat(app:errors(), "; "))
end)

test.case("without the orders screen the export plugin says what to open", function()
  local app = open()
  app:press("ctrl-p")
  app:type("export")
  app:press("enter")
  app:expect("Open Orders first")
  check(app, #app:errors() == 0, table.concat(app:errors(), "; "))
end)
