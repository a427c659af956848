-- Benchmark screen for the limits: a handler that never ends, three that
-- allocate without end (many small strings, many small tables, one string
-- doubling), and three whose work is done inside library functions (a
-- backtracking pattern, a loop of big string.rep, a loop comparing long
-- strings). Each must be stopped, and the app go on.
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
  ui.button { title = "Pattern", onSelect = function()
    status.text = tostring(string.rep("a", 3000):find(string.rep("a-", 12) .. "b"))
  end },
  ui.button { title = "Rep", onSelect = function()
    while true do local _ = string.rep("x", 2^24) end
  end },
  ui.button { title = "Compare", onSelect = function()
    local a, b = string.rep("x", 2^24) .. "a", string.rep("x", 2^24) .. "b"
    while true do local _ = a < b end
  end },
  ui.button { title = "Still here", onSelect = function() status.text = "still here" end },
}
