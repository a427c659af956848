-- screens/orders.lua: a million orders through a data source, sorted by
-- computing which order each row shows; a detail sheet, a confirm, a toast.

local support = require "support"
local check = support.check

test.case("orders: a million rows, the first ones shown", function()
  local app = test.open("screens/orders.lua", { size = "70x16" })
  app:expect("Hiroshi")
  local tree = app:tree()
  check(app, #app:errors() == 0, table.concat(app:errors(), "; "))
  check(app, tree.children ~= nil, "a tree")
  app:press("end")
  app:expect("1000000")
end)

test.case("orders: every column sorts both ways, by computation", function()
  local app = test.open("screens/orders.lua", { size = "70x16" })
  app:press("right", "s")
  app:expect("Sorted by Customer ▲")
  check(app, app:line(5):find("10  Aiko", 1, true) ~= nil, app:line(5))
  check(app, app:line(6):find("20  Aiko", 1, true) ~= nil, app:line(6))
  app:press("right", "s")
  app:expect("Sorted by State ▲")
  check(app, app:line(5):find("4  Inés", 1, true) ~= nil, app:line(5))
  app:press("right", "s")
  app:expect("Sorted by Total ▲")
  check(app, app:line(5):find("0.00", 1, true) ~= nil, app:line(5))
  app:press("s")
  app:expect("Sorted by Total ▼")
  check(app, app:line(5):find("999.99", 1, true) ~= nil, app:line(5))
  app:press("left", "left", "left", "s", "s")
  app:expect("Sorted by Order ▼")
  check(app, app:line(5):find("1000000", 1, true) ~= nil, app:line(5))
end)

test.case("orders: Enter opens the order, cancelling asks first and shows a toast", function()
  local app = test.open("screens/orders.lua", { size = "70x16" })
  app:press("down", "enter")
  app:expect("Order 2")
  app:expect("Customer: Eun-ji")
  app:press("tab", "enter")
  app:expect("Cancel Eun-ji's order of 158.38?")
  app:press("enter")                    -- Keep it has the focus
  app:expectNot("Cancel Eun-ji's order")
  app:expect("State:    refunded")
  app:press("enter", "right", "enter")   -- focus stayed on Cancel order
  app:expect("Order 2 cancelled")
  app:expect("cancelled      158.38")
  app:advance(4000)
  app:expectNot("Order 2 cancelled")
  check(app, #app:errors() == 0, table.concat(app:errors(), "; "))
end)
