-- Benchmark screen: a 4-column table of N rows (default 10^6) from a data source,
-- or from a Lua array built up front ("array"), or only that array with no table
-- ("array-only", the cost of Lua alone). count.lua beside it returns { n =, mode = }
-- so that the sandbox (no os.getenv) stays on.
local ok, cfg = pcall(require, "count")
local n = ok and cfg.n or 1000000
local mode = ok and cfg.mode or "source"
local states = { "paid", "shipped", "pending", "refunded" }
local function order(i)
  return { id = i, customer = "Customer " .. (i * 7919 % 1000), state = states[i % 4 + 1], total = i * 0.25 }
end
local rows
if mode ~= "source" then
  rows = {}
  for i = 1, n do rows[i] = order(i) end
end
if mode == "array-only" then return ui.screen { title = "Array of " .. n, ui.text "built" } end
local label = ui.text "nothing chosen"
return ui.screen {
  title = "Table of " .. n,
  label,
  ui.table {
    count = mode == "source" and n or nil,
    row = mode == "source" and order or nil,
    rows = rows,
    columns = {
      { title = "Order", key = "id", align = "right" },
      { title = "Customer", key = "customer", width = "1fr" },
      { title = "State", key = "state", width = 9 },
      { title = "Total", key = "total", width = 10, align = "right" },
    },
    onSelect = function(row, index) label.text = "chose order " .. row.id .. " (" .. index .. ")" end,
  },
}
