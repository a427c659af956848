-- Small terminals: every control of every example screen is reachable at 40x12.
-- Tab walks the focus ring until it comes back to where it started; each control
-- it stops on must show whole (`app:tree()` marks one scrolled out of view, or cut
-- by the frame, `offscreen = true`). The screen, its drawer and its sheet each.

local support = require "support"
local check = support.check

-- Every screen under screens/, found when the script loads: a new one is walked too.
local SCREENS = {}
do
  local ls = assert(io.popen("ls screens"))
  for file in ls:lines() do
    local name = file:match("^(.+)%.lua$")
    if name then SCREENS[#SCREENS + 1] = name end
  end
  ls:close()
  assert(#SCREENS >= 7, "the example screens are found (run from the repository's root)")
end

-- Screens of bindings alone, with no control to focus (Bubble Tea's help example).
local NOTHING_TO_FOCUS = { help_keys = true }

-- The focused node of the top layer (the screen's last overlay, if any) and its path.
local function focused(node, path)
  path = path or ""
  if node.focused then return node, path end
  for i = #node.children, 1, -1 do
    local found, at = focused(node.children[i], path .. "/" .. i)
    if found then return found, at end
  end
end

-- Walks the ring from where focus is; returns how many controls it met.
local function walk(app, where)
  local first, firstPath = focused(app:tree())
  check(app, first ~= nil, where .. ": something has focus")
  local seen = 0
  local path
  repeat
    local node = focused(app:tree())
    check(app, node ~= nil, where .. ": focus is somewhere after " .. seen .. " Tabs")
    check(app, not node.offscreen,
      ("%s: the focused %s %q shows whole"):format(where, node.role, node.label or ""))
    seen = seen + 1
    check(app, seen <= 200, where .. ": Tab comes back round")
    app:press("tab")
    path = select(2, focused(app:tree()))
  until path == firstPath
  return seen
end

for _, name in ipairs(SCREENS) do
  test.case("every control of screens/" .. name .. ".lua is reachable at 40x12", function()
    local app = test.open("screens/" .. name .. ".lua", { size = "40x12" })
    app:advance(1600) -- what loads behind a spinner has loaded
    if NOTHING_TO_FOCUS[name] then
      check(app, focused(app:tree()) == nil, name .. ": nothing takes the focus")
    else
      walk(app, name)
    end
  end)
end

-- Each page of a tab bar: the bar takes Right while it has focus.
for _, case in ipairs { { "tabbar", 3, 0 }, { "sidebar", 3, 1 } } do
  local name, pages, tabsToBar = case[1], case[2], case[3]
  test.case("every page of the tabs of screens/" .. name .. ".lua is reachable at 40x12", function()
    local app = test.open("screens/" .. name .. ".lua", { size = "40x12" })
    app:advance(1600)
    for page = 2, pages do
      for _ = 1, tabsToBar do app:press("tab") end
      check(app, focused(app:tree()).role == "tabs", name .. ": the tab bar has focus")
      for _ = 2, page do app:press("right") end
      walk(app, name .. " page " .. page)
      app = test.open("screens/" .. name .. ".lua", { size = "40x12" })
      app:advance(1600)
    end
  end)
end

test.case("the drawer's menu is reachable at 40x12", function()
  local app = test.open("screens/sidebar.lua", { size = "40x12" })
  app:press("wait:1600", "f2")
  check(app, walk(app, "drawer") == 1, "the menu is the drawer's one control")
  app:expect("⌂ Home")
  app:press("down", "enter") -- Settings
  app:expectNot("Simba")
  app:expect("Settings page")
end)

test.case("the sheet's Close button is reachable at 40x12", function()
  local app = test.open("screens/sheet.lua", { size = "40x12" })
  app:press("enter")
  walk(app, "sheet")
  app:expect("› [ Close ]")
  app:press("enter")
  app:expect("The sheet was dismissed.")
end)

test.case("the screen shows ↓ while content lies below, ↑ once scrolled", function()
  local app = test.open("screens/form.lua", { size = "40x12" })
  app:expect("↓")
  app:expectNot("↑")
  for _ = 1, 12 do app:press("tab") end
  local node = focused(app:tree())
  check(app, not node.offscreen, "the focused control shows")
  app:expect("↑")
end)
