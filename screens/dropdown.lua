-- CustomDropdownMenu, from the second seed article: a dropdown of folders whose
-- items carry onSelect handlers. Choosing one changes the screen's title; the
-- open menu is drawn over the list below it and never pushes it down.

local screen

local function retitle(item)
  screen.title = item.title
end

-- The content below: plain rows of text in a ui.scroll, so the dropdown is the
-- only control; the wheel, or Tab to the messages and Up/Down, scrolls them.
local rows = ui.scroll {}
for i = 1, 40 do
  rows[i] = ui.text { text = "Message " .. i .. ((i % 3 == 0) and "   ★ starred" or "") }
end

screen = ui.screen {
  title = "Messages",
  ui.dropdown {
    items = {
      { id = 1, title = "Messages", icon = "✉", onSelect = retitle },
      { id = 2, title = "Archived", icon = "🗄", onSelect = retitle },
      { id = 3, title = "Trash", icon = "🗑", onSelect = retitle },
    },
  },
  ui.divider(),
  rows,
}
return screen
