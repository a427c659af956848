-- screens/about.lua: boxes, links, sizes and align.

local support = require "support"
local check = support.check
local expectFocus = support.expectFocus -- a focused row starting " › "
local rowOf = support.rowOf

local SIZE = { size = "80x24" }

test.case("the boxes show their titles and borders, the links their URLs in plain text", function()
  local app = test.open("screens/about.lua", SIZE)
  app:expect("╭─ uihost ─")
  app:expect("╭─ Links ─")
  app:expect("┌─ Sizes ─") -- border = "single"
  app:expect("Lua <https://www.lua.org>")
  app:expect("NO_COLOR <https://no-color.org>")
  app:expect("│ › Lua <https://www.lua.org>") -- the first link takes the focus
  -- the note is markdown: its marks are drawn as styles, its task list as boxes
  app:expect("Markdown, drawn by ui.markdown: emphasis, struck text, and")
  app:expect("[x] lists and task lists")
  app:expect("[ ] raw HTML, which is never shown")
  app:expectNot("**Markdown**")
  check(app, #app:errors() == 0, "no errors")
  app:snapshot("about", { styles = true })
end)

test.case("sizes: the links box is 60% of the row, the sizes box takes the rest", function()
  local app = test.open("screens/about.lua", SIZE)
  -- 78 columns inside the screen's margins: 60% is 46 (from column 2), one
  -- column of spacing, and the sizes box takes the 31 left (to column 79)
  local linksCol, row = app:find("╭─ Links ─")
  local sizesCol = app:find("┌─ Sizes ─")
  check(app, linksCol == 2 and sizesCol == 49, "the links box is 46 columns wide: " .. tostring(sizesCol))
  check(app, utf8.len(app:line(row)) == 79, "the sizes box ends at column 79")
  -- the shares row: 2fr, 1fr and 12 cells
  local shares = app:line(rowOf(app, "2fr"))
  local c2, c1, c12 = utf8.len(shares:sub(1, shares:find("2fr", 1, true))), utf8.len(shares:sub(1, shares:find("1fr", 1, true))),
    utf8.len(shares:sub(1, shares:find("12", 1, true)))
  check(app, c2 < c1 and c1 < c12, "2fr, 1fr and 12 in that order")
end)

test.case("align: start, center and end place a narrow child in a box", function()
  local app = test.open("screens/about.lua", SIZE)
  local line = app:line(rowOf(app, "middle"))
  check(app, line:match("│ left +│") ~= nil, "start: at the left")
  check(app, line:match("│ +middle +│") ~= nil, "center: spaces on both sides")
  check(app, line:match("│ +right │") ~= nil, "end: at the right")
  local left, right = line:match("│( +)middle( +)│")
  check(app, left and math.abs(#left - #right) <= 1, "center: the same space on both sides")
end)

test.case("Enter on a link calls its onSelect; Tab reaches the centred Back button", function()
  local app = test.open("screens/about.lua", SIZE)
  app:press("down", "enter")
  app:expect("Opens https://no-color.org")
  -- Tab reaches the markdown note, which has no link to step through, then Back.
  app:press("tab", "tab")
  local col = app:find("› [ Back ]")
  check(app, col and col > 30 and col < 40, "the Back button has the focus, centred")
  app:click("Lua <https://www.lua.org>")
  app:expect("Opens https://www.lua.org")
end)

test.case("from the launcher, Back returns to it", function()
  local app = test.open("screens/launcher.lua", SIZE)
  app:click("About")
  app:expect("‹ Back")
  app:press("tab", "tab", "tab", "enter") -- NO_COLOR, the markdown note, Back
  app:expect("Example screens")
  expectFocus(app, "▣ About")
end)

test.case("narrow frames scroll and keep every control reachable", { sizes = { "40x12", "30x8" } }, function()
  local app = test.open("screens/about.lua")
  for _ = 1, 4 do app:press("tab") end -- NO_COLOR, the markdown note, Back, and round to Lua
  app:expect("› Lua")
  app:press("shift-tab")
  app:expect("› [ Back ]")
  check(app, #app:errors() == 0, "no errors")
end)

test.case("keys: the footer offers the links in order, ? lists them grouped with the hidden b", function()
  local app = test.open("screens/launcher.lua", SIZE)
  app:press("a")
  app:expect("l Lua  n NO_COLOR  ? Keys  esc Back")
  app:press("n")
  app:expect("│ › NO_COLOR <https://no-color.org>")
  app:expect("Opens https://no-color.org")
  app:press("?")
  local _, links = app:find("│ Links ")
  local _, navigation = app:find("│ Navigation ")
  check(app, links and navigation and links < navigation, "two groups, Links first")
  app:expect("b  Back") -- kept out of the footer, listed here
  app:press("esc", "b")
  app:expect("Example screens")
end)
