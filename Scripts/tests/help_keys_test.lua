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

test.case("the footer is the short help: the help key and quit, not the moves", function()
  local app = test.open("screens/help_keys.lua", SIZE)
  local footer = app:line(20)
  check(app, footer == " ? Keys  q Quit", "the short help: " .. footer)
  app:expectNot("move up")
end)

test.case("pushed from the launcher, esc comes back", function()
  local app = test.open("screens/launcher.lua", { size = "60x20" })
  app:click("Keys and help")
  app:expect("Waiting for input...")
  app:expect("esc Back")
  app:press("l", "esc")
  app:expect("Example screens")
end)

test.case("? shows the full help, the moves under their heading; ? again closes it", function()
  local app = test.open("screens/help_keys.lua", SIZE)
  app:press("?")
  app:expect("╭─ Keys ─")
  local _, headingRow = app:find("│ Move ")
  local _, upRow = app:find("up/k     move up")
  local _, quitRow = app:find("q       Quit (first screen)")
  check(app, headingRow and upRow and quitRow, "the Move heading, its keys and the host's are listed")
  check(app, headingRow < upRow and upRow < quitRow, "the group under its heading, then the host's keys")
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
  app:expect("q Quit")
end)
