-- A key with a 4 MB error in the banner (run by Scripts/bench.sh through
-- `uihost test`): Enter raises the error, then each down or up key moves the
-- list and draws the frame, banner and all, as a terminal session would.
local screen = os.getenv("UIHOST_BENCH_SCREEN")
local keys = tonumber(os.getenv("UIHOST_BENCH_KEYS") or "40")

test.case("banner_key_ms", function()
  local app = test.open(screen, { size = "80x24" })
  app:press("enter")
  assert(#app:errors() == 1, "the button raised no error")
  app:screen()
  local t0 = os.clock()
  for i = 1, keys do
    app:press(i % 2 == 1 and "down" or "up")
    app:screen()
  end
  print(string.format("BENCH banner_key_ms %.3f", (os.clock() - t0) / keys * 1000))
end)
