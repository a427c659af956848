-- Benchmark screen: a list of UIHOST_BENCH_ITEMS items (default 1000) whose
-- handler updates a label. The item count comes from a module beside it so the
-- sandbox (no os.getenv) stays on.
local ok, n = pcall(require, "count")
n = ok and n or 1000
local items = {}
for i = 1, n do items[i] = { title = "Item " .. i } end
local label = ui.text "nothing chosen"
return ui.screen {
  title = "List of " .. n,
  label,
  ui.list {
    items = items,
    onSelect = function(item, index) label.text = "chose " .. item.title .. " (" .. index .. ")" end,
  },
}
