-- TabBar & SideBar, from the fourth seed article: a floating tab bar at the
-- bottom (home / settings / profile) and a side drawer from the left. The
-- profile picture loads asynchronously behind a spinner (ui.spawn + ui.sleep).

local tabs
local loaded = false -- the profile picture arrives once

local profile = ui.tab {
  title = "Profile", icon = "◌",
  ui.progress { label = "Loading profile…" },
}

local function go(index)
  return function()
    tabs.selected = index
    ui.closeDrawer()
  end
end

tabs = ui.tabs {
  style = "bottom",
  ui.tab { title = "Home", icon = "⌂", ui.spacer(), ui.text { text = "Home page", align = "center" }, ui.spacer() },
  ui.tab { title = "Settings", icon = "⚙", ui.spacer(), ui.text { text = "Settings page", align = "center" }, ui.spacer() },
  profile,
}

return ui.screen {
  title = "TabBar & SideBar",
  -- f2, ui.openDrawer() or a drag right from column 1 opens it.
  drawer = ui.drawer {
    ui.image { asset = "avatar", height = 9 },
    ui.text { text = "Simba", align = "center" },
    ui.divider(),
    ui.list {
      items = {
        { title = "Home", icon = "⌂", onSelect = go(1) },
        { title = "Settings", icon = "⚙", onSelect = go(2) },
        { title = "Profile", icon = "☺", onSelect = go(3) },
      },
    },
  },
  ui.button { title = "≡ Menu", onSelect = function() ui.openDrawer() end },
  tabs,
  onAppear = function()
    if loaded then return end
    ui.spawn(function()
      ui.sleep(1500) -- stands in for the AsyncImage download
      loaded = true
      profile.icon = "☺"
      profile[1] = ui.image { asset = "avatar" }
      profile[2] = ui.text { text = "Profile page", align = "center" }
    end)
  end,
}
