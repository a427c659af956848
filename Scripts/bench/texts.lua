-- Benchmark screen for the per-key cost against the screen's size: a 3-item
-- list above N text components (the screen scrolls past the frame). With
-- `handler`, moving the list's cursor runs onHighlight, which changes one
-- text; without, a move runs no Lua at all. With `mode`, the text the handler
-- changes sits in a container of a fixed size (4 rows) below the list, and
-- the handler toggles its `hidden` ("hide") or switches it between one row
-- and two ("grow"): its size changes, its container's does not. N and the
-- mode come from a module beside it (count.lua), so the sandbox stays on.
local ok, config = pcall(require, "count")
config = ok and config or { n = 10, handler = false }
local label = ui.text "nothing highlighted"
local long = string.rep("a text that grows to two rows ", 4)
local handlers = {
  text = function(item, index) label.text = "highlighted " .. item .. " (" .. index .. ")" end,
  hide = function() label.hidden = not label.hidden end,
  grow = function(_, index) label.text = index == 2 and long or "short" end,
}
local screen = ui.screen {
  title = "Texts: " .. config.n,
  ui.list {
    items = { "one", "two", "three" },
    onHighlight = config.handler and handlers[config.mode or "text"] or nil,
  },
}
if config.mode then
  screen[#screen + 1] = ui.vstack { height = 4, ui.text "above", label, ui.text "below" }
else
  screen[#screen + 1] = label
end
for i = 1, config.n - 1 do screen[#screen + 1] = ui.text("Text number " .. i) end
return screen
