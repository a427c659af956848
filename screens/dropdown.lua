-- CustomDropdownMenu, from the second seed article: a dropdown of folders whose
-- items carry onSelect handlers. Choosing one changes the screen's title; the
-- open menu is drawn over the list below it and never pushes it down.

local screen

local function retitle(item)
  screen.title = item.title
end

local rows = {}
for i = 1, 40 do
  rows[i] = { title = "Message " .. i, subtitle = (i % 3 == 0) and "starred" or nil }
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
  ui.list { items = rows },
}
return screen
