-- Bench: times ui.call("rows") — 1,000 rows copied to the plugin — and prints
-- the mean round trip in microseconds.
return {
  name = "export",
  commands = { { id = "export.bench", title = "Bench", keys = "ctrl-b", run = function()
    local calls = 200
    local start = os.clock()
    local n = 0
    for _ = 1, calls do n = n + #ui.call("rows") end
    print(string.format("BENCH call_us %.1f %d", (os.clock() - start) / calls * 1e6, n))
  end } },
}
