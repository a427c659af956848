-- screens/sheet.lua: a button presents a bottom sheet a quarter of the frame
-- high with rounded top corners; Esc, a click above it, or a drag of its top
-- edge (the ╭ row) down by 3+ rows dismisses it.

local SIZE = { size = "60x20" }

local support = require "support"
local check = support.check
local expectFocus = support.expectFocus
local rowOf = support.rowOf

-- Number of lines in the frame text.
local function lineCount(s)
  local n = 1
  for _ in s:gmatch("\n") do n = n + 1 end
  return n
end

-- Checks that the sheet occupies exactly the bottom `rows` rows of a frame
-- `cols` wide, with rounded top corners at both edges.
local function expectSheetRows(app, cols, frameRows, rows)
  local top = rowOf(app, "╭")
  check(app, top == frameRows - rows + 1, "the sheet's top edge is on row " .. (frameRows - rows + 1))
  check(app, app:find("╭") == 1, "╭ in the first column")
  local line = app:line(top)
  check(app, line:sub(-3) == "╮", "╮ ends the top edge")
  check(app, utf8.len(line) == cols, "the top edge spans the frame width")
  for r = top + 1, frameRows do
    local l = app:line(r)
    check(app, l:sub(1, 3) == "│", "row " .. r .. " is inside the sheet (left side │)")
  end
  check(app, lineCount(app:screen()) == frameRows, "the frame keeps " .. frameRows .. " lines")
end

test.case("closed at start: a button and a status line, no sheet", function()
  local app = test.open("screens/sheet.lua", SIZE)
  app:expect("› [ シートを表示する ]")
  app:expect("The sheet is closed.")
  app:expectNot("╭")
  app:expectNot("カスタムシート")
  app:snapshot("closed")
end)

test.case("the button presents a sheet a quarter of the frame high with rounded top corners", function()
  local app = test.open("screens/sheet.lua", SIZE)
  app:press("enter")
  app:expect("The sheet is shown.")
  app:expect("カスタムシートが表示された")
  app:expect("Esc, a click above, or a drag down closes it.")
  expectSheetRows(app, 60, 20, 5) -- 0.25 × 20 rows
  check(app, rowOf(app, "カスタムシート") == 17, "the sheet's content starts under its top edge")
  app:expectNot("› [ シートを表示する ]") -- focus went into the sheet
  app:snapshot("sheet-shown")
end)

test.case("the sheet height follows the frame: a quarter of 12 rows and of 24 rows", function()
  local small = test.open("screens/sheet.lua", { size = "40x12" })
  small:press("enter")
  expectSheetRows(small, 40, 12, 3)
  local big = test.open("screens/sheet.lua", { size = "80x24" })
  big:press("enter")
  expectSheetRows(big, 80, 24, 6)
end)

test.case("Esc dismisses the sheet and onDismiss runs", function()
  local app = test.open("screens/sheet.lua", SIZE)
  app:press("enter", "esc")
  app:expectNot("╭")
  app:expectNot("カスタムシート")
  app:expect("The sheet was dismissed.") -- written by onDismiss
  app:expect("› [ シートを表示する ]") -- focus comes back to the button
  check(app, app:line(1):match("^%s+CustomSheet$") ~= nil, "Esc closed the sheet; it did not pop the screen")
  app:snapshot("sheet-dismissed")
end)

test.case("a second Esc after dismissing does nothing on the root screen", function()
  local app = test.open("screens/sheet.lua", SIZE)
  app:press("enter", "esc")
  local before = app:screen()
  app:press("esc")
  check(app, app:screen() == before, "nothing left to close")
end)

test.case("a click above the sheet dismisses it", function()
  local app = test.open("screens/sheet.lua", SIZE)
  app:press("enter")
  app:click(30, 10)
  app:expectNot("╭")
  app:expect("The sheet was dismissed.")
  app:expect("› [ シートを表示する ]")
end)

test.case("a click on the row just above the sheet's edge dismisses it", function()
  local app = test.open("screens/sheet.lua", SIZE)
  app:press("enter")
  app:click(1, 15)
  app:expectNot("╭")
  app:expect("The sheet was dismissed.")
end)

test.case("a click above the sheet on the button only dismisses; it does not reach the button", function()
  local app = test.open("screens/sheet.lua", SIZE)
  app:press("enter")
  app:click("シートを表示する")
  app:expectNot("╭")
  app:expect("The sheet was dismissed.")
end)

test.case("a click inside the sheet does not dismiss it", function()
  local app = test.open("screens/sheet.lua", SIZE)
  app:press("enter")
  app:click(30, 18)
  app:click(1, 16) -- on the top-left corner
  expectSheetRows(app, 60, 20, 5)
  app:expect("The sheet is shown.")
end)

