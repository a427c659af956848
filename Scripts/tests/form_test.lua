-- screens/form.lua: fields that validate, a country dropdown, a radio and a
-- checkbox in a ui.form, ctrl-s from anywhere, the result in a sheet, the
-- footer and help.

local support = require "support"
local check = support.check

-- Fills the three text fields (Name has the focus when the form opens).
local function fill(app, name, email, password)
  app:type(name)
  app:press("tab")
  app:type(email)
  app:press("tab")
  app:type(password)
end

test.case("form: the name field has the focus and the cursor at first", function()
  local app = test.open("screens/form.lua", { size = "60x24" })
  local col, row = app:cursor()
  check(app, row == 4 and col == 5, "cursor at " .. tostring(col) .. "," .. tostring(row))
  app:type("日本語テキスト")
  col = app:cursor()
  check(app, col == 5 + 14, "the caret follows wide characters: col " .. tostring(col))
end)

test.case("form: Sign up checks every field and focuses the first bad one", function()
  local app = test.open("screens/form.lua", { size = "60x24" })
  app:type("A")
  app:press("ctrl-s")
  app:expect("! at least 2 characters")
  app:expect("! 8 characters or more")
  local form = app:tree().children[1]
  check(app, form.role == "form" and form.children[1].focused, "the first bad field has the focus")
  check(app, #app:errors() == 0, "a validation message is not a script error")
end)

test.case("form: no country chosen is a problem too", function()
  local app = test.open("screens/form.lua", { size = "60x24" })
  fill(app, "Ada", "ada@example.org", "correct horse")
  app:press("ctrl-s")
  app:expect("Please choose a country.")
end)

test.case("form: a good form shows what was entered in a sheet", function()
  local app = test.open("screens/form.lua", { size = "60x24" })
  fill(app, "Ada", "ada@example.org", "correct horse")
  -- The dropdown: open it, the second country, choose; the radio: Pro; the checkbox.
  app:press("tab", "enter", "down", "enter", "tab", "down", "space", "tab", "space", "tab", "enter")
  app:expect("Welcome, Ada")
  app:expect("Country:    France")
  app:expect("Plan:       Pro")
  app:expect("Newsletter: yes")
  local col, row = app:cursor()
  check(app, col == nil and row == nil, "the cursor hides when no text field has focus")
  app:press("enter")
  check(app, app:screen():find("Welcome, Ada", 1, true) == nil, "Close did not close the sheet")
  check(app, #app:errors() == 0, table.concat(app:errors(), "; "))
end)

test.case("form: Enter goes from text field to text field", function()
  local app = test.open("screens/form.lua", { size = "60x24" })
  app:type("Ada")
  app:press("enter")
  app:type("ada@example.org")
  app:press("enter")
  app:type("correct horse")
  -- The last text field: Enter submits, and the form asks for the country.
  app:press("enter")
  app:expect("Please choose a country.")
end)

test.case("form: the footer and help list the form's keys", function()
  local app = test.open("screens/form.lua", { size = "60x24" })
  check(app, app:line(24) == " ^S Sign up  f1 Keys", app:line(24))
  app:press("f1")
  app:expect("ctrl-s  Sign up")
  app:expect("esc closes")
  app:press("esc")
  check(app, app:screen():find("esc closes", 1, true) == nil, "esc did not close help")
end)
