-- Limits in a release build (run by Scripts/bench.sh through `uihost test`):
-- how long an infinite loop and memory bombs take to be stopped with the
-- default limits (10^8 instructions, 256 MiB, 5 s of CPU), and the process's
-- resident memory before and after.
local function rssKiB()
  for line in io.lines("/proc/self/status") do
    local kb = line:match("^VmRSS:%s+(%d+)")
    if kb then return tonumber(kb) end
  end
end

test.case("limits", function()
  local app = test.open("Scripts/bench/runaway.lua", { size = "60x12" })
  app:expect("ready")
  collectgarbage()
  local before = rssKiB()
  local expected = {
    { "loop", "instruction budget exceeded" },
    { "strings", "memory limit exceeded" },
    { "tables", "memory limit exceeded" },
    { "doubling", "memory limit exceeded" },
    { "pattern", "instruction budget exceeded" },
    { "rep", "instruction budget exceeded" },
    { "compare", "time limit exceeded" },
  }
  for i, e in ipairs(expected) do
    if i > 1 then app:press("esc", "tab") end
    local t0 = os.clock()
    app:press("enter")
    local seconds = os.clock() - t0
    local err = app:errors()[i]
    assert(err and err:find(e[2], 1, true), tostring(err))
    print(string.format("BENCH stop_%s_s %.3f", e[1], seconds))
  end
  app:press("esc", "tab", "enter")
  app:expect("still here")
  print(string.format("BENCH rss_before_kib %d", before))
  print(string.format("BENCH rss_after_kib %d", rssKiB()))
end)
