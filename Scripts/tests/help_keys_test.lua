-- screens/help_keys.lua: Bubble Tea's help example, its short help in the
-- footer and its full help, grouped, behind `?`.

local support = require "support"
local check = support.check

local SIZE = { size = "50x20" }

test.case("arrows and h/j/k/l say which way was chosen", function()
  local app = test.open("screens/help_keys.lua", SIZE)
  app:expect("Waiting for input...")
  for _, step in ipairs({ { "up", "↑" }, { "j", "↓" }, { "h", "←" }, { "right", "→" }, { "k", "↑" } }) do
    app:press(step[1])
    app:expect("You chose: " .. step[2])
  end
  check(app, #app:errors() == 0, "no errors")
end)

test.case("the footer is the short help: quit and the help key, not the moves", function()
  local app = test.open("screens/help_keys.lua", SIZE)
  local footer = app:line(20)
  check(app, footer:match("^ q/esc quit  %? Keys") ~= nil, "quit first, its two keys once: " .. footer)
  app:expectNot("move up")
end)

test.case("? shows the full help, the moves under their heading; ? again closes it", function()
  local app = test.open("screens/help_keys.lua", SIZE)
  app:press("?")
  app:expect("╭─ Keys ─")
  local _, quitRow = app:find("q/esc  quit")
  local _, headingRow = app:find("│ Move ")
  local _, upRow = app:find("up/k     move up")
  check(app, quitRow and headingRow and upRow, "quit, the Move heading and its keys are listed")
  check(app, quitRow < headingRow and headingRow < upRow, "ungrouped first, then the group under its heading")
  app:expect("right/l  move right")
  app:expectNot("Next component") -- nothing here takes the focus, so Tab means nothing
  app:press("?")
  app:expectNot("╭─ Keys ─")
  app:expect("Waiting for input...")
end)

test.case("a narrow frame keeps the short help", { sizes = { "30x8" } }, function()
  local app = test.open("screens/help_keys.lua")
  app:press("l")
  app:expect("You chose: →")
  app:expect("q/esc quit")
end)
