-- Benchmark screen for "the host reads only what it can show": Enter on the
-- button raises a 4 MB error, which the banner then shows while the list
-- below moves with each key. A key must cost < 50 ms (docs/PERFORMANCE.md):
-- run with --keys "enter" and with "enter" then many downs and ups.
local items = {}
for i = 1, 100 do items[i] = "Item " .. i end
return ui.screen {
  title = "Error banner",
  ui.button { title = "Fail", onSelect = function() error(string.rep("E ", 2e6), 0) end },
  ui.list { items = items },
}
