-- Helpers shared by the automation scripts (`local support = require "support"`:
-- `uihost test` resolves modules beside the script).
local support = {}

-- Fails, with the frame attached, unless `cond` holds.
function support.check(app, cond, message)
  if not cond then error(message .. "\nframe:\n" .. app:screen(), 2) end
end

-- The first line that carries the focus mark at its left (" › ") and its row, or nil.
function support.focusedLine(app)
  local r = 1
  for line in (app:screen() .. "\n"):gmatch("(.-)\n") do
    if line:sub(1, #" › ") == " › " then return line, r end
    r = r + 1
  end
end

-- Fails unless the focused line shows `text`.
function support.expectFocus(app, text)
  local line = support.focusedLine(app)
  if not (line and line:find(text, 1, true)) then
    error("expected the focus mark on a line showing \"" .. text .. "\"\nframe:\n" .. app:screen(), 2)
  end
end

-- The row (1-based) where `text` first shows, or nil.
function support.rowOf(app, text)
  local _, row = app:find(text)
  return row
end

return support
