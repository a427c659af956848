-- Key bindings (`keys`, `ui.bind`), the footer on the bottom row and the help overlay.

local support = require "support"
local check = support.check
local fixture = "Scripts/tests/fixtures/bindings.lua"

test.case("bindings run from anywhere inside their component", function()
  local app = test.open(fixture, { size = "40x9" })
  app:press("H", "i", "ctrl-s")
  check(app, app:screen():find("Saved.", 1, true) ~= nil, "ctrl-s did not save")
  app:press("tab", "a")
  check(app, app:screen():find("Archived.", 1, true) ~= nil, "a did not archive")
  app:press("ctrl-k")
  check(app, app:screen():find("Cleared.", 1, true) ~= nil, "ctrl-k did not clear")
  check(app, #app:errors() == 0, "errors: " .. table.concat(app:errors(), "; "))
end)

test.case("the footer is the bottom row and follows focus", function()
  local app = test.open(fixture, { size = "40x9" })
  -- In a text field ? and q type, so help is f1 and there is no q Quit.
  check(app, app:line(9) == " ^S Save  ^K Clear  f1 Keys", app:line(9))
  app:press("tab")
  check(app, app:line(9):find("a Archive now", 1, true) ~= nil, app:line(9))
end)

test.case("? types into a text field, f1 opens help, esc closes it", function()
  local app = test.open(fixture, { size = "40x14" })
  app:press("?")
  check(app, app:screen():find("Keys ─", 1, true) == nil, "? opened help from a text field")
  app:press("f1")
  check(app, app:screen():find("ctrl-s  Save", 1, true) ~= nil, "help does not list ctrl-s")
  app:press("esc", "tab", "?")
  check(app, app:screen():find("a       Archive now", 1, true) ~= nil, "help does not list the button's binding")
  app:press("?")
  check(app, app:screen():find("esc closes", 1, true) == nil, "? did not close help")
end)
