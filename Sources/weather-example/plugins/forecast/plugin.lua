-- The weather example's plugin: a command (F3, or the palette's "Week
-- overview") that opens a screen built from the app's Swift functions. A
-- plugin's `require` finds the app's modules first, as the screen's does.
local weather = require "weather"

return {
  name = "forecast",
  version = "1.0.0",
  description = "A week overview of every city, from the app's weather service",
  commands = {
    {
      id = "forecast.week", title = "Week overview", keys = "f3",
      run = function() ui.push("week") end,
    },
  },
  screens = { week = "week.lua" },
  -- The module is the plugin's own table: changing it leaves the screen's alone.
  setup = function(state) state.version = weather.version end,
}
