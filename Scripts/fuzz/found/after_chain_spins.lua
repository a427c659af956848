-- Found by Scripts/fuzz.sh (seed 2, screen 106: app:advance(1000) took 28 s of
-- CPU with --max-instructions 1000000). A timer that schedules its successor
-- and then spins: each link is stopped by the instruction budget, but the next
-- one is already due, so every virtual millisecond of `wait:` or app:advance
-- costs one whole budget. With the default limits (10^8 instructions):
--   uihost render Scripts/fuzz/found/after_chain_spins.lua --keys wait:20
-- takes about 7 s of CPU (wait:5 1.7 s, wait:10 3.3 s): linear in the wait,
-- unbounded. One callback per millisecond stays under the runaway-timer bound,
-- and ui.after is not a ui.every, so "stop a timer at its limit" does not
-- apply. Interactively the loop stays responsive (input is read between
-- callbacks); headless, `render --keys wait:N` is not bounded in time.
local function tick()
  ui.after(1, tick)
  while true do end
end
return ui.screen { title = "after chain", onAppear = function() ui.after(1, tick) end }
