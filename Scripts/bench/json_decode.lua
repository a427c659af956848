-- Bench screen (Scripts/bench/run.py): ui.json.decode of the file named after
-- `--`, the best of N runs (the second argument, default 5), printed to the log.
-- Run with --allow fs and --allow-path of the file's folder.
local text = fs.read(ui.args[1], { maxBytes = 64 << 20 })
local best = math.huge
for _ = 1, tonumber(ui.args[2] or "5") do
  collectgarbage()
  local started = os.clock()
  local doc = ui.json.decode(text)
  best = math.min(best, os.clock() - started)
  assert(type(doc) == "table")
end
print(string.format("BENCH json_decode_ms %.2f", best * 1000))
return ui.screen { title = "JSON bench" }
