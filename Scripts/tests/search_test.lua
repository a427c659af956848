-- screens/search.lua: an input that filters a list as you type; ctrl-f
-- brings the focus back to the input.

local support = require "support"
local check = support.check

test.case("search: every language shows before typing, the input has the focus", function()
  local app = test.open("screens/search.lua", { size = "50x16" })
  app:expect("58 languages")
  app:expect("Ada")
  local col, row = app:cursor()
  check(app, row == 4 and col == 5, "the cursor waits in the input: " .. tostring(col) .. "," .. tostring(row))
end)

test.case("search: typing filters the list, ignoring case and without patterns", function()
  local app = test.open("screens/search.lua", { size = "50x16" })
  app:type("la")
  app:expect("4 languages")
  app:expect("Erlang")
  app:expectNot("Ada")
  app:press("backspace", "backspace")
  app:type("c++")
  app:expect("1 language")
  app:expect("C++")
  app:press("ctrl-u")
  app:type("zzz")
  app:expect("0 languages")
end)

test.case("search: Down goes to the results, Enter chooses, ctrl-f returns", function()
  local app = test.open("screens/search.lua", { size = "50x16" })
  app:type("sc")
  app:press("down", "down", "enter")
  app:expect("You chose Pascal.")
  check(app, app:cursor() == nil, "no caret while the list has the focus")
  app:press("ctrl-f")
  check(app, app:cursor() ~= nil, "ctrl-f put the caret back in the input")
  app:type("a")
  app:expect("[sca")
  check(app, #app:errors() == 0, table.concat(app:errors(), "; "))
end)

test.case("search: the footer shows ctrl-f, and help lists it", function()
  local app = test.open("screens/search.lua", { size = "50x16" })
  check(app, app:line(16):find("^F Search", 1, true) ~= nil, app:line(16))
  app:press("f1")
  app:expect("ctrl-f  Search")
end)
