-- A timer of 0 ms whose handler never ends: each run is stopped by the
-- instruction budget, and the timer is stopped after the first.
ui.every(0, function() while true do end end)
return ui.screen { title = "Runaway timer", ui.text "runaway" }
