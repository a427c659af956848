-- screens/launcher.lua: the main menu that opens every example screen.

local SIZE = { size = "60x20" }

local support = require "support"
local check = support.check
local focusedLine = support.focusedLine
local expectFocus = support.expectFocus
local rowOf = support.rowOf

-- Entry rows read "ICON Title … subtitle"; the icons are not pinned here
-- (only that there is one), so a new glyph does not break these cases.
local entries = {
  { title = "TabBarView",         subtitle = "header tabs, pickers, dropdown", screenTitle = "TabBarView",       shows = "[🐱 MenuPicker]" },
  { title = "NavigationListView", subtitle = "a navigation list",             screenTitle = "NavigationList",   shows = "SwipeView" },
  { title = "DropDownMenu",       subtitle = "a dropdown with onSelect",      screenTitle = "Messages",         shows = "✉ Messages" },
  { title = "CustomSheet",        subtitle = "a bottom sheet",                screenTitle = "CustomSheet",      shows = "シートを表示する" },
  { title = "TabBar & SideBar",   subtitle = "bottom tab bar, side drawer",   screenTitle = "TabBar & SideBar", shows = "Menu ]" },
  { title = "Sign-up form",       subtitle = "text fields, checkbox, radio",  screenTitle = "Sign up",          shows = "newsletter" },
  { title = "Search",             subtitle = "an input that filters a list",  screenTitle = "Search",           shows = "58 languages" },
  { title = "Orders",             subtitle = "10^6 orders, sheet, confirm",   screenTitle = "Orders",           shows = "Hiroshi" },
  { title = "Notes",              subtitle = "dialogs, toasts, a scroll",     screenTitle = "Notes",            shows = "Buy milk" },
  { title = "Files",              subtitle = "a tree that loads, a log",      screenTitle = "Files",            shows = "README.md" },
  { title = "Gallery",            subtitle = "one of every component",        screenTitle = "Gallery",          shows = "[¶ Text]" },
  { title = "Keys and help",      subtitle = "Bubble Tea's help example",     screenTitle = "Help",
    shows = "Waiting for input..." },
  { title = "About",              subtitle = "boxes, links, sizes and align", screenTitle = "About",            shows = "│ › Lua" },
  { title = "JSON viewer",        subtitle = "ui.json as a tree (-- FILE)",   screenTitle = "JSON: sample.json",
    shows = "sample.json: {6}" },
  { title = "File browser",       subtitle = "fs and ui.markdown (--allow fs)", screenTitle = "Files: .",
    shows = "fs capability" },
}

