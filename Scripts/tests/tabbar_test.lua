-- screens/tabbar.lua: a header tab bar over three pages that each pick a cat
-- picture: a menu picker, a wheel picker and a dropdown.

local SIZE = { size = "60x20" }
-- The wheel (seven rows) and the whole picture below it.
local WHEEL_SIZE = { size = "60x24" }

local support = require "support"
local check = support.check
local rowOf = support.rowOf

-- Whether a line is an indented horizontal rule (only ─ after the indent).
local function isRule(line)
  return line:find("─", 1, true) ~= nil and line:gsub("─", ""):match("^%s*$") ~= nil
end

-- A line of each picture that no other picture has: it tells which one shows.
local art = {
  IMG_0057 = "(__|_|__)_____/",
  IMG_0230 = "( -   - )",
  IMG_0405 = "▄██▄",
  IMG_0402 = "╞══════",
  IMG_0411 = "'------------'",
  IMG_0412 = "FRAGILE",
  IMG_0088 = "'._   _.'",
  IMG_0148 = "_( )_",
  IMG_0234 = "|___|              |__|",
  IMG_0096 = "<><",
  IMG_0090 = "(_)     .",
  IMG_0976 = "┌──┬──┐",
  IMG_0981 = "V______",
  IMG_0059 = "<3",
  IMG_0232 = "( o>",
  IMG_0688 = "----|#|----",
  IMG_0541 = "@@@@@@",
  IMG_0058 = "`----'",
}

-- Fails unless the picture `name` shows and none of `others` does.
local function expectPicture(app, name, others)
  check(app, app:contains(art[name]), "the picture " .. name .. " shows")
  for _, other in ipairs(others or {}) do
    if other ~= name then
      check(app, not app:contains(art[other]), "the picture " .. other .. " does not show")
    end
  end
end

local menuNames  = { "IMG_0057", "IMG_0230", "IMG_0405", "IMG_0402", "IMG_0411", "IMG_0412" }
local wheelNames = { "IMG_0088", "IMG_0148", "IMG_0234", "IMG_0096", "IMG_0090", "IMG_0976" }
local dropNames  = { "IMG_0981", "IMG_0059", "IMG_0232", "IMG_0688", "IMG_0541", "IMG_0058" }

-- Header tabs --------------------------------------------------------------

test.case("header tabs: three tabs, MenuPicker selected in brackets, the bar focused", function()
  local app = test.open("screens/tabbar.lua", SIZE)
  check(app, app:line(1):match("^%s+TabBarView$") ~= nil, "the screen title heads the frame")
  app:expect("› [🐱 MenuPicker]")
  app:expect(" 🐈 WheelPicker ")
  app:expect(" 🐾 DropDown")
  app:expectNot("[🐈 WheelPicker]")
  app:expectNot("[🐾 DropDown]")
  check(app, rowOf(app, "MenuPicker") == 3 and rowOf(app, "WheelPicker") == 3 and rowOf(app, "DropDown") == 3,
    "the tabs share the header row under the title")
  app:expect("cat: IMG_0057 ▼")
  expectPicture(app, "IMG_0057", menuNames)
  app:snapshot("menu-tab")
end)

test.case("Right and Left switch tabs; the selected one is in brackets", function()
  local app = test.open("screens/tabbar.lua", SIZE)
  app:press("right")
  app:expect("[🐈 WheelPicker]")
  app:expectNot("[🐱 MenuPicker]")
  app:expect("›  🐱 MenuPicker") -- unselected titles are padded with a space, not bracketed
  app:expectNot("cat: IMG_0057 ▼")
  expectPicture(app, "IMG_0088", wheelNames)
  app:snapshot("wheel-tab")
  app:press("right")
  app:expect("[🐾 DropDown]")
  app:expectNot("[🐈 WheelPicker]")
  app:expect("IMG_0981     ▼")
  expectPicture(app, "IMG_0981", dropNames)
  app:snapshot("dropdown-tab")
  app:press("left")
  app:expect("[🐈 WheelPicker]")
  app:expectNot("[🐾 DropDown]")
  app:press("left")
  app:expect("[🐱 MenuPicker]")
  app:expect("cat: IMG_0057 ▼")
end)

