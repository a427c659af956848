-- screens/navigation.lua: a navigation list whose entries each push a
-- destination; TabBarView pushes the real tabbar.lua; Close pops.

local SIZE = { size = "60x20" }

local support = require "support"
local check = support.check
local expectFocus = support.expectFocus

local function header(app, title)
  return app:line(1):match("^ ‹ Back%s+" .. title:gsub("%p", "%%%0") .. "$") ~= nil
end

local entries = { "SwipeView", "CarouselView", "BaseTabView", "TabBarView" }

test.case("the list shows four entries, each with its description under it, and Close", function()
  local app = test.open("screens/navigation.lua", SIZE)
  check(app, app:line(1):match("^%s+NavigationList$") ~= nil, "the root screen's title, without ‹ Back")
  app:expectNot("‹ Back")
  -- Two rows an entry: the title, then its description.
  for i, name in ipairs(entries) do
    local line = app:line(1 + 2 * i)
    check(app, line == " › " .. name or line == "   " .. name, name .. " on row " .. (1 + 2 * i))
  end
  check(app, app:line(4) == "   pages that slide sideways", "SwipeView's description under it")
  app:expect("› SwipeView")
  app:expect("   [ Close ]")
  app:snapshot("list")
end)

for i = 1, 3 do
  local name = entries[i]
  test.case("entry " .. name .. " pushes a destination named after it; esc pops back to it", function()
    local app = test.open("screens/navigation.lua", SIZE)
    for _ = 2, i do app:press("down") end
    app:expect("› " .. name)
    app:press("enter")
    check(app, header(app, name), "‹ Back and the title " .. name .. " head the frame")
    local _, row = app:find(name)
    check(app, row == 1, "title on row 1")
    local _, bodyRow = app:find("                      " .. name)
    check(app, bodyRow ~= nil and bodyRow > 5 and bodyRow < 18, "the name is centred in the body")
    app:expectNot("[ Close ]")
    if i == 2 then app:snapshot("carousel-destination") end
    app:press("esc")
    check(app, app:line(1):match("^%s+NavigationList$") ~= nil, "back on the list")
    app:expect("› " .. name)
  end)
end

test.case("TabBarView pushes screens/tabbar.lua", function()
  local app = test.open("screens/navigation.lua", SIZE)
  app:press("end")
  app:expect("› TabBarView")
  app:press("enter")
  check(app, header(app, "TabBarView"), "‹ Back TabBarView heads the frame")
  app:expect("› [🐱 MenuPicker]   🐈 WheelPicker    🐾 DropDown")
  app:expect("cat: IMG_0057 ▼")
  app:expect("(__|_|__)_____/")
  app:snapshot("tabbar-pushed")
  -- the pushed tab bar works, and esc with no overlay pops it
  app:press("right")
  app:expect("[🐈 WheelPicker]")
  app:press("esc")
  app:expect("› TabBarView")
  app:expect("[ Close ]")
end)

test.case("esc closes an open menu of the pushed tab bar before it pops", function()
  local app = test.open("screens/navigation.lua", SIZE)
  app:press("end", "enter", "tab", "enter")
  app:expect("cat: IMG_0057 ▲")
  app:press("esc")
  check(app, header(app, "TabBarView"), "still on the pushed TabBarView")
  app:expect("cat: IMG_0057 ▼")
  app:press("esc")
  app:expect("› TabBarView")
end)

test.case("clicking an entry pushes its destination", function()
  local app = test.open("screens/navigation.lua", SIZE)
  app:click("BaseTabView")
  check(app, header(app, "BaseTabView"), "BaseTabView pushed by a click")
  app:click("‹ Back")
  check(app, app:line(1):match("^%s+NavigationList$") ~= nil, "a click on ‹ Back pops")
end)

test.case("Close pops back to the launcher when pushed from the launcher", function()
  local app = test.open("screens/launcher.lua", SIZE)
  app:press("down", "enter")
  check(app, header(app, "NavigationList"), "NavigationList pushed from the launcher")
  app:press("tab")
  app:expect("› [ Close ]")
  app:press("enter")
  check(app, app:line(1):match("^%s+uihost$") ~= nil, "Close popped back to the launcher")
  expectFocus(app, "NavigationListView")
  check(app, #app:errors() == 0, "no handler error")
  app:snapshot("closed-to-launcher")
end)

test.case("Close clicked with the mouse pops back to the launcher", function()
  local app = test.open("screens/launcher.lua", SIZE)
  app:press("down", "enter")
  app:click("Close")
  app:expect("Example screens")
  expectFocus(app, "NavigationListView")
end)

test.case("the list stops at its ends: down past TabBarView does not wrap", function()
  local app = test.open("screens/navigation.lua", SIZE)
  app:press("up")
  app:expect("› SwipeView")
  app:press("down", "down", "down")
  app:expect("› TabBarView")
  app:press("pagedown")
  app:expectNot("› SwipeView")
end)

test.case("typing filters the entries fuzzily; Esc clears the filter", function()
  local app = test.open("screens/navigation.lua", SIZE)
  app:type("tbar")
  app:expect("/ tbar  1 match")
  app:expect("› TabBarView")
  app:expectNot("SwipeView")
  app:press("esc")
  app:expect("› SwipeView")
  app:expectNot("/ tbar")
end)
