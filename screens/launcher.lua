-- The launcher: the main menu (メインメニュー) of the first seed article's ContentView.
-- Each entry opens one example screen; a screen that is not written yet gets a
-- small screen that says so.

local entries = {
  { title = "TabBarView",         subtitle = "header tabs, pickers, dropdown", path = "tabbar.lua",     icon = "▤" },
  { title = "NavigationListView", subtitle = "a navigation list",             path = "navigation.lua", icon = "≡" },
  { title = "DropDownMenu",       subtitle = "a dropdown with onSelect",      path = "dropdown.lua",   icon = "▾" },
  { title = "CustomSheet",        subtitle = "a bottom sheet",                path = "sheet.lua",      icon = "▁" },
  { title = "TabBar & SideBar",   subtitle = "bottom tab bar, side drawer",   path = "sidebar.lua",    icon = "◧" },
}

-- A screen for an entry whose file does not exist yet.
local function comingSoon(entry)
  return ui.screen {
    title = entry.title,
    ui.text { text = entry.title .. " is not written yet (screens/" .. entry.path .. ").", align = "center" },
    ui.spacer(),
    ui.button { title = "Back", onSelect = function() ui.pop() end },
  }
end


return ui.screen {
  title = "uihost",
  ui.text { text = "Example screens — Enter opens one, Esc comes back, q quits.", align = "center" },
  ui.divider(),
  ui.list {
    items = entries,
    onSelect = function(item)
      local ok, err = pcall(ui.push, item.path)
      if not ok then
        if tostring(err):find("cannot open", 1, true) then
          ui.push(comingSoon(item))
        else
          error(err, 0)
        end
      end
    end,
  },
}
