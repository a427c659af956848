-- An example plugin: a clock screen, a command that opens it (ctrl-t), and an
-- entry in the launcher's menu. It needs `os` for nothing more than the time,
-- which every plugin has: it asks for no permissions.
local format = require("format")

return {
  name = "clock",
  version = "1.0.0",
  requires = ">= 0.2",
  description = "A clock screen",
  setup = function(state, options)
    state.format = options.format or "%H:%M:%S"
    state.opened = 0
  end,
  commands = {
    {
      id = "clock.show", title = "Show the clock", keys = "ctrl-t",
      run = function(state)
        state.opened = state.opened + 1
        ui.push("clock")
      end,
    },
    {
      id = "clock.log", title = "Log the time",
      run = function(state) ui.log(format.now(state.format)) end,
    },
  },
  menus = { launcher = { { title = "Clock", command = "clock.show" } } },
  screens = { clock = "clock.lua" },
}
