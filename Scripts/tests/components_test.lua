-- Component cases on small fixture screens (Scripts/tests/fixtures/*.lua),
-- and every screen opened at degenerate frame sizes.

local support = require "support"
local check = support.check
local rowOf = support.rowOf

local FIX = "Scripts/tests/fixtures/"

local function lineCount(s)
  local n = 1
  for _ in s:gmatch("\n") do n = n + 1 end
  return n
end

local function count(s, pattern)
  local n = 0
  for _ in s:gmatch(pattern) do n = n + 1 end
  return n
end

-- Sheets -------------------------------------------------------------------

test.case("sheet: a non-dismissible sheet ignores Esc and clicks above it", function()
  local app = test.open(FIX .. "sheet_locked.lua", { size = "40x14" })
  app:press("enter")
  app:expect("╭── Locked")
  check(app, rowOf(app, "╭── Locked") == 9, "a 6-row sheet starts on row 9 of 14")
  app:expect("│ › [ Close ]")
  app:press("esc", "esc")
  app:expect("╭── Locked")
  app:click(20, 4)
  app:click(20, 8)
  app:expect("╭── Locked")
  app:expect("Locked sheet open.")
  check(app, app:eval("return dismissed") == 0, "onDismiss has not run")
  app:snapshot("locked-sheet")
end)

test.case("sheet: only ui.dismiss() closes a non-dismissible sheet (its Close button)", function()
  local app = test.open(FIX .. "sheet_locked.lua", { size = "40x14" })
  app:press("enter", "esc")
  app:press("enter") -- Close has focus inside the sheet
  app:expectNot("╭")
  app:expect("Locked sheet dismissed.")
  app:expect("› [ Open ]")
  check(app, app:eval("return dismissed") == 1, "onDismiss ran once")
end)

test.case("sheet: ui.dismiss() from outside the sheet closes it too", function()
  local app = test.open(FIX .. "sheet_locked.lua", { size = "40x14" })
  app:press("enter")
  app:eval("ui.dismiss()")
  app:expectNot("╭")
  check(app, app:eval("return dismissed") == 1, "onDismiss ran once")
end)

test.case("sheet: stacked sheets draw the newest on top; Esc closes the topmost first", function()
  local app = test.open(FIX .. "sheet_stacked.lua", { size = "40x14" })
  app:press("enter")
  check(app, rowOf(app, "╭── Lower") == 8, "a half-frame sheet: 7 of 14 rows, from row 8")
  app:expect("│ › [ More ]")
  app:press("enter")
  check(app, rowOf(app, "╭── Lower") == 8, "the lower sheet stays")
  check(app, rowOf(app, "╭── Upper") == 11, "the upper sheet, 4 rows, from row 11")
  app:expect("Lower sheet body")
  app:expect("Upper sheet body")
  app:expectNot("› [ More ]") -- focus is in the upper sheet
  app:snapshot("stacked")
  app:press("esc")
  app:expectNot("Upper")
  app:expect("╭── Lower")
  app:expect("│ › [ More ]") -- focus back where it was in the lower sheet
  check(app, table.concat(app:eval("return log"), ",") == "upper", "only the upper sheet's onDismiss ran")
  app:press("esc")
  app:expectNot("╭")
  app:expect("› [ Open ]")
  check(app, table.concat(app:eval("return log"), ",") == "upper,lower", "then the lower one's")
end)

test.case("sheet: a click above the upper sheet (on the lower one) closes only the upper", function()
  local app = test.open(FIX .. "sheet_stacked.lua", { size = "40x14" })
  app:press("enter", "enter")
  app:click(20, 9)
  app:expectNot("Upper")
  app:expect("╭── Lower")
  check(app, table.concat(app:eval("return log"), ",") == "upper", "the upper sheet was dismissed")
  app:click(20, 4)
  app:expectNot("╭")
  check(app, table.concat(app:eval("return log"), ",") == "upper,lower", "then the lower one")
end)

test.case("sheet: a non-dismissible sheet ignores a drag of its top edge", function()
  local app = test.open(FIX .. "sheet_locked.lua", { size = "40x14" })
  app:press("enter")
  local col, top = app:find("╭── Locked")
  check(app, col == 1 and top == 9, "the locked sheet's top edge is on row 9")
  app:drag(20, top, 20, top + 3)
  app:drag(20, top, 20, 14)
  app:drag(1, top, 1, 14)
  check(app, rowOf(app, "╭── Locked") == 9, "the sheet stays where it was")
  app:expect("│ › [ Close ]")
  app:expect("Locked sheet open.")
  check(app, app:eval("return dismissed") == 0, "onDismiss has not run")
  -- its Close button (ui.dismiss) still works afterwards
  app:press("enter")
  app:expectNot("╭")
  check(app, app:eval("return dismissed") == 1, "onDismiss ran once, for Close")
end)

test.case("sheet: a drag of the upper sheet's top edge closes only the upper sheet", function()
  local app = test.open(FIX .. "sheet_stacked.lua", { size = "40x14" })
  app:press("enter", "enter")
  local _, top = app:find("╭── Upper")
  check(app, top == 11, "the upper sheet's top edge on row 11")
  app:drag(20, top, 20, top + 3)
  app:expectNot("Upper")
  check(app, rowOf(app, "╭── Lower") == 8, "the lower sheet stays")
  app:expect("│ › [ More ]") -- focus back where it was in the lower sheet
  check(app, table.concat(app:eval("return log"), ",") == "upper", "only the upper sheet's onDismiss ran")
  app:drag(20, 8, 20, 11)
  app:expectNot("╭")
  app:expect("› [ Open ]")
  check(app, table.concat(app:eval("return log"), ",") == "upper,lower", "then the lower one's")
end)

-- Dropdowns ----------------------------------------------------------------

test.case("dropdown: a placeholder and no initial selection", function()
  local app = test.open(FIX .. "dropdown_placeholder.lua", { size = "40x12" })
  app:expect("› Choose a folder     ▼")
  check(app, app:eval("return dropdown.selected") == nil, "nothing selected")
  app:press("enter")
  app:expect("Choose a folder     ▲")
  check(app, app:eval("return dropdown.expanded") == true, "expanded is written back while open")
  app:expect("│›   Inbox")
  app:expect("│    Archive")
  app:expect("│    Spam")
  check(app, not app:contains("✓"), "no ✓: nothing is selected")
  app:snapshot("placeholder-open")
  app:press("esc")
  app:expect("› Choose a folder     ▼")
  check(app, app:eval("return dropdown.selected") == nil, "Esc chose nothing")
  check(app, app:eval("return dropdown.expanded") == false, "closed again")
  check(app, #app:eval("return chosen") == 0, "onSelect did not run")
end)

test.case("dropdown: choosing replaces the placeholder, sets selected, then calls onSelect", function()
  local app = test.open(FIX .. "dropdown_placeholder.lua", { size = "40x12" })
  app:press("enter", "down", "enter")
  app:expect("› Archive             ▼")
  app:expectNot("Choose a folder")
  check(app, app:eval("return dropdown.selected") == "ar", "selected is the item's id")
  local chosen = app:eval("return chosen")
  check(app, #chosen == 1 and chosen[1].title == "Archive", "onSelect got the Archive item")
  check(app, chosen[1].selected == "ar", "selected was written back before onSelect ran")
  check(app, chosen[1].expanded == false, "the dropdown was closed before onSelect ran")
  app:press("enter")
  app:expect("│› ✓ Archive")
  check(app, count(app:screen(), "✓") == 1, "one ✓")
end)

test.case("dropdown: near the bottom of a small frame it opens upward", function()
  local app = test.open(FIX .. "dropdown_bottom.lua", { size = "30x10" })
  check(app, rowOf(app, "› Red") == 10, "the dropdown sits on the last row")
  app:press("enter")
  local row = rowOf(app, "Red       ▲")
  check(app, row == 10, "the dropdown itself does not move")
  check(app, rowOf(app, "╰") == 9, "the list ends right above the dropdown")
  check(app, rowOf(app, "╭") < rowOf(app, "✓ Red"), "the list lies above")
  check(app, rowOf(app, "✓ Red") < rowOf(app, "Green") and rowOf(app, "Green") < rowOf(app, "Blue"),
    "items keep their order, top to bottom")
  check(app, lineCount(app:screen()) == 10, "the frame keeps 10 lines")
  app:snapshot("dropdown-upward")
  app:press("down", "enter")
  app:expect("Chose Green")
  app:expect("› Green     ▼")
  app:expectNot("╭")
end)

-- Pickers ------------------------------------------------------------------

test.case("picker: {id, title} items show their titles; choosing passes the item to onChange", function()
  local app = test.open(FIX .. "picker_items.lua", { size = "40x14" })
  app:expect("› Size: Small ▼")
  app:press("enter")
  app:expect("│› ✓ Small")
  app:expect("│    Medium")
  app:expect("│    Large")
  check(app, not app:contains("table:"), "no table addresses")
  app:press("down", "down", "enter")
  app:expect("› Size: Large ▼")
  app:expect("Size: l")
  local changes = app:eval("return changes")
  check(app, #changes == 1, "onChange ran once")
  local c = changes[1]
  check(app, c.picker == "size" and c.id == "l" and c.title == "Large" and c.index == 3,
    "onChange(item, index) got the Large item and 3")
  check(app, c.selected == 3, "selected was written back before onChange ran")
  check(app, app:eval("return sizePicker.selected") == 3, "selected is 3 afterwards")
  app:snapshot("picker-large")
end)

test.case("picker: Esc in the menu calls no onChange and changes nothing", function()
  local app = test.open(FIX .. "picker_items.lua", { size = "40x14" })
  app:press("enter", "down", "esc")
  app:expect("› Size: Small ▼")
  check(app, #app:eval("return changes") == 0, "Esc: no onChange")
  local selected = app:eval("return sizePicker.selected")
  check(app, selected == nil or selected == 1, "selected unchanged (still the default 1)")
  app:expect("Size: none")
end)

test.case("picker: a wheel of {id, title} items spins and selects at once", function()
  local app = test.open(FIX .. "picker_items.lua", { size = "40x14" })
  app:press("tab")
  app:expect("›     Slow")
  app:press("up") -- already at the top: no wrap, no change
  app:expect("›     Slow")
  check(app, #app:eval("return changes") == 0, "no onChange at the top")
  app:press("down")
  app:expect("›    Normal")
  local changes = app:eval("return changes")
  check(app, #changes == 1 and changes[1].picker == "speed" and changes[1].id == 2 and changes[1].index == 2,
    "onChange got Normal (id 2) at once")
  check(app, changes[1].selected == 2, "selected was written back before onChange ran")
  app:press("down", "down", "down")
  app:expect("›     Fast")
  check(app, #app:eval("return changes") == 2, "one more onChange, none past the end")
  check(app, app:eval("return speedPicker.selected") == 3, "selected is 3")
end)

test.case("picker: the mouse wheel over a wheel picker spins it, calls onChange, and stops at the ends", function()
  local app = test.open(FIX .. "picker_items.lua", { size = "40x14" })
  local col, row = app:find("Slow")
  check(app, row == 9 and app:line(row - 1):find("─", 1, true) and app:line(row + 1):find("─", 1, true),
    "Slow is the centre row between the rules")
  app:scroll(col, row, -1) -- already at the top: no wrap, no change
  check(app, rowOf(app, "Slow") == 9 and #app:eval("return changes") == 0, "no onChange at the top")
  app:scroll(col, row, 1)
  check(app, rowOf(app, "Normal") == 9 and rowOf(app, "Slow") == 7 and rowOf(app, "Fast") == 11,
    "one step down: Normal in the centre, Slow above, Fast below")
  local changes = app:eval("return changes")
  check(app, #changes == 1 and changes[1].picker == "speed" and changes[1].id == 2 and changes[1].index == 2,
    "onChange got Normal (id 2) at once")
  check(app, changes[1].selected == 2, "selected was written back before onChange ran")
  app:scroll(col, row, 5)
  check(app, rowOf(app, "Fast") == 9 and rowOf(app, "Slow") == 6 and app:line(11) == "", "stopped at Fast")
  check(app, #app:eval("return changes") == 2, "one more onChange, none past the end")
  check(app, app:eval("return speedPicker.selected") == 3, "selected is 3")
  app:scroll(col, row, -10)
  check(app, rowOf(app, "Slow") == 9, "back up to Slow")
  changes = app:eval("return changes")
  check(app, #changes == 4 and changes[4].id == 1, "two onChange calls on the way up, the last for Slow")
  check(app, app:eval("return sizePicker.selected") == 1, "the menu picker above did not move")
  check(app, #app:errors() == 0, "no handler error")
end)

test.case("picker: the mouse wheel over the closed menu picker changes nothing", function()
  local app = test.open(FIX .. "picker_items.lua", { size = "40x14" })
  local col, row = app:find("Size: Small")
  app:scroll(col, row, 2)
  app:scroll(col, row, -1)
  app:expect("Size: Small ▼")
  app:expectNot("╭")
  check(app, #app:eval("return changes") == 0, "no onChange")
end)

test.case("picker: a click outside the open menu popup closes it with no change", function()
  local app = test.open(FIX .. "picker_items.lua", { size = "40x14" })
  app:click("Size: Small")
  app:expect("Size: Small ▲")
  app:expect("│› ✓ Small")
  app:press("down", "down")
  app:expect("│›   Large")
  app:click(35, 12)
  app:expect("› Size: Small ▼")
  app:expectNot("╭")
  app:expect("Size: none")
  check(app, #app:eval("return changes") == 0, "no onChange")
  check(app, app:eval("return sizePicker.selected") == 1, "selected unchanged")
  -- a click outside the popup on the wheel only closes the popup: it does not spin the wheel
  app:click("Size: Small")
  app:press("down")
  local col, row = app:find("Normal")
  check(app, col ~= nil, "the wheel's next row shows beside the popup")
  app:click(col, row)
  app:expect("› Size: Small ▼")
  check(app, #app:eval("return changes") == 0, "neither picker's onChange ran")
  check(app, app:eval("return speedPicker.selected") == 1, "the wheel did not spin")
end)

-- Tabs that do not fit -----------------------------------------------------

test.case("tabs: a bar too wide for the frame scrolls, with « and » marks", function()
  local app = test.open(FIX .. "tabs_narrow.lua", { size = "24x6" })
  local bar = app:line(3)
  check(app, bar:find("[Alpha]", 1, true) and bar:sub(-2) == "»", "Alpha selected, » shows more to the right")
  check(app, not bar:find("«", 1, true), "no « at the start")
  check(app, not app:contains("Foxtrot"), "Foxtrot does not fit")
  app:expect("Page Alpha")
  app:snapshot("narrow-start")
  app:press("right", "right", "right")
  bar = app:line(3)
  check(app, bar:find("«", 1, true) and bar:find("[Delta]", 1, true) and bar:sub(-2) == "»",
    "in the middle: « [Delta] … »")
  app:expect("Page Delta")
  check(app, app:eval("return current") == "Delta", "onChange ran")
  for _ = 1, 5 do app:press("right") end
  bar = app:line(3)
  check(app, bar:find("«", 1, true) and bar:find("[Foxtrot]", 1, true), "at the end: « … [Foxtrot]")
  check(app, bar:sub(-2) ~= "»", "no » after the last tab")
  app:expect("Page Foxtrot")
  app:snapshot("narrow-end")
  for _ = 1, 8 do app:press("left") end
  bar = app:line(3)
  check(app, bar:find("[Alpha]", 1, true) and not bar:find("«", 1, true), "back at the start")
  for _, l in ipairs({ 1, 2, 3, 4, 5, 6 }) do
    check(app, utf8.len(app:line(l)) <= 24, "line " .. l .. " fits in 24 columns")
  end
end)

test.case("tabs: a click on a label in the header bar selects that tab and calls onChange", function()
  local app = test.open(FIX .. "tabs_narrow.lua", { size = "24x6" })
  check(app, app:line(3):find("[Alpha]", 1, true) and app:eval("return current") == "Alpha", "Alpha at start")
  app:click("Bravo")
  check(app, app:line(3):find("[Bravo]", 1, true) ~= nil, "Bravo is in brackets")
  app:expect("Page Bravo")
  app:expectNot("Page Alpha")
  check(app, app:eval("return current") == "Bravo", "onChange ran for Bravo")
  app:eval("current = nil")
  app:click("Bravo") -- the selected one: no change, no onChange
  check(app, app:line(3):find("[Bravo]", 1, true) ~= nil, "still Bravo")
  check(app, app:eval("return current") == nil, "onChange not called when nothing changes")
  app:click("Alpha")
  app:expect("Page Alpha")
  check(app, app:eval("return current") == "Alpha", "onChange ran for Alpha")
end)

-- Progress, images ----------------------------------------------------------

test.case("progress: a bar at 0.5 is half full; a spinner without value turns with time", function()
  local app = test.open(FIX .. "progress.lua", { size = "30x6" })
  local bar = app:line(3)
  check(app, bar:find("Half", 1, true) and bar:find("50%", 1, true), "label and percentage")
  local filled, empty = count(bar, "█"), count(bar, "░")
  check(app, filled > 0 and empty > 0 and math.abs(filled - empty) <= 1, "half of the bar is filled")
  check(app, utf8.len(bar) <= 30, "the bar fits in the frame")
  local spin = app:line(4)
  check(app, spin:find("Working", 1, true), "the spinner's label")
  app:advance(100)
  local turned = app:line(4)
  app:advance(100)
  check(app, turned ~= spin or app:line(4) ~= spin, "the spinner glyph changes as the clock moves")
  check(app, app:line(3) == bar, "the bar does not move")
  app:snapshot("progress")
end)

test.case("image: a missing asset draws [missing image: NAME], never an error", function()
  local app = test.open(FIX .. "image_missing.lua", { size = "40x6" })
  app:expect("[missing image: no_such_cat]")
  app:expect("After the image")
  check(app, #app:errors() == 0, "no error")
  app:snapshot("missing-image")
end)

-- Timers --------------------------------------------------------------------

test.case("timers: ui.every and ui.after run only as app:advance moves the clock", function()
  local app = test.open(FIX .. "timers.lua", { size = "30x8" })
  app:expect("ticks: 0")
  app:expect("waiting")
  app:advance(99)
  app:expect("ticks: 0")
  app:advance(1)
  app:expect("ticks: 1")
  app:advance(150)
  app:expect("ticks: 2")
  app:expect("waiting")
  app:advance(250)
  app:expect("ticks: 5")
  app:expect("after fired")
  check(app, app:eval("return fired") == true, "ui.after ran")
  app:advance(1000)
  app:expect("ticks: 15")
  check(app, app:eval("return neverFired") == nil, "a cancelled ui.after never runs")
end)

test.case("timers: one long advance runs every due tick", function()
  local app = test.open(FIX .. "timers.lua", { size = "30x8" })
  app:advance(1000)
  check(app, app:eval("return ticks") == 10, "10 ticks in 1000 ms")
  app:expect("ticks: 10")
  app:expect("after fired")
end)

test.case("timers: :cancel() stops ui.every and prevents ui.after", function()
  local app = test.open(FIX .. "timers.lua", { size = "30x8" })
  app:advance(250)
  app:press("enter") -- Stop: cancels the ticker
  app:press("tab", "enter") -- Cancel after
  app:advance(2000)
  app:expect("ticks: 2")
  app:expect("waiting")
  check(app, app:eval("return fired") == false, "the cancelled ui.after never ran")
  check(app, app:eval("return ticks") == 2, "no tick after cancel")
  app:snapshot("timers-cancelled")
end)

test.case("timers: wait:MS in app:press advances the clock like app:advance", function()
  local app = test.open(FIX .. "timers.lua", { size = "30x8" })
  app:press("wait:300")
  app:expect("ticks: 3")
end)

-- Handler errors ------------------------------------------------------------

test.case("a handler error shows the error: banner; the app keeps running; Esc clears it", function()
  local app = test.open(FIX .. "handler_error.lua", { size = "60x12" })
  check(app, #app:errors() == 0, "no error at start")
  app:press("enter")
  -- At 60 columns the message and the hint take two rows.
  check(app, app:line(11):match("^error:") ~= nil, "the banner's first row starts with error:")
  check(app, app:line(11):find("kaboom", 1, true) ~= nil, "the banner carries the message")
  check(app, app:line(12) == "(Esc dismisses)", "the banner ends saying how to clear it")
  local errors = app:errors()
  check(app, #errors == 1, "one error recorded")
  check(app, errors[1]:find("handler_error.lua:7: kaboom", 1, true) ~= nil, "file, line and message: " .. errors[1])
  app:snapshot("error-banner")
  -- the host keeps running and keeps its state
  app:press("tab", "enter")
  app:expect("count: 1")
  check(app, app:eval("return count") == 1, "other handlers still run")
  app:press("esc")
  app:expectNot("error:")
  app:expect("› [ Count ]")
  check(app, app:line(1):match("^%s+Errors$") ~= nil, "Esc cleared the banner; it did not pop or close anything else")
  check(app, #app:errors() == 1, "app:errors() still lists the error raised so far")
  app:press("shift-tab", "enter", "enter")
  check(app, #app:errors() == 3, "every raise is recorded")
  app:expect("error:")
end)

test.case("a handler past its instruction budget is stopped with an error of its own kind", function()
  -- A tenth of the default budget: stopped in a few hundredths of a second.
  local app = test.open(FIX .. "handler_error.lua", { size = "60x12", maxInstructions = 10000000 })
  app:press("tab", "tab", "enter") -- Spin: while true do end
  local errors = app:errors()
  check(app, #errors == 1, "one error recorded")
  check(app, errors[1]:find("handler_error.lua:15:", 1, true) ~= nil, "names the file and line: " .. errors[1])
  check(app, errors[1]:find("instruction budget exceeded", 1, true) ~= nil, "says what stopped it: " .. errors[1])
  check(app, app:contains("error:"), "the banner shows")
  -- the host keeps running
  app:press("esc", "shift-tab", "enter")
  app:expect("count: 1")
  app:expectNot("error:")
end)

test.case("a handler stuck in a pattern match is stopped by the same budget", function()
  -- Matching spends the default budget (10^8) in seconds, half the default CPU
  -- time limit: a budget of 10^7 is reached long before the time limit on any machine.
  local app = test.open(FIX .. "handler_error.lua", { size = "60x12", maxInstructions = 10000000 })
  app:press("tab", "tab", "tab", "enter") -- Match: backtracks for longer than anyone would wait
  local errors = app:errors()
  check(app, #errors == 1, "one error recorded")
  check(app, errors[1]:find("handler_error.lua:18: instruction budget exceeded (10000000 instructions)", 1, true) ~= nil,
    errors[1])
  app:expect("count: 0")
  app:press("esc", "shift-tab", "shift-tab", "enter")
  app:expect("count: 1")
end)

test.case("test.open takes a budget only as a positive integer", function()
  for _, bad in ipairs({ 0, -5, 1.5, "many", true }) do
    local ok, err = pcall(test.open, FIX .. "handler_error.lua", { maxInstructions = bad })
    assert(not ok and tostring(err):find("test.open: maxInstructions must be a positive integer", 1, true),
      tostring(bad) .. ": " .. tostring(err))
  end
end)

-- Frame sizes ----------------------------------------------------------------

local screens = {
  "screens/launcher.lua", "screens/tabbar.lua", "screens/navigation.lua",
  "screens/dropdown.lua", "screens/sheet.lua", "screens/sidebar.lua",
  FIX .. "sheet_stacked.lua", FIX .. "dropdown_bottom.lua", FIX .. "tabs_narrow.lua",
  FIX .. "picker_items.lua", FIX .. "progress.lua",
}

local sizes = {
  { "1x1", 1, 1 }, { "3x2", 3, 2 }, { "0x0", 0, 0 }, { "20x6", 20, 6 },
}

local keys = {
  "tab", "enter", "down", "down", "right", "enter", "up", "left", "esc",
  "f2", "down", "enter", "esc", "shift-tab", "enter", "pagedown", "end", "home",
  "enter", "esc", "esc", "wait:1600", "space", "esc",
}

-- Fails unless the frame has `rows` lines of at most `cols` characters.
local function checkFrame(app, cols, rows, when)
  local s = app:screen()
  if rows == 0 then
    check(app, s == "", when .. ": a 0x0 frame is empty")
    return
  end
  check(app, lineCount(s) == rows, when .. ": " .. rows .. " lines, got " .. lineCount(s))
  for r = 1, rows do
    local n = utf8.len(app:line(r))
    check(app, n ~= nil and n <= cols, when .. ": line " .. r .. " fits in " .. cols .. " columns")
  end
end

for _, size in ipairs(sizes) do
  local name, cols, rows = size[1], size[2], size[3]
  test.case("frame " .. name .. ": every screen opens and takes keys and clicks without crashing", function()
    for _, path in ipairs(screens) do
      local app = test.open(path, { size = name })
      checkFrame(app, cols, rows, path .. " at open")
      for _, k in ipairs(keys) do
        app:press(k)
        checkFrame(app, cols, rows, path .. " after " .. k)
      end
      app:click(1, 1)
      app:click(cols, rows)
      app:click(cols + 5, rows + 5)
      app:advance(500)
      checkFrame(app, cols, rows, path .. " after clicks")
    end
  end)
end

test.case("frame 20x8: the launcher still opens every screen and comes back", function()
  for i = 1, 5 do
    local app = test.open("screens/launcher.lua", { size = "20x8" })
    for _ = 2, i do app:press("down") end
    app:press("enter")
    check(app, app:line(1):find("‹ Back", 1, true) ~= nil, "entry " .. i .. " pushed")
    checkFrame(app, 20, 8, "entry " .. i)
    app:press("esc")
    check(app, not app:contains("‹ Back"), "entry " .. i .. ": back on the launcher")
    check(app, #app:errors() == 0, "no handler error")
  end
end)
