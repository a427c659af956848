-- About: the pieces that give a screen its look — titled boxes with padding,
-- links (OSC 8 in a terminal that knows it, the URL beside the title in plain
-- text), sizes on the children of a stack (cells, percent, shares, limits),
-- align, and a note written in markdown (ui.markdown). Its footer offers the
-- links by key; `?` lists those and the hidden `b` (back, as Esc) in groups.

local status = ui.text { text = "Enter on a link shows where it points; Esc goes back.", style = { fg = "muted" } }

local function opens(self) status.text = "Opens " .. self.url end

local function link(title, url)
  return ui.link { title = title, url = url, onSelect = opens }
end

local lua, noColor = link("Lua", "https://www.lua.org"), link("NO_COLOR", "https://no-color.org")

return ui.screen {
  title = "About",
  footer = true,
  keys = {
    { "Lua", function() ui.focus(lua); opens(lua) end, keys = { "l" }, group = "Links", order = 1 },
    { "NO_COLOR", function() ui.focus(noColor); opens(noColor) end, keys = { "n" }, group = "Links", order = 2 },
    { "Back", function() ui.pop() end, keys = { "b" }, group = "Navigation", show = false },
  },
  ui.box {
    title = "uihost",
    padding = { 0, 2 },
    ui.text { spans = {
      { "Terminal apps as short Lua scripts", bold = true },
      ", tested headless with exactly the frame a user sees.",
    } },
  },
  ui.hstack {
    ui.box {
      title = "Links", width = "60%", minWidth = 30,
      lua,
      noColor,
    },
    ui.box {
      title = "Sizes", border = "single", width = "1fr",
      ui.text "this box: 1fr",
      ui.text { text = "links: 60%", style = { fg = "accent" } },
    },
  },
  ui.hstack {
    ui.text { text = "2fr", width = "2fr", style = { bg = "surface" }, align = "center" },
    ui.text { text = "1fr", width = "1fr", style = { bg = "surface" }, align = "center" },
    ui.text { text = "12", width = 12, style = { bg = "surface" }, align = "center" },
  },
  ui.hstack {
    ui.box { title = "start", width = "1fr", ui.text "left" },
    ui.box { title = "center", width = "1fr", align = "center", ui.text "middle" },
    ui.box { title = "end", width = "1fr", align = "end", ui.text "right" },
  },
  ui.markdown { text = [[
**Markdown**, drawn by `ui.markdown`: *emphasis*, ~~struck~~ text, and
- [x] lists and task lists
- [x] tables, quotes and code, wrapped to the width
- [ ] raw HTML, which is never shown]] },
  ui.spacer(),
  ui.vstack { align = "center", ui.button { title = "Back", onSelect = function() ui.pop() end } },
  status,
}
