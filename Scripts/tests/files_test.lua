-- screens/files.lua: a tree whose folders load on first opening, and a log of what happened.

local SIZE = { size = "50x16" }

local support = require "support"
local check = support.check

test.case("files: Right opens a folder, loading it, and the log says so", function()
  local app = test.open("screens/files.lua", SIZE)
  app:expect("▸ docs/")
  app:press("down", "right")
  app:expect("▾ docs/")
  app:expect("opened docs/ (5 entries, 1 folders loaded)")
  app:press("right", "enter")
  app:expect("selected dsub1/")
  app:snapshot("docs-open")
end)

test.case("files: Left goes to the parent, then closes it; reopening loads nothing", function()
  local app = test.open("screens/files.lua", SIZE)
  app:press("down", "right", "down", "left", "left")
  app:expect("▸ docs/")
  app:press("right")
  app:expect("opened docs/ (5 entries, 1 folders loaded)")
  check(app, #app:errors() == 0, "no handler errors")
end)
