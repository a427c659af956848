-- app:stats(): what an interactive terminal would have been sent, through the
-- same diff writer, drawn after every event and every wake-up of the clock.

local function stats(app)
  local s = app:stats()
  return s.keys, s.frames, s.bytes, s.lastFrameBytes
end

test.case("opening sends one whole frame", function()
  local app = test.open("screens/launcher.lua", { size = "60x20", stats = true })
  local keys, frames, bytes, last = stats(app)
  assert(keys == 0 and frames == 1, ("keys %d frames %d"):format(keys, frames))
  assert(bytes == last and bytes > 60 * 20, "a whole frame: every cell and its styles, got " .. bytes)
end)

test.case("moving focus sends only the rows that changed", function()
  local app = test.open("screens/launcher.lua", { size = "60x20", stats = true })
  local _, _, whole = stats(app)
  app:press("down")
  local keys, frames, bytes, last = stats(app)
  assert(keys == 1 and frames == 2, ("keys %d frames %d"):format(keys, frames))
  assert(bytes == whole + last, "the totals add up")
  -- A budget a test can hold: a focus move is a small fraction of a frame.
  assert(last > 0 and last < whole / 10, ("a focus move sent %d bytes of a %d-byte frame"):format(last, whole))
end)

test.case("a key that changes nothing sends nothing", function()
  local app = test.open("screens/launcher.lua", { size = "60x20", stats = true })
  app:press("down")
  local _, frames, bytes = stats(app)
  app:press("f12")
  local keys, frames2, bytes2 = stats(app)
  assert(keys == 2, "the key is counted")
  assert(frames2 == frames and bytes2 == bytes, ("no frame for no change (%d bytes)"):format(bytes2 - bytes))
end)

test.case("typed text counts a key per character", function()
  local app = test.open("screens/launcher.lua", { size = "60x20", stats = true })
  app:type("ab c")
  assert(app:stats().keys == 4)
end)

test.case("a spinner draws a frame every 80 ms of the clock", function()
  local app = test.open("Scripts/tests/fixtures/progress.lua", { size = "40x6", stats = true })
  app:advance(800)
  local _, frames = stats(app)
  assert(frames == 1 + 10, "ten spinner frames in 800 ms, got " .. frames - 1)
end)

test.case("an idle screen draws nothing while time passes", function()
  local app = test.open("screens/launcher.lua", { size = "60x20", stats = true })
  app:advance(10000)
  local _, frames = stats(app)
  assert(frames == 1, "got " .. frames)
end)

test.case("stats: an app opened without stats = true says how to count", function()
  local app = test.open("screens/launcher.lua", { size = "60x20" })
  local ok, err = pcall(app.stats, app)
  assert(not ok and err:find("open the app with { stats = true }", 1, true), err)
end)
