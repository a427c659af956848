-- Benchmark screen for the limits: a handler that never ends, and three that
-- allocate without end (many small strings, many small tables, one string
-- doubling). Each must be stopped, and the app go on.
local status = ui.text "ready"
return ui.screen {
  title = "Runaway",
  status,
  ui.button { title = "Loop", onSelect = function() while true do end end },
  ui.button { title = "Strings", onSelect = function()
    local t, i = {}, 0
    while true do
      i = i + 1
      t[i] = string.rep("x", 64) .. i
    end
  end },
  ui.button { title = "Tables", onSelect = function()
    local t, i = {}, 0
    while true do
      i = i + 1
      t[i] = { i }
    end
  end },
  ui.button { title = "Doubling", onSelect = function()
    local s = "x"
    while true do s = s .. s end
  end },
  ui.button { title = "Still here", onSelect = function() status.text = "still here" end },
}
