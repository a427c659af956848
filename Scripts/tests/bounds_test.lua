-- The host reads only what it can show: a screen full of 2 MB strings renders
-- and answers keys, a 4 MB error is shown and kept to 4 KiB, and a text
-- area's long value is kept whole and edited where the caret is.

local support = require "support"

local function open()
  return test.open("Scripts/tests/fixtures/huge_strings.lua", { size = "60x20" })
end

test.case("long strings show cut to the frame", function()
  local app = open()
  support.check(app, app:find("W W W W W…  W W W W W…"), "cells of 10 columns, cut with …")
  support.check(app, app:find(" W W W W W W W W W W W W W W W W W W W W W W W W W W W W W ↓"),
    "the text, below, shows its start")
  assert(#app:errors() == 0, "no error: " .. table.concat(app:errors(), "\n"))
end)

test.case("a 4 MB error is kept and shown to 4 KiB", function()
  local app = open()
  app:press("enter")
  local errors = app:errors()
  assert(#errors == 1, "one error")
  assert(#errors[1] <= 4096, "kept to 4 KiB, got " .. #errors[1])
  assert(errors[1]:sub(-3) == "…", "cut with …")
  app:expect("(Esc dismisses)")
  app:press("esc")
  app:expectNot("(Esc dismisses)")
end)

test.case("a text area keeps its value whole and edits at the caret", function()
  local app = open()
  app:press("shift-tab", "x")
  local length = app:eval("return #area.value")
  assert(length == 100004, "the whole value and the typed character, got " .. tostring(length))
  local tail = app:eval("return area.value:sub(-5)")
  assert(tail == "\nendx", "typed at the caret, the end: " .. tail)
end)
