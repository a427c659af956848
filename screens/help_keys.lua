-- Bubble Tea's help example (bubbles/help), ported: arrows or h/j/k/l say which
-- way you chose. The footer is the short help; `?` opens the full one, grouped,
-- and Esc or `?` closes it again.
--
-- Where the Go program keeps a keyMap with ShortHelp and FullHelp, the bindings
-- here carry it: `show = false` keeps the moves out of the footer and `group`
-- heads them in the full help. Its help and quit bindings are the host's own:
-- `?`, `q` (quit from the first screen) and Esc (back, when the launcher pushed it).

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
  },
  ui.spacer(),
  arrow,
}
