-- Per-key cost on lists of 100 and 10^6 items (run by Scripts/bench.sh through
-- `uihost test`): the same keys — move, activate, move back, activate — on
-- each, timed with os.clock in the driving script.
local dir = os.getenv("UIHOST_BENCH_DIR")
local keysPerRun = tonumber(os.getenv("UIHOST_BENCH_KEYS") or "100000")

local function measure(n)
  local f = assert(io.open(dir .. "/count.lua", "w"))
  f:write("return " .. n .. "\n")
  f:close()
  local app = test.open(dir .. "/list.lua", { size = "80x24" })
  app:press("down", "up")
  local t0 = os.clock()
  for _ = 1, keysPerRun / 4 do app:press("down", "enter", "up", "enter") end
  local seconds = os.clock() - t0
  app:expect("chose Item 1")
  return seconds / keysPerRun
end

test.case("per-key cost", function()
  local small = measure(100)
  local large = measure(1000000)
  print(string.format("BENCH per_key_us_100 %.3f", small * 1e6))
  print(string.format("BENCH per_key_us_1e6 %.3f", large * 1e6))
  print(string.format("BENCH per_key_ratio %.3f", large / small))
end)
