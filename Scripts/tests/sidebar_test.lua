-- screens/sidebar.lua: a floating tab bar at the bottom, a side drawer
-- (f2 / the Menu button), and a profile picture that loads behind a spinner
-- (ui.spawn + ui.sleep(1500), on the virtual clock).

local SIZE = { size = "60x20" }

local function check(app, cond, message)
  if not cond then error(message .. "\nframe:\n" .. app:screen(), 2) end
end

-- The first line that carries the focus mark at its left (" › "), or nil.
local function focusedLine(app)
  local r = 1
  for line in (app:screen() .. "\n"):gmatch("(.-)\n") do
    if line:sub(1, #" › ") == " › " then return line, r end
    r = r + 1
  end
end

-- Fails unless the focused line shows `text`.
local function expectFocus(app, text)
  local line = focusedLine(app)
  if not (line and line:find(text, 1, true)) then
    error("expected the focus mark on a line showing \"" .. text .. "\"\nframe:\n" .. app:screen(), 2)
  end
end

local function rowOf(app, text)
  local _, row = app:find(text)
  return row
end

local AVATAR = "( o  o )"

test.case("a floating tab bar at the bottom: Home selected, Home page shown", function()
  local app = test.open("screens/sidebar.lua", SIZE)
  check(app, app:line(1):match("^%s+TabBar & SideBar$") ~= nil, "the screen title heads the frame")
  expectFocus(app, "[ ")
  expectFocus(app, " Menu ]")
  check(app, app:line(18):find("╭", 1, true) and app:line(18):find("╮", 1, true), "the bar's top edge on row 18")
  check(app, app:line(19):find("│ [⌂ Home]   ⚙ Settings    ◌ Profile  │", 1, true) ~= nil, "the tabs on row 19, Home in brackets")
  check(app, app:line(20):find("╰", 1, true) and app:line(20):find("╯", 1, true), "the bar's bottom edge on the last row")
  local barCol = app:find("│ [⌂")
  check(app, barCol > 2 and app:line(19):sub(-3) == "│" and utf8.len(app:line(19)) < 60,
    "the bar floats: it is inset from both edges")
  app:expect("Home page")
  app:expectNot("Settings page")
  app:expectNot("Simba")
  app:snapshot("home")
end)

test.case("Left and Right switch tabs once the bar has focus", function()
  local app = test.open("screens/sidebar.lua", SIZE)
  app:press("tab")
  app:expect("› │ [⌂ Home]")
  app:press("right")
  app:expect("[⚙ Settings]")
  app:expectNot("[⌂ Home]")
  app:expect("Settings page")
  app:expectNot("Home page")
  app:snapshot("settings")
  app:press("left")
  app:expect("[⌂ Home]")
  app:expect("Home page")
end)

test.case("the profile tab shows a spinner until 1500 ms have passed, then the avatar", function()
  local app = test.open("screens/sidebar.lua", SIZE)
  app:press("tab", "right", "right")
  app:expect("[◌ Profile]")
  app:expect("Loading profile…")
  app:expectNot(AVATAR)
  app:expectNot("Profile page")
  app:snapshot("profile-loading")
  local spinner = app:line(rowOf(app, "Loading profile…"))
  app:advance(700)
  app:expect("Loading profile…")
  app:expectNot(AVATAR)
  check(app, app:line(rowOf(app, "Loading profile…")) ~= spinner, "the spinner turns as time passes")
  app:advance(799)
  app:expect("Loading profile…") -- 1499 ms: not yet
  app:expectNot(AVATAR)
  app:advance(1)
  app:expectNot("Loading profile…")
  app:expect(AVATAR)
  app:expect("Profile page")
  app:expect("[☺ Profile]") -- the tab's icon changed too
  app:snapshot("profile-loaded")
end)

test.case("the profile loads in the background while another tab is shown", function()
  local app = test.open("screens/sidebar.lua", SIZE)
  app:advance(1500)
  app:expect("☺ Profile")
  app:expectNot(AVATAR)
  app:press("tab", "right", "right")
  app:expect(AVATAR)
  app:expect("Profile page")
  app:expectNot("Loading profile…")
end)

test.case("f2 opens the drawer with the avatar and Simba; Esc closes it", function()
  local app = test.open("screens/sidebar.lua", SIZE)
  app:press("f2")
  app:expect("Simba")
  app:expect(AVATAR)
  app:expect("› ⌂ Home")
  app:expect("⚙ Settings")
  app:expect("☺ Profile")
  local col = app:find("│")
  check(app, col == 40, "the drawer is 40 columns wide (frame width − 10, at most 40)")
  check(app, app:find("Simba") < 40, "Simba is inside the drawer")
  app:expectNot("Home page")
  app:snapshot("drawer")
  app:press("esc")
  app:expectNot("Simba")
  app:expect("Home page")
  expectFocus(app, "[ ")
  expectFocus(app, " Menu ]") -- focus back where it was
  check(app, app:line(1):match("^%s+TabBar & SideBar$") ~= nil, "Esc closed the drawer and did nothing else")
end)

test.case("the Menu button opens the drawer", function()
  local app = test.open("screens/sidebar.lua", SIZE)
  app:press("enter")
  app:expect("Simba")
  app:press("esc")
  app:expectNot("Simba")
end)

test.case("a drawer item switches the tab and closes the drawer", function()
  local app = test.open("screens/sidebar.lua", SIZE)
  app:press("f2", "down")
  app:expect("› ⚙ Settings")
  app:press("enter")
  app:expectNot("Simba")
  app:expect("[⚙ Settings]")
  app:expect("Settings page")
  app:press("f2", "down", "down", "enter")
  app:expectNot("Simba")
  app:expect("[◌ Profile]")
  app:expect("Loading profile…")
  app:press("f2")
  app:expect("› ☺ Profile") -- the drawer list remembers its row
  app:press("up", "up", "enter")
  app:expect("[⌂ Home]")
  app:expect("Home page")
end)

test.case("a click outside the drawer closes it with no change", function()
  local app = test.open("screens/sidebar.lua", SIZE)
  app:press("f2", "down")
  app:click(55, 10)
  app:expectNot("Simba")
  app:expect("[⌂ Home]")
  app:expect("Home page")
end)

test.case("a click outside the drawer on the tab bar only closes the drawer", function()
  local app = test.open("screens/sidebar.lua", SIZE)
  app:press("f2")
  local col, row = app:find("Profile  │") -- the part of the bar right of the drawer
  check(app, col ~= nil and col > 40, "the bar's Profile tab shows beside the drawer")
  app:click(col + 2, row)
  app:expectNot("Simba")
  app:expect("[⌂ Home]")
  app:expect("Home page")
end)

test.case("a click on a drawer item switches the tab", function()
  local app = test.open("screens/sidebar.lua", SIZE)
  app:press("f2")
  app:click("Settings")
  app:expectNot("Simba")
  app:expect("[⚙ Settings]")
end)

test.case("a click on a tab of the bar selects it", function()
  local app = test.open("screens/sidebar.lua", SIZE)
  app:click("Profile")
  app:expect("[◌ Profile]")
  app:expect("Loading profile…")
  app:click("Home")
  app:expect("[⌂ Home]")
end)

test.case("pushed from the launcher: Esc closes the drawer, then pops", function()
  local app = test.open("screens/launcher.lua", SIZE)
  app:press("end", "enter", "f2")
  app:expect("Simba")
  app:press("esc")
  app:expectNot("Simba")
  app:expect("‹ Back")
  app:press("esc")
  expectFocus(app, "TabBar & SideBar")
end)

-- Mouse drags open and close the drawer ------------------------------------

test.case("a drag right from column 1 by 3 columns opens the drawer", function()
  local app = test.open("screens/sidebar.lua", SIZE)
  app:expectNot("Simba")
  app:drag(1, 10, 4, 10)
  app:expect("Simba")
  app:expect(AVATAR)
  app:expect("› ⌂ Home") -- focus starts on the drawer's first focusable
  check(app, app:find("│") == 40, "the drawer's edge in column 40")
  app:expectNot("Home page")
  check(app, #app:errors() == 0, "no handler error")
end)

test.case("a longer drag right from column 1, on another row, opens the drawer", function()
  local app = test.open("screens/sidebar.lua", SIZE)
  app:drag(1, 16, 30, 5)
  app:expect("Simba")
  app:press("esc")
  app:drag(1, 1, 50, 1) -- along the header row
  app:expect("Simba")
end)

test.case("a drag right from column 1 by only 2 columns does not open the drawer", function()
  local app = test.open("screens/sidebar.lua", SIZE)
  local before = app:screen()
  app:drag(1, 10, 3, 10)
  app:expectNot("Simba")
  check(app, app:screen() == before, "the frame is unchanged")
end)

test.case("a drag right that starts in another column does not open the drawer", function()
  local app = test.open("screens/sidebar.lua", SIZE)
  local before = app:screen()
  app:drag(2, 10, 30, 10)
  app:drag(5, 8, 50, 8)
  app:drag(30, 12, 59, 12)
  app:expectNot("Simba")
  check(app, app:screen() == before, "the frame is unchanged")
  app:drag(1, 10, 30, 10) -- the same drag from column 1 does
  app:expect("Simba")
end)

test.case("a drag left inside the open drawer closes it with no change", function()
  local app = test.open("screens/sidebar.lua", SIZE)
  app:press("f2")
  app:expect("Simba")
  local col, row = app:find(AVATAR)
  app:drag(col + 4, row, col + 1, row) -- 3 columns left, on the avatar
  app:expectNot("Simba")
  app:expect("[⌂ Home]")
  app:expect("Home page")
  expectFocus(app, " Menu ]") -- focus back where it was
  check(app, app:line(1):match("^%s+TabBar & SideBar$") ~= nil, "the drag closed the drawer and did nothing else")
end)

test.case("a long drag left from the drawer's empty rows closes it", function()
  local app = test.open("screens/sidebar.lua", SIZE)
  app:drag(1, 10, 20, 10)
  app:expect("Simba")
  app:drag(38, 17, 2, 17)
  app:expectNot("Simba")
  app:expect("Home page")
end)

test.case("inside the open drawer a drag left by 2 columns, or a drag right, leaves it open", function()
  local app = test.open("screens/sidebar.lua", SIZE)
  app:press("f2")
  local before = app:screen()
  app:drag(30, 5, 28, 5)
  app:drag(10, 5, 30, 5)
  app:drag(20, 16, 20, 3) -- straight up
  app:expect("Simba")
  check(app, app:screen() == before, "the drawer is unchanged")
end)

test.case("pushed from the launcher: a drag from column 1 opens the drawer; a drag left closes it", function()
  local app = test.open("screens/launcher.lua", SIZE)
  app:click("TabBar & SideBar")
  app:expect("‹ Back")
  app:drag(1, 10, 10, 10)
  app:expect("Simba")
  app:drag(35, 17, 5, 17)
  app:expectNot("Simba")
  check(app, app:line(1):match("^ ‹ Back%s+TabBar & SideBar$") ~= nil, "still on the pushed screen")
end)

-- Mouse clicks on the floating tab bar ----------------------------------------

test.case("a click on a label of the bottom floating bar switches tabs and focuses the bar", function()
  local app = test.open("screens/sidebar.lua", SIZE)
  expectFocus(app, " Menu ]")
  app:expect("[⌂ Home]")
  local col, row = app:find("⚙ Settings")
  check(app, row == 19, "the labels are on row 19")
  app:click(col + 4, row) -- inside the label, not on its first cell
  app:expect("[⚙ Settings]")
  app:expectNot("[⌂ Home]")
  app:expect("Settings page")
  app:expectNot("Home page")
  app:expect("› │  ⌂ Home   [⚙ Settings]") -- the click gave the bar focus
  col = app:find("◌ Profile")
  app:click(col, row)
  app:expect("[◌ Profile]")
  app:expect("Loading profile…")
  app:expectNot("Settings page")
  col = app:find("⌂ Home")
  app:click(col + 2, row)
  app:expect("[⌂ Home]")
  app:expect("Home page")
end)

test.case("a click on the floating bar's border or beside it does not switch tabs", function()
  local app = test.open("screens/sidebar.lua", SIZE)
  local col = app:find("⚙ Settings")
  app:click(col, 18) -- the top border above Settings
  app:click(col, 20) -- the bottom border below it
  app:click(58, 19) -- right of the bar
  app:expect("[⌂ Home]")
  app:expect("Home page")
end)

test.case("mouse: a drag left that starts on a drawer row closes the drawer without choosing the row", function()
  local app = test.open("screens/sidebar.lua", { size = "60x20" })
  app:press("f2")
  local col, row = app:find("⚙ Settings")
  assert(col, "the drawer lists Settings")
  app:drag(col + 12, row, col - 1, row)
  app:expectNot("Simba")
  app:expect("[⌂ Home]")
  app:expect("Home page")
end)
