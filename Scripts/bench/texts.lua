-- Benchmark screen for the per-key cost against the screen's size: a 3-item
-- list above N text components (the screen scrolls past the frame). With
-- `handler`, moving the list's cursor runs onHighlight, which changes one
-- text; without, a move runs no Lua at all. N and the mode come from a module
-- beside it (count.lua), so the sandbox stays on.
local ok, config = pcall(require, "count")
config = ok and config or { n = 10, handler = false }
local label = ui.text "nothing highlighted"
local screen = ui.screen {
  title = "Texts: " .. config.n,
  ui.list {
    items = { "one", "two", "three" },
    onHighlight = config.handler and function(item, index) label.text = "highlighted " .. item .. " (" .. index .. ")" end or nil,
  },
  label,
}
for i = 1, config.n - 1 do screen[#screen + 1] = ui.text("Text number " .. i) end
return screen
