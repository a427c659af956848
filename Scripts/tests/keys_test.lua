-- Key names with modifiers through app:press, their one spelling, and the
-- terminal cursor, which stays hidden while no text field has focus.

local support = require "support"
local check = support.check

test.case("keys with modifiers reach the screen without doing the defaults", function()
  local app = test.open("screens/launcher.lua")
  local before = app:screen()
  -- None of these is a key the launcher uses: focus stays, nothing quits.
  app:press("shift-up", "ctrl-left", "alt-right", "ctrl-shift-f5", "alt-q", "ctrl-alt-x",
            "shift-enter", "insert", "ctrl-i", "alt-A")
  check(app, app:screen() == before, "a modified key did something")
  check(app, #app:errors() == 0, "errors: " .. table.concat(app:errors(), "; "))
end)

test.case("a name in another spelling is an error that says the name meant", function()
  local app = test.open("screens/launcher.lua")
  local ok, err = pcall(app.press, app, "alt-ctrl-x")
  check(app, not ok and err:find("did you mean 'ctrl%-alt%-x'", 1) ~= nil, tostring(err))
  ok, err = pcall(app.press, app, "shift-A")
  check(app, not ok and err:find("did you mean 'A'", 1, true) ~= nil, tostring(err))
end)

test.case("shift with a letter is another name of its capital, as Bubble Tea spells it", function()
  local app = test.open("screens/launcher.lua")
  app:eval([[ui.bind("G", "Gallery", function() ui.push("gallery.lua") end)]])
  app:press("shift-g")
  app:expect("Gallery")
  app:expect("[¶ Text]")
end)

test.case("a misspelt key name says the name it is near", function()
  local app = test.open("screens/launcher.lua")
  local ok, err = pcall(app.press, app, "enterr")
  check(app, not ok and err:find("press: unknown key name 'enterr' (did you mean 'enter'?)", 1, true) ~= nil, tostring(err))
  ok, err = pcall(app.press, app, "ctrl-pgaeup")
  check(app, not ok and err:find("did you mean 'ctrl-pageup'", 1, true) ~= nil, tostring(err))
end)

test.case("the cursor is hidden while no text field has focus", function()
  local app = test.open("screens/launcher.lua")
  check(app, app:cursor() == nil, "cursor shown")
  app:press("down", "tab")
  check(app, app:cursor() == nil, "cursor shown after moving focus")
end)
