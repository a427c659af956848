-- Timers that schedule two more each time they run: stopped as a runaway.
-- Run with --keys "wait:40".
local function f() ui.after(0, f); ui.after(0, f) end
ui.after(0, f)
return ui.screen { title = "Timer storm" }
