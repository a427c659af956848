-- A fixed slice of the fuzzer: Scripts/fuzz.sh with seed 1 for a few screens,
-- driven by the uihost binary that runs this test (the debug build under
-- Scripts/test.sh, whose assertions then watch too). A run of the full
-- fuzzer is `Scripts/fuzz.sh SECONDS SEED`; see README, "Fuzzing".
local function uihost()
  -- The shell's parent is this worker, a uihost process.
  local p = assert(io.popen("readlink /proc/$PPID/exe"))
  local path = p:read("l")
  p:close()
  return path
end

test.case("fuzz slice: seed 1, 11 screens of 100 events, no crash, hang or memory runaway", function()
  local dir = os.getenv("TMPDIR") or "/tmp"
  dir = dir .. "/uihost-fuzz-slice-" .. os.time() .. "-" .. math.random(1e6)
  -- FUZZ_SCREENS ends the slice; its seconds (600, about a hundred times what it
  -- takes) only guard against a hang, so that a slow machine still runs all 11.
  local command = ("UIHOST='%s' FUZZ_DIR='%s' FUZZ_SCREENS=11 FUZZ_STEPS=100 FUZZ_BATCH=1 FUZZ_PROGRESS=1 "
    .. "Scripts/fuzz.sh 600 1 2>&1")
    :format(uihost(), dir)
  local p = assert(io.popen(command))
  -- A line per screen: the runner's per-case timeout counts from the last line.
  local lines = {}
  for line in p:lines() do
    print(line)
    lines[#lines + 1] = line
  end
  local output = table.concat(lines, "\n")
  local ok = p:close()
  os.execute("rmdir '" .. dir .. "' 2>/dev/null")  -- empty unless a screen failed (its folder is kept)
  assert(ok, "Scripts/fuzz.sh failed:\n" .. output)
  assert(output:find("11 screens, 1100 events", 1, true), "the slice did not run its 11 screens:\n" .. output)
end)
