-- screens/notes.lua: a confirm dialog waited for in ui.spawn, an alert, toasts on
-- the virtual clock, and a ui.scroll of notes.

local support = require "support"
local check = support.check

local SIZE = { size = "40x12" }

local function focused(node)
  if node.focused then return node end
  for i = #node.children, 1, -1 do
    local found = focused(node.children[i])
    if found then return found end
  end
end

test.case("Delete asks first: Cancel has focus, Esc keeps the note", function()
  local app = test.open("screens/notes.lua", SIZE)
  app:press("enter")
  app:expect("╭─ Delete note")
  app:expect("› [ Cancel ]")
  local tree = app:tree()
  local dialog = tree.children[#tree.children]
  check(app, dialog.role == "dialog" and dialog.label == "Delete note", "the dialog is the top layer")
  check(app, focused(tree).label == "Cancel", "the safe choice has focus")
  app:press("tab", "tab", "tab")
  check(app, focused(app:tree()).label == "Delete", "focus stays inside the dialog")
  app:press("esc")
  app:expectNot("Delete note")
  app:expect("8 notes")
  app:expect("Buy milk")
  app:snapshot("kept")
end)

test.case("confirming deletes the note and a toast says so until it goes", function()
  local app = test.open("screens/notes.lua", SIZE)
  app:press("enter", "right", "enter")
  app:expect("7 notes")
  app:expectNot("Buy milk                ")
  app:expect("✓ Deleted \"Buy milk\"")
  app:snapshot("deleted")
  app:advance(2999)
  app:expect("✓ Deleted")
  app:advance(1)
  app:expectNot("✓ Deleted")
  check(app, #app:errors() == 0, "no handler error")
end)

test.case("a click on the dialog's Delete answers too; a click outside does nothing", function()
  local app = test.open("screens/notes.lua", SIZE)
  app:press("enter")
  app:click(2, 12)
  app:expect("╭─ Delete note")
  app:click("[ Delete ] │")
  app:expect("7 notes")
end)

test.case("About shows an alert with one button; Save shows a toast", function()
  local app = test.open("screens/notes.lua", SIZE)
  app:press("shift-tab")
  app:expect("› [ About ]")
  app:press("enter")
  app:expect("╭─ About")
  app:expect("› [ OK ]")
  app:snapshot("about")
  app:press("enter")
  app:expectNot("╭─ About")
  app:press("shift-tab", "enter", "enter")
  check(app, select(2, app:screen():gsub("i Saved", "")) == 2, "two toasts stack")
end)

test.case("at 40x8 the notes scroll and the last Delete is reachable", function()
  local app = test.open("screens/notes.lua", { size = "40x8" })
  app:expect("↓")
  for _ = 1, 7 do app:press("tab") end
  local line = support.focusedLine(app) or app:line(support.rowOf(app, "Back up the laptop"))
  check(app, line:find("Back up the laptop", 1, true) and line:find("› [ Delete ]", 1, true), "the last note's Delete has focus and shows")
  app:expect("↑")
end)
