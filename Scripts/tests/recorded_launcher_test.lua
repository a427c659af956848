-- Recorded with `uihost record`: one session's keys, text, clicks and waits,
-- replayed on the virtual clock. It ends on the screen the session left.
test.case("recorded session of screens/launcher.lua", function()
  local app = test.open("screens/launcher.lua", { size = "80x24" })
  app:press("down", "down", "down", "down", "down", "enter")
  app:type("Grace")
  app:press("tab")
  app:type("grace@example.org")
  app:press("ctrl-s")
  app:expect("! 8 characters or more")
  app:snapshot("recorded")
end)