-- Fails unless `title`'s row reads "<mark> ICON title", the mark being › or a space.
local function expectEntry(app, title)
  local _, row = app:find(" " .. title)
  if not row then error("expected the entry " .. title .. "\nframe:\n" .. app:screen(), 2) end
  local line = app:line(row)
  local rest = line:sub(1, #" › ") == " › " and line:sub(#" › " + 1) or line:match("^   (.*)$")
  if not (rest and rest:match("^%S+ ") and rest:find(title, 1, true) == rest:find(" ", 1, true) + 1) then
    error("expected \"<mark> ICON " .. title .. "\" on row " .. row .. "\nframe:\n" .. app:screen(), 2)
  end
end

test.case("launcher lists the example screens in order, the first focused", function()
  local app = test.open("screens/launcher.lua", SIZE)
  check(app, app:line(1):match("^%s+uihost$") ~= nil, "the title heads the frame")
  app:expectNot("‹ Back")
  local previous = 0
  for _, e in ipairs(entries) do
    expectEntry(app, e.title)
    app:expect(e.subtitle)
    local row = rowOf(app, e.title)
    check(app, row > previous, e.title .. " comes after the entry before it")
    previous = row
  end
  local line = focusedLine(app)
  check(app, line and line:find("TabBarView", 1, true), "the first entry has focus at start")
  check(app, select(2, app:screen():gsub("\n › ", "")) == 1, "only one row has focus")
  app:snapshot("home")
end)

test.case("down moves the focus; it stops at the last entry and at the first", function()
  local app = test.open("screens/launcher.lua", SIZE)
  app:press("down")
  expectFocus(app, "NavigationListView")
  for _ = 1, #entries do app:press("down") end
  expectFocus(app, entries[#entries].title) -- no wrap-around
  app:press("home")
  expectFocus(app, "TabBarView")
  app:press("up", "up")
  expectFocus(app, "TabBarView")
  app:press("end")
  expectFocus(app, entries[#entries].title)
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
  expectFocus(app, "NavigationListView")
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
    expectFocus(app, e.title)
    app:press("enter")
    local header = app:line(1)
    check(app, header:match("^ ‹ Back") ~= nil, "a pushed screen shows ‹ Back")
    check(app, header:find(e.screenTitle, 1, true) ~= nil, "the header names " .. e.screenTitle)
    app:expect(e.shows)
    app:expectNot("Example screens")
    check(app, #app:errors() == 0, "no handler error")
    app:press("esc")
    app:expect("Example screens")
    expectFocus(app, e.title)
  end)
end

test.case("space activates the focused entry like enter", function()
  local app = test.open("screens/launcher.lua", SIZE)
  app:press("space")
  check(app, app:line(1):match("^ ‹ Back%s+TabBarView$") ~= nil, "space pushed TabBarView")
end)

test.case("clicking an entry opens it", function()
  local app = test.open("screens/launcher.lua", SIZE)
  app:click("CustomSheet")
  check(app, app:line(1):match("^ ‹ Back%s+CustomSheet$") ~= nil, "CustomSheet was pushed")
  app:expect("シートを表示する")
  app:press("esc")
  expectFocus(app, "CustomSheet")
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
  expectFocus(app, "NavigationListView")
end)

-- Mouse: the wheel over the list, a click on ‹ Back ---------------------------

test.case("the mouse wheel over the list moves its selection without opening anything", function()
  local app = test.open("screens/launcher.lua", SIZE)
  expectFocus(app, "TabBarView")
  local col, row = app:find("CustomSheet")
  app:scroll(col, row, 2)
  expectFocus(app, "DropDownMenu")
  check(app, app:line(1):match("^%s+uihost$") ~= nil, "nothing was pushed")
  app:expectNot("‹ Back")
  app:scroll(col, row, #entries)
  expectFocus(app, entries[#entries].title) -- stops at the last entry
  app:scroll(col, row, -1)
  expectFocus(app, entries[#entries - 1].title)
  app:scroll(col, row, -#entries)
  expectFocus(app, "TabBarView") -- stops at the first entry
  check(app, select(2, app:screen():gsub("\n › ", "")) == 1, "only one row has focus")
  app:expect("Example screens")
  check(app, #app:errors() == 0, "no handler error")
  -- the wheel moved the real selection: Enter opens the entry it rests on
  app:scroll(col, row, 3)
  expectFocus(app, "CustomSheet")
  app:press("enter")
  check(app, app:line(1):match("^ ‹ Back%s+CustomSheet$") ~= nil, "Enter opened CustomSheet")
end)

test.case("the mouse wheel outside the list does not move its selection", function()
  local app = test.open("screens/launcher.lua", SIZE)
  local before = app:screen()
  local col, row = app:find("Example screens")
  app:scroll(col, row, 3)
  app:scroll(30, 20, 3) -- the empty rows below the list
  check(app, app:screen() == before, "the frame is unchanged")
end)

test.case("the mouse wheel scrolls a list taller than its box", function()
  local app = test.open("screens/launcher.lua", { size = "60x7" })
  local _, row = app:find("TabBarView")
  -- The screen scrolls to give the list its least 3 rows above the footer; the intro goes up.
  check(app, row == 4 and not app:contains("Example screens") and not app:contains("CustomSheet"),
    "three entries fit; CustomSheet is below the box")
  app:scroll(10, row, 3)
  expectFocus(app, "CustomSheet")
  check(app, rowOf(app, "CustomSheet") == 6 and not app:contains("TabBarView"), "the list scrolled with the cursor")
  app:expectNot("‹ Back")
end)

test.case("a click on ‹ Back pops to the launcher, focus on the same row", function()
  local app = test.open("screens/launcher.lua", SIZE)
  app:press("down", "down", "down")
  app:press("enter")
  check(app, app:line(1):match("^ ‹ Back%s+CustomSheet$") ~= nil, "CustomSheet pushed")
  local col, row = app:find("‹ Back")
  check(app, row == 1, "‹ Back on the header row")
  app:click(col + 3, row) -- on "Back", not its first cell
  check(app, app:line(1):match("^%s+uihost$") ~= nil, "back on the launcher")
  app:expectNot("‹ Back")
  expectFocus(app, "CustomSheet")
end)

test.case("a click on the header away from ‹ Back does not pop", function()
  local app = test.open("screens/launcher.lua", SIZE)
  app:press("end", "enter")
  local before = app:screen()
  local col = app:find(entries[#entries].screenTitle)
  app:click(col, 1) -- the title
  app:click(58, 1)
  app:click(1, 1) -- left of ‹ Back
  check(app, app:screen() == before, "still on the pushed screen, unchanged")
end)

test.case("clicks on ‹ Back pop one level at a time from two screens deep", function()
  local app = test.open("screens/launcher.lua", SIZE)
  app:click("NavigationListView")
  app:click("TabBarView")
  check(app, app:line(1):match("^ ‹ Back%s+TabBarView$") ~= nil, "TabBarView pushed from the navigation list")
  app:click("‹ Back")
  check(app, app:line(1):match("^ ‹ Back%s+NavigationList$") ~= nil, "one click: back on the navigation list")
  app:expect("› TabBarView")
  app:click("‹ Back")
  app:expect("Example screens")
  expectFocus(app, "NavigationListView")
end)

test.case("the launcher keeps each subtitle beside its title at 120 columns, in colour too", function()
  local app = test.open("screens/launcher.lua", { size = "120x20" })
  for _, e in ipairs(entries) do
    local col = app:find(e.subtitle)
    local titleCol = app:find(e.title)
    check(app, col and titleCol and col - titleCol < 30, e.subtitle .. " sits beside " .. e.title)
  end
  -- The styled golden pins the look: the focus bar across the row, muted subtitles, border rules.
  app:snapshot("wide", { styles = true })
end)
