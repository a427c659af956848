-- Gallery: one of every kind of component, a page per family under a tab bar,
-- as a tour and as a check that each draws beside the others. 1–5 switch
-- pages; s, a and c show a sheet, an alert and a confirm; f2 opens the drawer.
-- ConformanceTests checks that every kind of the registry appears.

local status = ui.text { text = "Tab moves between components; ? lists every key.", style = { fg = "muted" } }

local function say(text) status.text = text end

-- Text and decoration: text with spans, links, badges, tags, a rule, markdown, an image.
local textPage = ui.tab {
  title = "Text", icon = "¶",
  ui.text { spans = {
    { "ui.text", bold = true }, " wraps at word boundaries; its ", { "spans", fg = "accent", italic = true },
    " carry their own styles.",
  } },
  ui.hstack {
    ui.badge { text = "beta", kind = "warning" },
    ui.tag { text = "lua", selected = true },
    ui.tag { text = "swift", color = "success" },
    ui.spacer(),
    ui.link { title = "Lua", url = "https://www.lua.org", onSelect = function(self) say("Opens " .. self.url) end },
  },
  ui.divider(),
  ui.hstack {
    ui.markdown { width = "1fr", text = [[
**ui.markdown**: *emphasis*, `code`,
- [x] task lists
- [ ] raw HTML, never shown]] },
    ui.image { asset = "avatar" },
  },
}

-- Controls: buttons, toggles, choices, fields and progress.
local controlsPage = ui.tab {
  title = "Controls", icon = "◉",
  ui.hstack {
    ui.button { title = "Save", onSelect = function() say("Saved") end },
    ui.checkbox { title = "Remember me", checked = true },
    ui.switch { title = "Wi-Fi", on = true },
  },
  ui.hstack {
    ui.radio { items = { "Small", "Large" }, width = 14 },
    ui.vstack {
      ui.picker { label = "Size", items = { "S", "M", "L" } },
      ui.dropdown { label = "Colour", items = { "Red", "Green", "Blue" }, onSelect = function(item) say(item.title) end },
    },
  },
  ui.input { label = "Name", placeholder = "Ada Lovelace", prompt = "> " },
  ui.textarea { label = "Notes", height = 2, placeholder = "Two rows of text" },
  ui.hstack {
    ui.progress { spinner = "points", label = "Syncing", style = { fg = "accent" } },
    ui.progress { value = 0.7, label = "Disk", width = "1fr", style = { fg = "warning" } },
  },
}

-- Data: a list, a table with a cell cursor, a tree with icons, a log, a sparkline.
local log = ui.log { lines = { "09:00 started", "09:01 ready" }, height = 3 }
local load = ui.sparkline { data = { 2, 3, 5, 4, 7, 6, 9, 8, 6, 4, 5, 3, 6, 8, 7 } }
local dataPage = ui.tab {
  title = "Data", icon = "▦",
  ui.hstack {
    ui.list { width = 24, items = {
      { title = "Inbox", icon = "✉", subtitle = "3" },
      { title = "Drafts", icon = "✎" },
      { title = "Trash", icon = "🗑" },
    }, onSelect = function(item) say(item.title) end },
    ui.tree { width = "1fr", nodes = {
      { title = "src", icon = "📁", expanded = true, children = {
        { title = "main.lua", icon = "📄" },
        { title = "old.lua", icon = "📄", style = { dim = true, strike = true } },
      } },
    } },
  },
  ui.table {
    cursor = "cell",
    columns = { { title = "Service" }, { title = "State" }, { title = "Zone" } },
    rows = {
      { "api", { "down", style = { fg = "error", bold = true } }, "eu" },
      { "web", "up", "us" },
    },
    onCellSelect = function(row, column) say(("Cell %d, %d"):format(row, column)) end,
  },
  log,
  ui.hstack { ui.text "Load", load },
}

-- Layout: boxes, stacks, spacers and a scroll.
local lines = {}
for i = 1, 12 do lines[i] = ui.text("Scrolled line " .. i) end
local layoutPage = ui.tab {
  title = "Layout", icon = "▣",
  ui.hstack {
    ui.box { title = "vstack", width = "1fr", ui.vstack { ui.text "one", ui.text "two" } },
    ui.box { title = "hstack", width = "1fr", border = "single", ui.hstack { ui.text "left", ui.spacer(), ui.text "right" } },
  },
  ui.scroll { height = 4, table.unpack(lines) },
}

-- Forms: a form that Enter walks field to field, and a grid of buttons.
local function digit(d)
  return ui.button { title = d, onSelect = function() say("Pressed " .. d) end }
end
local formPage = ui.tab {
  title = "Forms", icon = "✎",
  ui.form {
    spacing = 0,
    onSubmit = function(values) say("Submitted: " .. values.name .. ", " .. values.city) end,
    ui.input { id = "name", label = "Name", validate = function(v) if v == "" then return "A name, please" end end },
    ui.input { id = "city", label = "City", placeholder = "L…", suggestions = { "Lisbon", "London", "Lyon" } },
  },
  ui.grid {
    columns = { "1fr", "1fr", "1fr", "1fr" }, rows = { 1, 1 }, gap = 1,
    digit "7", digit "8", digit "9", ui.button { title = "=", rowSpan = 2 },
    digit "0", ui.button { title = "00", colSpan = 2 },
  },
}

local sheet = ui.sheet {
  height = 0.3,
  ui.text { text = "ui.sheet: Esc or a drag down closes it.", align = "center" },
  ui.button { title = "Close", onSelect = function() ui.dismiss() end },
}

local tabs = ui.tabs { textPage, controlsPage, dataPage, layoutPage, formPage }

local function page(i)
  return function() tabs.selected = i end
end

return ui.screen {
  title = "Gallery",
  footer = true,
  drawer = ui.drawer {
    ui.text { text = "ui.drawer", style = { bold = true } },
    ui.button { title = "Close", onSelect = function() ui.closeDrawer() end },
  },
  keys = {
    { "Sheet", function() ui.present(sheet) end, keys = { "s" }, group = "Show", order = 1 },
    { "Alert", function() ui.alert { title = "ui.alert", message = "One button." } end, keys = { "a" }, group = "Show", order = 2 },
    { "Confirm", function()
      ui.confirm { title = "ui.confirm", message = "Two buttons.", onChoice = function(ok) say(ok and "OK" or "Cancelled") end }
    end, keys = { "c" }, group = "Show", order = 3 },
    { "Text", page(1), keys = { "1" }, group = "Pages", show = false },
    { "Controls", page(2), keys = { "2" }, group = "Pages", show = false },
    { "Data", page(3), keys = { "3" }, group = "Pages", show = false },
    { "Layout", page(4), keys = { "4" }, group = "Pages", show = false },
    { "Forms", page(5), keys = { "5" }, group = "Pages", show = false },
  },
  tabs,
  ui.spacer(),
  status,
}
