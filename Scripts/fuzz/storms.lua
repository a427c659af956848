-- The fuzz driver, used by Scripts/fuzz/run.lua (Scripts/fuzz.sh) and the
-- replay of a saved case. For each screen it writes a folder
--   DIR/SEED-N/main.lua     `return require("screens")(...)`: the random screen
--   DIR/SEED-N/events.lua   the storm so far, one Lua statement per line
-- then opens the screen and sends a storm of random keys, text, clicks,
-- drags, wheel turns, resizes, clock advances and handler actions. Each event
-- is written (and flushed) before it is sent, so when the host crashes or
-- hangs, the last line of events.lua is the event that did it, and the case
-- name carries the folder. After every event the frame must keep its shape
-- and the app must answer; a slow step or a large RSS is a failure too.
local Rng = require "rng"

local M = {}

-- Limits of the checks (the host's own limits come from `uihost test` options).
local HANG_SECONDS = tonumber(os.getenv("FUZZ_HANG_SECONDS")) or 5
local RSS_LIMIT_KIB = (tonumber(os.getenv("FUZZ_RSS_MIB")) or 300) * 1024
-- FUZZ_TRACE=1 prints every step slower than 0.1 s of CPU.
local TRACE = os.getenv("FUZZ_TRACE")

local KEYS = {
  "up", "down", "left", "right", "enter", "space", "tab", "shift-tab", "esc", "backspace", "delete",
  "home", "end", "pageup", "pagedown", "f1", "f2", "f12", "ctrl-a", "ctrl-z", "a", "1", "é", "あ",
}
local TEXTS = { "hello", " \n\t", "日本", "\27[A", "é\u{301}" }
local SIZES = { { 80, 24 }, { 1, 1 }, { 0, 0 }, { 0, 5 }, { 5, 0 }, { 200, 60 }, { 2, 3 }, { 40, 10 }, { 1000, 3 } }

-- Display width of a frame row, exact for the characters screens.lua uses
-- (and the host's own marks, all one column): the frame never shows a
-- control character, so one is an error here.
local function isWide(c)
  return (c >= 0x1100 and c <= 0x115F) or (c >= 0x2E80 and c <= 0xA4CF) or (c >= 0xAC00 and c <= 0xD7A3)
    or (c >= 0xF900 and c <= 0xFAFF) or (c >= 0xFF00 and c <= 0xFF60) or (c >= 0x1F300 and c <= 0x1F64F)
    or (c >= 0x1F900 and c <= 0x1F9FF) or (c >= 0x20000 and c <= 0x3FFFD)
end

local function width(line)
  local w = 0
  for _, c in utf8.codes(line) do
    if c < 0x20 or (c >= 0x7F and c < 0xA0) then error(("a control character U+%04X in the frame"):format(c), 0) end
    if c >= 0x300 and c <= 0x36F then w = w + 0 elseif isWide(c) then w = w + 2 else w = w + 1 end
  end
  return w
end

local function rssKiB()
  local f = io.open("/proc/self/status")
  if not f then return 0 end
  local s = f:read("a")
  f:close()
  return tonumber(s:match("VmRSS:%s*(%d+)")) or 0
end

-- Lua source for a string on one line (%q would break a newline onto the next).
local function quote(s)
  return (("%q"):format(s):gsub("\\\n", "\\n"))
end

-- The frame must have the app's rows (an empty frame is one empty line), no
-- row wider than its columns, and no control character.
local function checkFrame(app, cols, rows)
  local text = app:screen()
  if not utf8.len(text) then error("the frame is not valid UTF-8", 0) end
  local n = 0
  for line in (text .. "\n"):gmatch("(.-)\n") do
    n = n + 1
    local w = width(line)
    if w > cols then error(("row %d is %d columns wide in a frame of %d"):format(n, w, cols), 0) end
  end
  if n ~= math.max(rows, 1) then error(("the frame has %d rows, not %d"):format(n, rows), 0) end
end

-- One random event, as the Lua statement that sends it.
local function randomEvent(rng, size)
  local function cell() return rng:range(-1, size[1] + 1), rng:range(-1, size[2] + 1) end
  local r = rng:below(100)
  if r <= 40 then
    local keys = {}
    for i = 1, rng:range(1, 4) do keys[i] = quote(rng:pick(KEYS)) end
    return "app:press(" .. table.concat(keys, ", ") .. ")"
  elseif r <= 45 then
    return "app:type(" .. quote(rng:pick(TEXTS)) .. ")"
  elseif r <= 60 then
    return ("app:click(%d, %d)"):format(cell())
  elseif r <= 66 then
    local c1, r1 = cell()
    local c2, r2 = cell()
    if rng:chance(0.5) then c1 = 1 end  -- from the left edge: opens the drawer
    return ("app:drag(%d, %d, %d, %d)"):format(c1, r1, c2, r2)
  elseif r <= 71 then
    local c, row = cell()
    return ("app:scroll(%d, %d, %d)"):format(c, row, rng:pick { 1, -1, 3, -20 })
  elseif r <= 85 then
    return ("app:advance(%d)"):format(rng:pick { 0, 1, 16, 80, 100, 500, 1000, 10000, 60000 })
  elseif r <= 90 then
    local s = rng:chance(0.5) and rng:pick(SIZES) or { rng:range(-1, 300), rng:range(-1, 100) }
    return ("app:resize(%d, %d)"):format(s[1], s[2])
  elseif r <= 97 then
    return 'app:eval("fuzz_act()")'  -- a random handler action, without a key to reach it
  elseif r <= 98 then
    return rng:pick { 'app:press("q")', 'app:press("ctrl-c")' }  -- these may quit: the storm reopens
  else
    return ("app = open(%d, %d)"):format(table.unpack(rng:pick(SIZES)))
  end
end

local function copy(from, to)
  local input = assert(io.open(from, "rb"))
  local output = assert(io.open(to, "wb"))
  output:write(input:read("a"))
  input:close()
  output:close()
end

-- Runs one saved or new storm in `folder`. With `rng`, new events are drawn
-- and appended to events.lua; without, events.lua is replayed.
local function storm(folder, rng, steps)
  local env = { test = test }
  local size = { 80, 24 }
  -- `open` is a statement of the storm too: a reopen at another size, or after the app quit.
  function env.open(cols, rows)
    env.app = nil
    collectgarbage()  -- close the previous app now, not at some later collection
    size[1], size[2] = cols, rows
    return test.open(folder .. "/main.lua", { size = cols .. "x" .. rows, assets = "Assets" })
  end

  local log, lines
  if rng then
    log = assert(io.open(folder .. "/events.lua", "w"))
    lines = { ("app = open(%d, %d)"):format(table.unpack(rng:pick(SIZES))) }
  else
    lines = {}
    for line in io.lines(folder .. "/events.lua") do lines[#lines + 1] = line end
    steps = #lines
  end

  for step = 1, steps do
    local line = lines[step] or randomEvent(rng, size)
    if log then log:write(line, "\n"); log:flush() end
    local t0 = os.clock()
    local wall0 = os.time()
    local ok, err = pcall(assert(load(line, "=event", "t", env)))
    local where = ("%s/events.lua:%d: %s"):format(folder, step, line)
    if not ok then
      -- Only eval may fail: it carries the script's own errors and limits back.
      if not line:find("^app:eval") then error(where .. "\n  " .. tostring(err), 0) end
    end
    local cols, rows = line:match("^app:resize%((%-?%d+), (%-?%d+)%)$")
    if cols then size[1], size[2] = math.max(0, tonumber(cols)), math.max(0, tonumber(rows)) end
    local seconds = os.clock() - t0
    if TRACE and seconds > 0.1 then print(("%6.2f s  %s"):format(seconds, where)) end
    -- CPU time is the measure (a loaded machine stretches wall time); a
    -- step that waits without spinning is caught by wall time, with room.
    local wall = os.time() - wall0
    if seconds > HANG_SECONDS or wall > 4 * HANG_SECONDS then
      error(("%s\n  took %.1f s of CPU, %d s of wall time (the limit: %d s of CPU)"):format(where, seconds, wall, HANG_SECONDS), 0)
    end
    local app = env.app
    ok, err = pcall(checkFrame, app, size[1], size[2])
    if not ok then error(where .. "\n  " .. err .. "\nframe:\n" .. app:screen(), 0) end
    -- The app must still answer; a generated script that asked to quit is opened again.
    local answered, quit = pcall(app.eval, app, "return fuzz_quit")
    if rng and ((answered and quit) or line:find('^app:press%("q"%)') or line:find('"ctrl%-c"')) then
      lines[step + 1] = ("app = open(%d, %d)"):format(size[1], size[2])
    end
    local rss = rssKiB()
    if rss > RSS_LIMIT_KIB then
      error(("%s\n  the worker's RSS is %d MiB (more than %d MiB)"):format(where, rss // 1024, RSS_LIMIT_KIB // 1024), 0)
    end
  end
  if log then log:close() end
end

-- Registers one case per screen: screens first … first + count - 1 of `seed`,
-- each in DIR/SEED-N, with `steps` events; those that would start after
-- `deadline` (os.time()) pass without running.
function M.cases(opts)
  local fuzzDir = opts.source or "Scripts/fuzz"
  os.execute("mkdir -p '" .. opts.dir .. "'")
  for n = opts.first, opts.first + opts.count - 1 do
    local folder = ("%s/%d-%d"):format(opts.dir, opts.seed, n)
    test.case(("fuzz screen %s"):format(folder), function()
      if opts.deadline and os.time() >= opts.deadline then return end  -- the run's time is up
      os.execute("mkdir -p '" .. folder .. "'")
      copy(fuzzDir .. "/screens.lua", folder .. "/screens.lua")
      copy(fuzzDir .. "/rng.lua", folder .. "/rng.lua")
      copy(fuzzDir .. "/kinds.lua", folder .. "/kinds.lua")
      -- The screen's own seed is derived from the run's seed and the screen number.
      local f = assert(io.open(folder .. "/main.lua", "w"))
      f:write(("return require(\"screens\")(%d)\n"):format(opts.seed * 1000003 + n))
      f:close()
      storm(folder, Rng.new(opts.seed * 7919 + n), opts.steps)
    end)
  end
end

-- Registers a case that replays the storm saved in `folder`.
function M.replay(folder)
  test.case("replay " .. folder, function() storm(folder, nil) end)
end

return M
