-- screens/launcher.lua: the main menu that opens every example screen.

local SIZE = { size = "60x20" }

-- Fails with the frame attached unless `cond` holds.
local function check(app, cond, message)
  if not cond then error(message .. "\nframe:\n" .. app:screen(), 2) end
end

-- The row (1-based) where `text` first shows, or nil.
local function rowOf(app, text)
  local _, row = app:find(text)
  return row
end

local entries = {
  { title = "TabBarView",         icon = "▤", subtitle = "header tabs, pickers, dropdown", screenTitle = "TabBarView",       shows = "[🐱 MenuPicker]" },
  { title = "NavigationListView", icon = "☰", subtitle = "a navigation list",             screenTitle = "NavigationList",   shows = "SwipeView" },
  { title = "DropDownMenu",       icon = "▾", subtitle = "a dropdown with onSelect",      screenTitle = "Messages",         shows = "✉ Messages" },
  { title = "CustomSheet",        icon = "▁", subtitle = "a bottom sheet",                screenTitle = "CustomSheet",      shows = "シートを表示する" },
  { title = "TabBar & SideBar",   icon = "◧", subtitle = "bottom tab bar, side drawer",   screenTitle = "TabBar & SideBar", shows = "☰ Menu" },
}

test.case("launcher lists the five example screens in order, the first focused", function()
  local app = test.open("screens/launcher.lua", SIZE)
  check(app, app:line(1):match("^%s+uihost$") ~= nil, "the title heads the frame")
  app:expectNot("‹ Back")
  local previous = 0
  for i, e in ipairs(entries) do
    app:expect(e.icon .. " " .. e.title)
    app:expect(e.subtitle)
    local row = rowOf(app, e.title)
    check(app, row > previous, e.title .. " comes after the entry before it")
    previous = row
  end
  check(app, app:contains("› ▤ TabBarView"), "the first entry has focus at start")
  check(app, not app:contains("› ☰"), "only one entry has focus")
  app:snapshot("home")
end)

test.case("down moves the focus; it stops at the last entry and at the first", function()
  local app = test.open("screens/launcher.lua", SIZE)
  app:press("down")
  app:expect("› ☰ NavigationListView")
  app:expectNot("› ▤ TabBarView")
  app:press("down", "down", "down", "down", "down", "down")
  app:expect("› ◧ TabBar & SideBar")
  app:expectNot("› ▤ TabBarView") -- no wrap-around
  app:press("home")
  app:expect("› ▤ TabBarView")
  app:press("up", "up")
  app:expect("› ▤ TabBarView")
  app:expectNot("› ◧ TabBar & SideBar")
  app:press("end")
  app:expect("› ◧ TabBar & SideBar")
end)

test.case("down enter pushes NavigationListView with a Back header", function()
  local app = test.open("screens/launcher.lua", SIZE)
  app:press("down", "enter")
  check(app, app:line(1):match("^ ‹ Back%s+NavigationList$") ~= nil, "pushed header: ‹ Back before the title")
  app:expect("› SwipeView")
  app:expect("[ Close ]")
  app:expectNot("Example screens")
  app:snapshot("navigation-pushed")
end)

test.case("esc comes back with the focus on the same row", function()
  local app = test.open("screens/launcher.lua", SIZE)
  app:press("down", "enter", "esc")
  app:expectNot("‹ Back")
  check(app, app:line(1):match("^%s+uihost$") ~= nil, "back on the launcher")
  app:expect("› ☰ NavigationListView")
  app:expectNot("› ▤ TabBarView")
  app:snapshot("back-focus-row-2")
end)

test.case("esc on the root launcher does nothing", function()
  local app = test.open("screens/launcher.lua", SIZE)
  local before = app:screen()
  app:press("esc")
  check(app, app:screen() == before, "esc at the root leaves the frame as it was")
end)

for i, e in ipairs(entries) do
  test.case("entry " .. i .. " (" .. e.title .. ") opens its screen and esc comes back to it", function()
    local app = test.open("screens/launcher.lua", SIZE)
    for _ = 2, i do app:press("down") end
    app:expect("› " .. e.icon .. " " .. e.title)
    app:press("enter")
    local header = app:line(1)
    check(app, header:match("^ ‹ Back") ~= nil, "a pushed screen shows ‹ Back")
    check(app, header:find(e.screenTitle, 1, true) ~= nil, "the header names " .. e.screenTitle)
    app:expect(e.shows)
    app:expectNot("Example screens")
    check(app, #app:errors() == 0, "no handler error")
    app:press("esc")
    app:expect("Example screens")
    app:expect("› " .. e.icon .. " " .. e.title)
  end)
end

test.case("clicking an entry opens it", function()
  local app = test.open("screens/launcher.lua", SIZE)
  app:click("CustomSheet")
  check(app, app:line(1):match("^ ‹ Back%s+CustomSheet$") ~= nil, "CustomSheet was pushed")
  app:expect("シートを表示する")
  app:press("esc")
  app:expect("› ▁ CustomSheet")
end)

test.case("a screen pushed two deep pops one level per esc", function()
  local app = test.open("screens/launcher.lua", SIZE)
  app:press("down", "enter", "down", "down", "down", "enter")
  check(app, app:line(1):match("^ ‹ Back%s+TabBarView$") ~= nil, "TabBarView pushed from the navigation list")
  app:press("esc")
  check(app, app:line(1):match("^ ‹ Back%s+NavigationList$") ~= nil, "one esc: back on the navigation list")
  app:expect("› TabBarView")
  app:press("esc")
  app:expect("Example screens")
  app:expect("› ☰ NavigationListView")
end)
