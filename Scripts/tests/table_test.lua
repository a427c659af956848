-- screens/table.lua: 10^5 orders from a data source, and a sortable table of cities.

local SIZE = { size = "60x14" }

local support = require "support"
local check = support.check

test.case("orders: the header, the first rows, the cursor on order 1", function()
  local app = test.open("screens/table.lua", SIZE)
  app:press("tab")
  app:expect("Order  Customer")
  app:expect("›     1  Hiroshi")
  app:snapshot("orders")
end)

test.case("orders: End reaches order 100000 and Enter selects it", function()
  local app = test.open("screens/table.lua", SIZE)
  app:press("tab", "end", "enter")
  app:expect("› 100000")
  app:expect("Order 100000:")
end)

test.case("cities: s sorts by the focused column, again the other way", function()
  local app = test.open("screens/table.lua", SIZE)
  app:press("right", "tab", "right", "right", "s")
  app:expect("People (M) ▲")
  app:expect("Sorted by People (M) ▲")
  local first = support.rowOf(app, "Beijing")
  check(app, first < support.rowOf(app, "Tokyo"), "the smallest city comes first")
  app:press("s")
  app:expect("People (M) ▼")
  check(app, support.rowOf(app, "Tokyo") < support.rowOf(app, "Delhi"), "the largest city comes first")
  app:snapshot("cities-descending")
end)

test.case("cities: Up from the first row reaches the header; Enter there sorts by City", function()
  local app = test.open("screens/table.lua", SIZE)
  app:press("right", "tab", "up", "enter")
  app:expect("City ▲")
  check(app, support.rowOf(app, "Beijing") < support.rowOf(app, "Cairo"), "cities in alphabetical order")
end)
