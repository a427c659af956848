-- The launcher: the main menu (メインメニュー) of the first seed article's ContentView.
-- Each entry opens one example screen; a screen that is not written yet gets a
-- small screen that says so.

local entries = {
  { title = "TabBarView",         subtitle = "header tabs, pickers, dropdown", path = "tabbar.lua",     icon = "▤" },
  { title = "NavigationListView", subtitle = "a navigation list",             path = "navigation.lua", icon = "≡" },
  { title = "DropDownMenu",       subtitle = "a dropdown with onSelect",      path = "dropdown.lua",   icon = "▾" },
  { title = "CustomSheet",        subtitle = "a bottom sheet",                path = "sheet.lua",      icon = "▁" },
  { title = "TabBar & SideBar",   subtitle = "bottom tab bar, side drawer",   path = "sidebar.lua",    icon = "◧" },
  { title = "Sign-up form",       subtitle = "text fields, checkbox, radio",  path = "form.lua",       icon = "✎" },
  { title = "Search",             subtitle = "an input that filters a list",  path = "search.lua",     icon = "⌕" },
  { title = "Orders",             subtitle = "10^6 orders, sheet, confirm",   path = "orders.lua",     icon = "▦" },
  { title = "Notes",              subtitle = "dialogs, toasts, a scroll",     path = "notes.lua",      icon = "✉" },
  { title = "Files",              subtitle = "a tree that loads, a log",      path = "files.lua",      icon = "❐" },
  { title = "About",              subtitle = "boxes, links, sizes and align", path = "about.lua",      icon = "▣" },
  { title = "JSON viewer",        subtitle = "ui.json as a tree (-- FILE)",   path = "json.lua",       icon = "{" },
  { title = "File browser",       subtitle = "fs and ui.markdown (--allow fs)", path = "browser.lua",  icon = "⌸" },
  { title = "Calculator",         subtitle = "Textual's calculator, a ui.grid", path = "calculator.lua", icon = "▦" },
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


-- What plugins add to the launcher (`uihost screens/launcher.lua --plugins plugins`):
-- shown below the screen's own entries, only when there is something.
local contributed = ui.menu("launcher")

local screen = ui.screen {
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
if #contributed.items > 0 then
  screen[#screen + 1] = ui.divider()
  screen[#screen + 1] = ui.text { text = "From plugins — ctrl-p lists every command" }
  screen[#screen + 1] = contributed
end

return screen
