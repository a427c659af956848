-- Bench: a plugin reads 1,000 rows of the app through ui.call (run.py, "ui.call
-- round trip"). The screen exposes its rows; ctrl-b runs the plugin's command.
local rows = {}
for i = 1, 1000 do
  rows[i] = { id = i, name = "Customer " .. i, email = "customer" .. i .. "@example.org", total = i * 1.5, paid = i % 2 == 0 }
end
ui.expose { rows = function() return rows end }
return ui.screen { title = "Rows", ui.text { text = #rows .. " rows" } }
