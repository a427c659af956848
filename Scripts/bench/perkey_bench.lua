-- Per-key cost on lists of 100 and 10^6 items (run by Scripts/bench.sh through
-- `uihost test`), timed with os.clock in the driving script. Each figure is a
-- case of its own; UIHOST_BENCH_ONLY picks one, so that each runs in a fresh
-- process, unaffected by the heap an earlier one left behind.
local dir = os.getenv("UIHOST_BENCH_DIR")
local keysPerRun = tonumber(os.getenv("UIHOST_BENCH_KEYS") or "100000")

local function measure(n, keys)
  local f = assert(io.open(dir .. "/count.lua", "w"))
  f:write("return " .. n .. "\n")
  f:close()
  local app = test.open(dir .. "/list.lua", { size = "80x24" })
  app:press("down", "up")
  local t0 = os.clock()
  for _ = 1, keysPerRun / #keys do app:press(table.unpack(keys)) end
  return (os.clock() - t0) / keysPerRun
end

-- With the handler: move, activate (the label changes), move back, activate.
local withHandler = { "down", "enter", "up", "enter" }
-- Moving only: the host's own cost.
local moves = { "down", "up" }

for _, figure in ipairs {
  { "per_key_us_100", 100, withHandler },
  { "per_key_us_1000", 1000, withHandler },
  { "per_key_us_1e6", 1000000, withHandler },
  { "move_us_100", 100, moves },
  { "move_us_1e6", 1000000, moves },
} do
  local only = os.getenv("UIHOST_BENCH_ONLY")
  if not only or only == figure[1] then test.case(figure[1], function()
    print(string.format("BENCH %s %.3f", figure[1], measure(figure[2], figure[3]) * 1e6))
  end) end
end
