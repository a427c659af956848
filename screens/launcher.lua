-- The launcher: the main menu (メインメニュー) of the first seed article's ContentView.
-- Each entry opens one example screen; a screen that is not written yet gets a
-- small screen that says so. Its footer shows the shortcuts (`h` opens the help,
-- written in markdown); `?` lists every key.

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
  { title = "Gallery",            subtitle = "one of every component",        path = "gallery.lua",    icon = "▚" },
  { title = "Keys and help",      subtitle = "Bubble Tea's help example",     path = "help_keys.lua",  icon = "?" },
  { title = "About",              subtitle = "boxes, links, sizes and align", path = "about.lua",      icon = "▣" },
  { title = "JSON viewer",        subtitle = "ui.json as a tree (-- FILE)",   path = "json.lua",       icon = "{" },
  { title = "File browser",       subtitle = "fs and ui.markdown (--allow fs)", path = "browser.lua",  icon = "⌸" },
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

local function open(item)
  local ok, err = pcall(ui.push, item.path)
  if not ok then
    if tostring(err):find("cannot open", 1, true) then
      ui.push(comingSoon(item))
    else
      error(err, 0)
    end
  end
end

local list = ui.list { items = entries, onSelect = open }

-- The entry whose file is `path`.
local function entry(path)
  for _, e in ipairs(entries) do
    if e.path == path then return e end
  end
end

local function move(by)
  return function() list.selected = math.max(1, math.min(#entries, list.selected + by)) end
end

-- The footer shows the shortcuts in their order; `?` lists them all, the
-- vi-style moves (kept out of the footer) under their own heading.
local screen = ui.screen {
  title = "uihost",
  footer = true,
  keys = {
    { "Help", function() ui.push("help.lua") end, keys = { "h" }, group = "Open", order = 1 },
    { "Gallery", function() open(entry("gallery.lua")) end, keys = { "g" }, group = "Open", order = 2 },
    { "About", function() open(entry("about.lua")) end, keys = { "a" }, group = "Open", order = 3 },
    { "Next entry", move(1), keys = { "j" }, group = "Move", show = false },
    { "Previous entry", move(-1), keys = { "k" }, group = "Move", show = false },
  },
  ui.text { text = "Example screens — Enter opens one, Esc comes back.", align = "center" },
  ui.divider(),
  list,
}
if #contributed.items > 0 then
  screen[#screen + 1] = ui.divider()
  screen[#screen + 1] = ui.text { text = "From plugins — ctrl-p lists every command" }
  screen[#screen + 1] = contributed
end

return screen
