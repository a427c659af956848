-- Bubble Tea's help example (bubbles/help), ported: arrows or h/j/k/l say which
-- way you chose. The footer is the short help (the bindings shown, in their
-- order); `?` opens the full one, grouped, and Esc or `?` closes it again.
--
-- Where the Go program keeps a keyMap with ShortHelp and FullHelp, the bindings
-- here carry it: `show = false` keeps the moves out of the footer, `group`
-- heads them in the full help, `order` puts quitting first.

local arrow = ui.text { text = "Waiting for input..." }

-- "You chose: ↑", the arrow in the example's pink.
local function choose(which)
  return function()
    arrow.spans = { "You chose: ", { which, fg = "#FF75B7" } }
  end
end

return ui.screen {
  title = "Help",
  footer = true,
  keys = {
    { "move up", choose("↑"), keys = { "up", "k" }, group = "Move", show = false },
    { "move down", choose("↓"), keys = { "down", "j" }, group = "Move", show = false },
    { "move left", choose("←"), keys = { "left", "h" }, group = "Move", show = false },
    { "move right", choose("→"), keys = { "right", "l" }, group = "Move", show = false },
    { "quit", function() ui.quit() end, keys = { "q", "esc" }, order = 1 },
  },
  ui.spacer(),
  arrow,
}
