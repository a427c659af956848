-- Focus control: autofocus, onHighlight, ui.focus, destructive buttons.

local support = require "support"
local check = support.check
local fixture = "Scripts/tests/fixtures/focus.lua"

test.case("autofocus starts on the list and onHighlight follows its cursor", function()
  local app = test.open(fixture, { size = "40x9" })
  support.expectFocus(app, "Ada")
  app:press("down", "down")
  check(app, app:screen():find("Showing Linus", 1, true) ~= nil, "onHighlight did not run")
end)

test.case("ui.focus from a binding moves focus to the search field", function()
  local app = test.open(fixture, { size = "40x9" })
  app:press("ctrl-f", "A", "d")
  check(app, app:screen():find("[Ad ", 1, true) ~= nil, "typing did not reach the search field")
  check(app, #app:errors() == 0, "errors: " .. table.concat(app:errors(), "; "))
end)
