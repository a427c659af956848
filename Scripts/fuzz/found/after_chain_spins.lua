-- Found by Scripts/fuzz.sh (seed 2, screen 106): a timer that schedules its
-- successor and then spins. Each link was stopped by the instruction budget
-- but the next was already due, so every virtual millisecond of `wait:` cost a
-- whole budget (wait:20 took 7 s). Now a callback stopped by a limit stops the
-- timers it scheduled: the chain ends with its first link
-- (FuzzFoundTests.testAnAfterChainThatSpinsCostsOneBudgetNotOnePerMillisecond).
local function tick()
  ui.after(1, tick)
  while true do end
end
return ui.screen { title = "after chain", onAppear = function() ui.after(1, tick) end }