test.case("tab switching stops at the first and last tab (no wrap-around)", function()
  local app = test.open("screens/tabbar.lua", SIZE)
  app:press("left")
  app:expect("› [🐱 MenuPicker]")
  app:press("right", "right", "right", "right")
  local bar = app:line(3)
  check(app, bar:sub(1, #" › ") == " › " and bar:find("[🐾 DropDown]", 1, true), "the bar keeps focus on DropDown")
  app:expectNot("[🐱 MenuPicker]")
end)

test.case("clicking a tab title selects that tab", function()
  local app = test.open("screens/tabbar.lua", SIZE)
  app:click("DropDown")
  app:expect("[🐾 DropDown]")
  app:expect("IMG_0981     ▼")
  app:click("MenuPicker")
  app:expect("[🐱 MenuPicker]")
  app:expect("cat: IMG_0057 ▼")
end)

test.case("Left and Right do not switch tabs when the bar does not have focus", function()
  local app = test.open("screens/tabbar.lua", SIZE)
  app:press("tab") -- focus moves to the menu picker
  app:expect("› cat: IMG_0057 ▼")
  app:press("right", "right")
  app:expect("[🐱 MenuPicker]")
  app:expect("› cat: IMG_0057 ▼")
end)

-- Menu picker --------------------------------------------------------------

test.case("menu picker: Enter opens a popup list with ✓ on the current picture", function()
  local app = test.open("screens/tabbar.lua", SIZE)
  app:press("tab", "enter")
  app:expect("cat: IMG_0057 ▲")
  app:expectNot("cat: IMG_0057 ▼")
  app:expect("│› ✓ IMG_0057 │")
  for i = 2, #menuNames do app:expect("    " .. menuNames[i] .. " │") end
  app:expect("╭─")
  app:expect("╰─")
  local top = rowOf(app, "╭─")
  check(app, top == rowOf(app, "cat: IMG_0057") + 1, "the popup opens right under the picker")
  check(app, rowOf(app, "╰─") == top + #menuNames + 1, "the popup holds one row per item")
  app:snapshot("menu-open")
end)

test.case("menu picker: move and confirm changes the picture (its onChange ran)", function()
  local app = test.open("screens/tabbar.lua", SIZE)
  app:press("tab", "enter", "down", "down")
  app:expect("│›   IMG_0405 │")
  app:expect("│  ✓ IMG_0057 │") -- the mark stays on the current value while moving
  app:press("esc")
  expectPicture(app, "IMG_0057") -- nothing changed before Enter
  app:press("enter", "down", "down", "enter")
  app:expect("› cat: IMG_0405 ▼")
  app:expectNot("╭─")
  -- the page's onChange is what swaps image.asset: the new picture proves it ran
  expectPicture(app, "IMG_0405", menuNames)
  app:snapshot("menu-chosen")
  app:press("enter")
  app:expect("│› ✓ IMG_0405 │")
  app:expect("│    IMG_0057 │")
end)

test.case("menu picker: Esc cancels with no change", function()
  local app = test.open("screens/tabbar.lua", SIZE)
  app:press("tab", "enter", "down", "down", "down", "esc")
  app:expect("› cat: IMG_0057 ▼")
  app:expectNot("╭─")
  expectPicture(app, "IMG_0057", menuNames)
  app:expect("[🐱 MenuPicker]") -- Esc closed the popup; it did not pop or switch
  app:press("enter")
  app:expect("│› ✓ IMG_0057 │")
end)

test.case("menu picker: movement in the popup stops at both ends", function()
  local app = test.open("screens/tabbar.lua", SIZE)
  app:press("tab", "enter", "up")
  app:expect("│› ✓ IMG_0057 │")
  for _ = 1, 10 do app:press("down") end
  app:expect("│›   IMG_0412 │")
  app:press("enter")
  app:expect("cat: IMG_0412 ▼")
  expectPicture(app, "IMG_0412", menuNames)
end)

test.case("menu picker: the popup is drawn over the picture, which does not move", function()
  local app = test.open("screens/tabbar.lua", SIZE)
  app:press("tab")
  local before = rowOf(app, "(__|_|__)_____/")
  local ground = rowOf(app, "================================")
  app:press("enter")
  -- in plain text the rows the popup crosses show only the popup
  app:expectNot("(__|_|__)_____/")
  check(app, rowOf(app, "╰─") == before, "the popup ends on the picture's last row")
  check(app, rowOf(app, "================================") == ground, "the row under the popup did not move")
  app:press("esc")
  check(app, rowOf(app, "(__|_|__)_____/") == before, "the picture keeps its rows once the popup closes")
end)

-- Wheel picker -------------------------------------------------------------

-- The row of the focused wheel entry, checked to sit between two rules.
local function wheelCentre(app, name)
  local row = rowOf(app, "›   " .. name)
  check(app, row ~= nil, name .. " is the focused centre row of the wheel")
  check(app, isRule(app:line(row - 1)), "a rule above the centre row")
  check(app, isRule(app:line(row + 1)), "a rule below the centre row")
  return row
end

test.case("wheel picker: the selected row is centred between rules", function()
  local app = test.open("screens/tabbar.lua", WHEEL_SIZE)
  app:press("right", "tab")
  app:expect("cat")
  local row = wheelCentre(app, "IMG_0088")
  check(app, app:line(row + 2):match("^%s+IMG_0148$") ~= nil, "the next entry shows below the wheel's centre")
  check(app, app:line(row - 2) == "", "nothing above the first entry")
  app:snapshot("wheel-first")
end)

test.case("wheel picker: Down and Up spin and select at once", function()
  local app = test.open("screens/tabbar.lua", WHEEL_SIZE)
  app:press("right", "tab")
  local row = wheelCentre(app, "IMG_0088")
  app:press("down")
  check(app, wheelCentre(app, "IMG_0148") == row, "the wheel spins; its centre row stays put")
  check(app, app:line(row - 2):match("^%s+IMG_0088$") ~= nil, "the previous entry moved above the centre")
  expectPicture(app, "IMG_0148", wheelNames)
  app:press("down")
  wheelCentre(app, "IMG_0234")
  expectPicture(app, "IMG_0234", wheelNames)
  app:press("up")
  wheelCentre(app, "IMG_0148")
  expectPicture(app, "IMG_0148", wheelNames)
end)

test.case("wheel picker: no wrap-around at either end", function()
  local app = test.open("screens/tabbar.lua", WHEEL_SIZE)
  app:press("right", "tab", "up")
  wheelCentre(app, "IMG_0088")
  expectPicture(app, "IMG_0088", wheelNames)
  app:expectNot("IMG_0976")
  for _ = 1, #wheelNames + 3 do app:press("down") end
  local row = wheelCentre(app, "IMG_0976")
  check(app, app:line(row - 2):match("^%s+IMG_0090$") ~= nil, "the entry before the last shows above")
  check(app, not app:line(row + 2):find("IMG_", 1, true), "nothing below the last entry")
  app:expectNot("IMG_0088")
  expectPicture(app, "IMG_0976", wheelNames)
  app:snapshot("wheel-last")
  app:press("up")
  wheelCentre(app, "IMG_0090")
end)

-- Dropdown -----------------------------------------------------------------

test.case("dropdown: opens over the picture without pushing it down", function()
  local app = test.open("screens/tabbar.lua", SIZE)
  app:press("right", "right", "tab")
  app:expect("› IMG_0981     ▼")
  local before = {}
  for _, text in ipairs({ "V______", "-- (   ) --", "~~~~       ~~~    ~~~" }) do before[text] = { app:find(text) } end
  app:expect("/____________\\")
  app:press("enter")
  app:expect("IMG_0981     ▲")
  -- in plain text the rows the list crosses show only the list: no picture
  -- shows beside it, and none below it (it was not pushed down)
  for text in pairs(before) do app:expectNot(text) end
  app:expectNot("/____________\\")
  local bottom = rowOf(app, "╰─")
  for row = bottom + 1, 20 do check(app, app:line(row) == "", "row " .. row .. " under the list is empty") end
  check(app, rowOf(app, "╭─") == rowOf(app, "IMG_0981     ▲") + 1, "the list opens right under the dropdown")
  app:snapshot("dropdown-open")
  app:press("esc")
  for text, at in pairs(before) do
    local col, row = app:find(text)
    check(app, row == at[2] and col == at[1], text .. " is at its cell again once the list closes")
  end
end)

test.case("dropdown: dividers between items and ✓ on the selected one", function()
  local app = test.open("screens/tabbar.lua", SIZE)
  app:press("right", "right", "tab", "enter")
  app:expect("│› ✓ IMG_0981 │")
  local first = rowOf(app, "IMG_0981 │")
  for i = 2, #dropNames do
    local row = rowOf(app, "    " .. dropNames[i] .. " │")
    check(app, row == first + 2 * (i - 1), dropNames[i] .. " sits two rows below the item before it")
    check(app, app:line(row - 1):find("│─────────────│", 1, true) ~= nil, "a divider above " .. dropNames[i])
    check(app, not app:line(row):find("✓", 1, true), "no ✓ before " .. dropNames[i])
  end
  check(app, app:line(first + 2 * #dropNames - 1):find("╰─────────────╯", 1, true) ~= nil,
    "the box closes right after the last item, with no divider")
  check(app, app:line(first - 1):find("╭─────────────╮", 1, true) ~= nil, "no divider before the first item")
end)

test.case("dropdown: choosing an item changes the picture and moves the ✓", function()
  local app = test.open("screens/tabbar.lua", SIZE)
  app:press("right", "right", "tab", "enter", "down", "down")
  app:expect("│›   IMG_0232 │")
  app:press("enter")
  app:expect("› IMG_0232     ▼")
  app:expectNot("╭─")
  expectPicture(app, "IMG_0232", dropNames)
  app:snapshot("dropdown-chosen")
  app:press("enter")
  app:expect("│› ✓ IMG_0232 │")
  app:expect("│    IMG_0981 │")
  app:press("down", "enter")
  app:expect("IMG_0688     ▼")
  expectPicture(app, "IMG_0688", dropNames)
end)

test.case("dropdown: Esc closes with no change", function()
  local app = test.open("screens/tabbar.lua", SIZE)
  app:press("right", "right", "tab", "enter", "down", "down", "down", "esc")
  app:expect("› IMG_0981     ▼")
  app:expectNot("╭─")
  app:expect("[🐾 DropDown]")
  expectPicture(app, "IMG_0981", dropNames)
  app:press("enter")
  app:expect("│› ✓ IMG_0981 │")
end)

test.case("dropdown: click opens, click on an item chooses, click outside closes", function()
  local app = test.open("screens/tabbar.lua", SIZE)
  app:click("DropDown")
  app:click("IMG_0981")
  app:expect("IMG_0981     ▲")
  app:click("IMG_0541")
  app:expect("IMG_0541     ▼")
  expectPicture(app, "IMG_0541", dropNames)
  app:click("IMG_0541")
  app:expect("IMG_0541     ▲")
  app:click(55, 18)
  app:expect("IMG_0541     ▼")
  app:expectNot("╭─")
  expectPicture(app, "IMG_0541", dropNames)
end)

test.case("each tab keeps its own choice when switching away and back", function()
  local app = test.open("screens/tabbar.lua", SIZE)
  app:press("tab", "enter", "down", "enter")          -- menu: IMG_0230
  app:press("shift-tab", "right", "tab", "down")      -- wheel: IMG_0148
  app:press("shift-tab", "right", "tab", "enter", "down", "down", "down", "down", "enter") -- drop: IMG_0541
  expectPicture(app, "IMG_0541", dropNames)
  app:press("shift-tab", "left")
  app:expect("[🐈 WheelPicker]")
  check(app, app:contains("IMG_0148") and not app:contains("IMG_0088\n"), "the wheel still shows IMG_0148")
  expectPicture(app, "IMG_0148", wheelNames)
  app:press("left")
  app:expect("cat: IMG_0230 ▼")
  expectPicture(app, "IMG_0230", menuNames)
  app:press("right", "right")
  app:expect("IMG_0541     ▼")
  expectPicture(app, "IMG_0541", dropNames)
end)

-- Mouse: header clicks, the wheel, clicks outside popups ----------------------

test.case("mouse: a click on each label of the header bar switches tabs; the selected one does nothing", function()
  local app = test.open("screens/tabbar.lua", SIZE)
  app:press("tab") -- focus on the menu picker, away from the bar
  app:expect("[🐱 MenuPicker]")
  local col, row = app:find("WheelPicker")
  check(app, row == 3, "the labels are on the header row")
  app:click(col + 5, row) -- inside the label
  app:expect("[🐈 WheelPicker]")
  app:expectNot("[🐱 MenuPicker]")
  app:expect("›  🐱 MenuPicker   [🐈 WheelPicker]") -- the click gave the bar focus
  app:expectNot("cat: IMG_0057")
  expectPicture(app, "IMG_0088", wheelNames)
  col = app:find("DropDown")
  app:click(col, row)
  app:expect("[🐾 DropDown]")
  app:expect("IMG_0981     ▼")
  expectPicture(app, "IMG_0981", dropNames)
  local before = app:screen()
  app:click("DropDown") -- already selected
  check(app, app:screen() == before, "a click on the selected tab changes nothing")
  app:click("MenuPicker")
  app:expect("[🐱 MenuPicker]")
  app:expect("cat: IMG_0057 ▼")
  expectPicture(app, "IMG_0057", menuNames)
end)

test.case("mouse: a click on the header's rule under the labels does not switch tabs", function()
  local app = test.open("screens/tabbar.lua", SIZE)
  local col = app:find("DropDown")
  app:click(col, 4)
  app:expect("[🐱 MenuPicker]")
  app:expect("cat: IMG_0057 ▼")
end)

test.case("wheel picker: the mouse wheel spins it and changes the picture, stopping at both ends", function()
  local app = test.open("screens/tabbar.lua", WHEEL_SIZE)
  app:click("WheelPicker")
  local col, row = app:find("IMG_0088")
  check(app, isRule(app:line(row - 1)) and isRule(app:line(row + 1)), "IMG_0088 is the centre row")
  expectPicture(app, "IMG_0088", wheelNames)
  app:scroll(col, row, -1) -- at the first item: nothing
  check(app, rowOf(app, "IMG_0088") == row, "no wrap-around at the top")
  expectPicture(app, "IMG_0088", wheelNames)
  app:scroll(col, row, 1)
  check(app, rowOf(app, "IMG_0148") == row and rowOf(app, "IMG_0088") == row - 2, "one step: IMG_0148 in the centre")
  expectPicture(app, "IMG_0148", wheelNames) -- the page's onChange swapped the picture
  app:scroll(col, row, 2)
  check(app, rowOf(app, "IMG_0096") == row, "two more steps: IMG_0096")
  expectPicture(app, "IMG_0096", wheelNames)
  app:scroll(col, row, 20)
  check(app, rowOf(app, "IMG_0976") == row, "stopped at the last item")
  check(app, not app:line(row + 2):find("IMG_", 1, true), "nothing below the last entry")
  expectPicture(app, "IMG_0976", wheelNames)
  app:scroll(col, row - 2, -1) -- the wheel turns anywhere over the picker
  check(app, rowOf(app, "IMG_0090") == row, "one step back up: IMG_0090")
  -- (IMG_0090's telling line is cropped at this size: check that IMG_0976 went away)
  check(app, not app:contains(art.IMG_0976), "the picture is no longer IMG_0976")
  app:scroll(col, row, -20)
  check(app, rowOf(app, "IMG_0088") == row, "stopped at the first item")
  expectPicture(app, "IMG_0088", wheelNames)
  app:expect("[🐈 WheelPicker]") -- the wheel did not switch tabs
  check(app, #app:errors() == 0, "no handler error")
end)

test.case("wheel picker: the mouse wheel over the picture below it does not spin it", function()
  local app = test.open("screens/tabbar.lua", WHEEL_SIZE)
  app:click("WheelPicker")
  local _, row = app:find("IMG_0088")
  app:scroll(30, 18, 3)
  app:scroll(30, 18, -3)
  check(app, rowOf(app, "IMG_0088") == row, "still IMG_0088")
  expectPicture(app, "IMG_0088", wheelNames)
end)

test.case("menu picker: a click outside the open popup closes it with no change", function()
  local app = test.open("screens/tabbar.lua", SIZE)
  app:click("cat: IMG_0057")
  app:expect("cat: IMG_0057 ▲")
  app:press("down", "down")
  app:expect("│›   IMG_0405 │")
  app:click(50, 16) -- beside the picture, well outside the popup
  app:expect("› cat: IMG_0057 ▼")
  app:expectNot("╭─")
  expectPicture(app, "IMG_0057", menuNames)
  app:press("enter")
  app:expect("│› ✓ IMG_0057 │") -- the choice is still IMG_0057
end)

test.case("menu picker: a click outside the popup on a tab label only closes the popup", function()
  local app = test.open("screens/tabbar.lua", SIZE)
  app:click("cat: IMG_0057")
  app:press("down")
  app:click("WheelPicker")
  app:expect("[🐱 MenuPicker]")
  app:expectNot("[🐈 WheelPicker]")
  app:expect("cat: IMG_0057 ▼")
  app:expectNot("╭─")
  expectPicture(app, "IMG_0057", menuNames)
end)

test.case("menu picker: a click on a popup row chooses it (the popup takes clicks inside it)", function()
  local app = test.open("screens/tabbar.lua", SIZE)
  app:click("cat: IMG_0057")
  app:click("IMG_0411")
  app:expect("cat: IMG_0411 ▼")
  app:expectNot("╭─")
  expectPicture(app, "IMG_0411", menuNames)
end)

test.case("the mouse wheel while the menu popup or the dropdown is open changes nothing", function()
  local app = test.open("screens/tabbar.lua", SIZE)
  app:click("cat: IMG_0057")
  local before = app:screen()
  local col, row = app:find("IMG_0230")
  app:scroll(col, row, 3)
  app:scroll(col, row, -1)
  app:scroll(50, 15, 2)
  check(app, app:screen() == before, "the open popup and the page are unchanged")
  app:press("enter")
  app:expect("cat: IMG_0057 ▼")
  expectPicture(app, "IMG_0057", menuNames)
  app:click("DropDown")
  app:click("IMG_0981")
  app:expect("IMG_0981     ▲")
  before = app:screen()
  col, row = app:find("IMG_0059")
  app:scroll(col, row, 4)
  app:scroll(30, 18, -2)
  check(app, app:screen() == before, "the open dropdown and the page are unchanged")
  app:press("enter")
  app:expect("IMG_0981     ▼")
  expectPicture(app, "IMG_0981", dropNames)
  check(app, #app:errors() == 0, "no handler error")
end)
