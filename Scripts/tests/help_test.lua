-- screens/help.lua: the launcher's help, a page of markdown with its contents beside it.

local support = require "support"
local check = support.check
local expectFocus = support.expectFocus
local rowOf = support.rowOf

local SIZE = { size = "80x24" }

test.case("help: h in the launcher opens it; the markdown shows headings, a table and code", function()
  local app = test.open("screens/launcher.lua", SIZE)
  app:press("h")
  app:expect("‹ Back")
  app:expect("# The example screens")
  app:expect("Key            │ Does")         -- the table's columns aligned
  app:expect("↑ ↓, the wheel │ move through the entries")
  app:expectNot("| Key |")                     -- no markdown syntax of the table left
  check(app, #app:errors() == 0, "no errors")
  app:snapshot("help", { styles = true })
  app:press("esc")
  app:expect("Example screens")
  expectFocus(app, "TabBarView")
end)

test.case("help: the contents list every heading; Enter scrolls the page to one", function()
  local app = test.open("screens/help.lua", SIZE)
  for _, heading in ipairs({ "The example screens", "Keys", "Running them", "Testing them", "Learn more" }) do
    app:expect(heading)
  end
  app:expectNot("## Learn more")
  app:press("down", "down", "enter")               -- Running them
  local row = rowOf(app, "## Running them")
  check(app, row == 3, "the heading is the first row shown: " .. tostring(row))
  app:expectNot("# The example screens")
  -- The last heading: the page ends below it, so it shows as far up as the end allows.
  app:press("shift-tab", "down", "down", "enter")  -- Learn more
  app:expect("## Learn more")
  -- the focus moved to the page: its first link shown is one Tab away
  app:press("tab", "enter")
  app:expect("Opens https://www.lua.org/manual/5.4/")
end)

test.case("help: the page scrolls by keys and its links show their URLs in plain text", function()
  local app = test.open("screens/help.lua", SIZE)
  app:press("tab")                                 -- the page
  app:press("end")
  app:expect("Lua 5.4 reference")
  app:expect("<https://www.lua.org/manual/5.4/>")
  app:press("home")
  app:expect("# The example screens")
end)

test.case("help: narrow frames keep the page readable and every heading reachable", { sizes = { "40x12", "30x8" } }, function()
  local app = test.open("screens/help.lua")
  app:press("down", "down", "enter")               -- Running them
  app:expect("## Running them")
  check(app, #app:errors() == 0, "no errors")
end)
