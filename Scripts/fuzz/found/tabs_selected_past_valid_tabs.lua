-- Found by Scripts/fuzz.sh (seed 1, screen 35, before the generator settled):
-- the host traps (SIGILL, "Index out of range" in TabsNode.placeLabels) when a
-- ui.tabs has a child that is not a ui.tab and `selected` points past the
-- valid tabs. The bad child is reported and left out, but `selected` is
-- clamped to the raw child count (2), not to the tabs that remain (1).
--   uihost render Scripts/fuzz/found/tabs_selected_past_valid_tabs.lua
-- Expected: the error banner for screen[1][2], and tab "a" selected.
local tabs = ui.tabs { ui.tab { title = "a" } }
tabs[2] = ui.text "x"
tabs.selected = 2
return ui.screen { title = "t", tabs }
