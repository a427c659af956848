-- The test script Scripts/fuzz.sh runs: `uihost test Scripts/fuzz/run.lua`
-- with the storm in the environment (see storms.lua):
--   FUZZ_SEED, FUZZ_FIRST, FUZZ_COUNT, FUZZ_STEPS, FUZZ_DIR,
--   FUZZ_DEADLINE (os.time() after which no new screen starts)  new storms
--   FUZZ_REPLAY=DIR/SEED-N                                    replay a saved one
package.path = "Scripts/fuzz/?.lua;" .. package.path
local storms = require "storms"

local replay = os.getenv("FUZZ_REPLAY")
if replay then
  storms.replay(replay)
else
  storms.cases {
    seed = math.tointeger(tonumber(os.getenv("FUZZ_SEED") or "1")),
    first = math.tointeger(tonumber(os.getenv("FUZZ_FIRST") or "1")),
    count = math.tointeger(tonumber(os.getenv("FUZZ_COUNT") or "10")),
    steps = math.tointeger(tonumber(os.getenv("FUZZ_STEPS") or "200")),
    dir = os.getenv("FUZZ_DIR") or "/tmp/uihost-fuzz",
    deadline = tonumber(os.getenv("FUZZ_DEADLINE")),
  }
end
