-- Benchmark screen for the per-key cost against the screen's size: a 3-item
-- list above N text components (the screen scrolls past the frame). With
-- `handler`, moving the list's cursor runs onHighlight, which changes one
-- text; without, a move runs no Lua at all. With `mode`, the text the handler
-- changes sits in a container of a fixed size (4 rows) below the list, and
-- the handler toggles its `hidden` ("hide") or switches it between one row
-- and two ("grow"): its size changes, its container's does not. With
-- "growtop" the text sits at the top level, and switching it between one row
-- and two moves everything below it: the screen places its children again;
-- with "hidetop" the handler toggles that text's `hidden`: the screen's
-- children change, and it keeps the others as they were. The other
-- modes put other things above the texts: two inputs that Tab moves between
-- ("inputs"); a spinner ("spinner") or a timer writing the label every 16 ms
-- ("timer") beside the list; a dropdown whose item writes the label
-- ("dropdown"). N and the mode come from a module beside it (count.lua), so
-- the sandbox stays on.
local ok, config = pcall(require, "count")
config = ok and config or { n = 10, handler = false }
local label = ui.text "nothing highlighted"
local long = string.rep("a text that grows to two rows ", 4)
local handlers = {
  text = function(item, index) label.text = "highlighted " .. item .. " (" .. index .. ")" end,
  hide = function() label.hidden = not label.hidden end,
  grow = function(_, index) label.text = index == 2 and long or "short" end,
}
handlers.growtop = handlers.grow
handlers.hidetop = handlers.hide
local screen = ui.screen { title = "Texts: " .. config.n }
-- With two inputs or a dropdown, those take the keys: no list.
if config.mode ~= "inputs" and config.mode ~= "dropdown" then
  screen[1] = ui.list {
    items = { "one", "two", "three" },
    onHighlight = config.handler and handlers[config.mode or "text"] or nil,
  }
end
local ticks = 0
local above = {
  inputs = function() return { ui.input { value = "one" }, ui.input { value = "two" } } end,
  spinner = function() return { ui.progress { label = "working" }, label } end,
  timer = function()
    ui.every(16, function() ticks = ticks + 1; label.text = "tick " .. ticks end)
    return { label }
  end,
  dropdown = function()
    return { label, ui.dropdown { label = "Pick", items = {
      { id = "a", title = "Apple", onSelect = function() label.text = "chose apple" end },
      { id = "b", title = "Banana", onSelect = function() label.text = "chose banana" end } } } }
  end,
}
if above[config.mode] then
  for _, c in ipairs(above[config.mode]()) do screen[#screen + 1] = c end
elseif config.mode and config.mode ~= "growtop" and config.mode ~= "hidetop" then
  screen[#screen + 1] = ui.vstack { height = 4, ui.text "above", label, ui.text "below" }
else
  screen[#screen + 1] = label
end
for i = 1, config.n - 1 do screen[#screen + 1] = ui.text("Text number " .. i) end
return screen
