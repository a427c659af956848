-- A module of the clock plugin: `require("format")` finds it in the plugin's folder.
local M = {}

function M.now(pattern)
  return os.date(pattern or "%H:%M:%S")
end

return M
