-- 100 cases on the launcher, for `uihost test` throughput (Scripts/bench.sh).
for i = 1, 100 do
  test.case("launcher case " .. i, function()
    local app = test.open("screens/launcher.lua")
    app:press("down", "enter")
    app:expect("NavigationList")
    app:press("esc")
    app:expect("NavigationListView")
  end)
end
