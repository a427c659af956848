-- screens/calculator.lua: Textual's calculator in a ui.grid, by keys and clicks.

local support = require "support"
local check = support.check

-- What the display shows: the number at the right of the box's first row.
local function display(app)
  return app:line(4):match("(%S+) │$")
end

local function open()
  return test.open("screens/calculator.lua", { size = "60x24" })
end

test.case("calculator: typed keys compute, as Textual's on_key presses the buttons", function()
  local app = open()
  check(app, display(app) == "0", "starts at 0")
  app:type("12+30=")
  check(app, display(app) == "42", "12+30 shows " .. tostring(display(app)))
  app:type("/4=")
  check(app, display(app) == "10.5", "42/4 shows " .. tostring(display(app)))
  app:type("*2-1=")
  check(app, display(app) == "20", "10.5*2-1 shows " .. tostring(display(app)))
  check(app, #app:errors() == 0, table.concat(app:errors(), "; "))
end)

test.case("calculator: the buttons sit in a grid and a click presses them", function()
  local app = open()
  -- Four columns: 7 8 9 × share a row, 0 covers two columns under 1 and 2.
  local _, row7 = app:find("[ 7 ]")
  local _, row9 = app:find("[ 9 ]")
  local _, rowTimes = app:find("[ × ]")
  check(app, row7 == row9 and row9 == rowTimes, "7, 9 and × on one row")
  local col0 = app:find("[ 0 ]")
  local col1 = app:find("[ 1 ]")
  local col2 = app:find("[ 2 ]")
  check(app, col0 > col1 and col0 < col2, "0 centred under 1 and 2")
  app:click("[ 7 ]")
  app:click("[ × ]")
  app:click("[ 6 ]")
  app:click("[ = ]")
  check(app, display(app) == "42", "7×6 shows " .. tostring(display(app)))
end)

test.case("calculator: AC becomes C once a number is typed, and c clears the entry", function()
  local app = open()
  app:expect("[ AC ]")
  app:type("5")
  app:expect("[ C ]")
  app:expectNot("[ AC ]")
  app:type("+3")
  app:press("c")
  check(app, display(app) == "0", "c clears the entry")
  app:expect("[ AC ]")
  app:type("4=")
  check(app, display(app) == "9", "5+4 after clearing the 3 shows " .. tostring(display(app)))
end)

test.case("calculator: sign, percent, point and division by zero", function()
  local app = open()
  app:type("5_")
  check(app, display(app) == "-5", "_ flips the sign")
  app:type("%")
  check(app, display(app) == "-0.05", "% divides by 100")
  app:press("c")
  app:type("0.5.5")
  check(app, display(app) == "0.55", "a second point is ignored: " .. tostring(display(app)))
  app:type("/0=")
  check(app, display(app) == "Error", "division by zero shows Error")
end)

test.case("calculator: reachable from the launcher", function()
  local app = test.open("screens/launcher.lua", { size = "80x30" })
  app:click("Calculator")
  app:expect("[ AC ]")
end)
