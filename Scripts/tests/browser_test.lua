-- screens/browser.lua: the project's folders read with fs, a viewer that draws
-- markdown with ui.markdown and other files as code.

local support = require "support"
local check = support.check

local OPEN = { size = "100x24", allow = "fs" }

test.case("browser: the tree lists the project and the README shows first", function()
  local app = test.open("screens/browser.lua", OPEN)
  app:expect("Files: .")
  app:expect("README.md")
  app:expect("launcher.lua")
  -- screens/README.md, drawn: its heading, its table, its task list.
  app:expect("# The example screens")
  app:expect("json.lua    │ a JSON file, as a tree")
  app:expect("[x] ui.json decodes in document order")
  check(app, #app:errors() == 0, "no error")
end)

test.case("browser: enter on a screen shows its code", function()
  local app = test.open("screens/browser.lua", OPEN)
  local row -- the list's row, not that of the README's table beside it
  for r = 1, 24 do
    local line = app:line(r)
    if line:match("^%s+json%.lua%s") or line:match("^%s+json%.lua$") then row = r; break end
  end
  app:click(6, row)
  app:expect("-- JSON viewer: a document as a tree")
  app:expect("json.lua · ")
end)

test.case("browser: Tab moves to the viewer, then through its links; Enter follows one", function()
  local app = test.open("screens/browser.lua", OPEN)
  app:press("tab", "tab", "enter")
  app:expect("link: https://github.com/")
end)

test.case("browser: without fs it says what it needs", function()
  local app = test.open("screens/browser.lua", { size = "60x8" })
  app:expect("needs the fs capability")
  app:expect("uihost screens/browser.lua --allow fs")
end)