test.case("a click on the button presents the sheet; it can be presented again after dismissal", function()
  local app = test.open("screens/sheet.lua", SIZE)
  app:click("シートを表示する")
  expectSheetRows(app, 60, 20, 5)
  app:press("esc")
  app:expect("The sheet was dismissed.")
  app:press("enter")
  app:expect("The sheet is shown.")
  expectSheetRows(app, 60, 20, 5)
  app:press("esc")
  app:expect("The sheet was dismissed.")
end)

test.case("pushed from the launcher: Esc closes the sheet first, then pops", function()
  local app = test.open("screens/launcher.lua", SIZE)
  app:press("down", "down", "down", "enter", "enter")
  expectSheetRows(app, 60, 20, 5)
  app:press("esc")
  app:expectNot("╭")
  app:expect("‹ Back")
  app:press("esc")
  expectFocus(app, "CustomSheet")
end)

-- Mouse drags of the top edge ----------------------------------------------

-- Presents the sheet with a click and returns the row of its top edge (╭).
local function presentSheet(app)
  app:click("シートを表示する")
  local col, top = app:find("╭")
  check(app, col == 1 and top == 16, "the sheet's top edge is on row 16 of 20")
  app:expect("The sheet is shown.")
  return top
end

test.case("a drag of the top edge down by 3 rows dismisses the sheet and runs onDismiss", function()
  local app = test.open("screens/sheet.lua", SIZE)
  local top = presentSheet(app)
  app:drag(30, top, 30, top + 3)
  app:expectNot("╭")
  app:expectNot("カスタムシート")
  app:expect("The sheet was dismissed.") -- written by onDismiss
  app:expect("› [ シートを表示する ]") -- focus comes back to the button
  check(app, app:line(1):match("^%s+CustomSheet$") ~= nil, "the drag closed the sheet; it did not pop the screen")
  check(app, #app:errors() == 0, "no handler error")
end)

test.case("a longer drag of the top edge, from its corner or to another column, dismisses too", function()
  local app = test.open("screens/sheet.lua", SIZE)
  local top = presentSheet(app)
  app:drag(1, top, 1, 20) -- from the ╭ corner to the last row
  app:expect("The sheet was dismissed.")
  app:expectNot("╭")
  top = presentSheet(app)
  app:drag(60, top, 45, top + 4) -- from the ╮ corner, down and to the left
  app:expect("The sheet was dismissed.")
  app:expectNot("╭")
end)

test.case("a drag of the top edge down by only 1 or 2 rows leaves the sheet open", function()
  local app = test.open("screens/sheet.lua", SIZE)
  local top = presentSheet(app)
  app:drag(30, top, 30, top + 1)
  expectSheetRows(app, 60, 20, 5)
  app:expect("The sheet is shown.") -- onDismiss did not run
  app:drag(30, top, 30, top + 2)
  expectSheetRows(app, 60, 20, 5)
  app:expect("The sheet is shown.")
  app:expect("│ › [ Close ]") -- focus stays in the sheet
  -- the sheet still answers: a full drag closes it
  app:drag(30, top, 30, top + 3)
  app:expect("The sheet was dismissed.")
end)

test.case("a drag of the top edge up or sideways leaves the sheet open", function()
  local app = test.open("screens/sheet.lua", SIZE)
  local top = presentSheet(app)
  app:drag(30, top, 30, top - 3)
  expectSheetRows(app, 60, 20, 5)
  app:drag(10, top, 50, top)
  expectSheetRows(app, 60, 20, 5)
  app:expect("The sheet is shown.")
end)

test.case("a drag down by 3+ rows that starts inside the sheet, not on its top edge, leaves it open", function()
  local app = test.open("screens/sheet.lua", SIZE)
  local top = presentSheet(app)
  app:drag(30, top + 1, 30, top + 4) -- from the first content row to the last row
  expectSheetRows(app, 60, 20, 5)
  app:expect("The sheet is shown.")
  local col, row = app:find("Esc, a click above")
  app:drag(col, row, col, 20)
  app:drag(59, top + 1, 59, 20) -- down the right-hand side
  expectSheetRows(app, 60, 20, 5)
  app:expect("The sheet is shown.")
  app:expect("カスタムシートが表示された")
end)

test.case("pushed from the launcher: a drag of the top edge closes the sheet, not the screen", function()
  local app = test.open("screens/launcher.lua", SIZE)
  app:click("CustomSheet")
  app:expect("‹ Back")
  local top = presentSheet(app)
  app:drag(30, top, 30, top + 3)
  app:expectNot("╭")
  app:expect("The sheet was dismissed.")
  check(app, app:line(1):match("^ ‹ Back%s+CustomSheet$") ~= nil, "still on the pushed CustomSheet")
end)
