-- Five hundred repeating timers whose handlers each take about a tenth of a
-- second: the event loop is never idle, yet q, Ctrl-C and signals must end it
-- at once, not after a sweep of the timers (most of a minute).
for _ = 1, 500 do
  ui.every(0, function() for _ = 1, 3e7 do end end)
end
return ui.screen { title = "Busy timers", ui.text "busy" }
