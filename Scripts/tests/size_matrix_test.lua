-- Size matrices: test.case(name, { sizes = … }, fn) runs fn once per size, as a
-- case of its own ("name [80x24]"), with the size as its argument; test.open in
-- it opens at that size, and snapshots go to a folder per size.

-- The frame's rows and its widest trimmed row.
local function extent(app)
  local rows, widest = 0, 0
  for line in (app:screen() .. "\n"):gmatch("(.-)\n") do
    rows = rows + 1
    widest = math.max(widest, utf8.len(line))
  end
  return rows, widest
end

test.case("the launcher lays out at each size", { sizes = { "80x24", "40x12" } }, function(size)
  assert(type(size) == "string", "the size comes as a string")
  local cols, rows = size:match("^(%d+)x(%d+)$")
  local app = test.open("screens/launcher.lua")
  local got, widest = extent(app)
  assert(got == tonumber(rows), ("expected %s rows at %s, got %d"):format(rows, size, got))
  assert(widest <= tonumber(cols), ("a row wider than %s columns"):format(cols))
  app:expect("TabBarView")
  app:snapshot("home")
end)

test.case("test.open's own size wins over the case's", { sizes = { "30x10" } }, function()
  local app = test.open("screens/launcher.lua", { size = "50x6" })
  local rows = extent(app)
  assert(rows == 6, "the app opened at 50x6, not 30x10: " .. rows .. " rows")
end)

test.case("a case without sizes gets no argument", function(...)
  assert(select("#", ...) == 0, "no size for a plain case")
end)
