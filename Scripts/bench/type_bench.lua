-- Typing into a text field (run by Scripts/bench.sh through `uihost test`):
-- characters a second through app:type into a ui.input of an 80x24 screen,
-- and the bytes a terminal is sent for one typed character.
local screen = os.getenv("UIHOST_BENCH_SCREEN")

test.case("type_chars_per_s", function()
  local app = test.open(screen, { size = "80x24" })
  local text = ("The quick brown fox jumps over the lazy dog. "):rep(20)
  local t0 = os.clock()
  for _ = 1, 50 do
    app:type(text)
    app:press("ctrl-u")
  end
  print(string.format("BENCH type_chars_per_s %.0f", 50 * #text / (os.clock() - t0)))
end)

test.case("bytes_per_typed_char", function()
  local app = test.open(screen, { size = "80x24", stats = true })
  app:type("hello")
  local before = app:stats().bytes
  app:type("x")
  print(string.format("BENCH bytes_per_typed_char %d", app:stats().bytes - before))
end)
