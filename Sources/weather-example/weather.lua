-- The screen of the weather example (Sources/weather-example/main.swift): the
-- Swift app registers the module `weather`; this script requires it like a
-- Lua module and calls its functions like Lua functions.
local weather = require "weather"

local days = ui.list { items = { "Type a city and press Enter" } }
local status = ui.text ""

local function show(city)
  -- A Swift error arrives as a Lua error: pcall catches it like any other.
  local ok, forecast = pcall(weather.forecast, city)
  if not ok then
    status.text = "! " .. forecast:gsub("^[^:]*:%d+: ", "")
    days.items = {}
    return
  end
  local items = {}
  for i, day in ipairs(forecast.days) do
    items[i] = string.format("%-4s %3d°  %3d°  %s", day.name, day.high, day.low, day.summary)
  end
  days.items = items
  status.text = string.format("%s: %d days, mean high %.1f°", forecast.city, #forecast.days,
                              weather.meanHigh(forecast.days))
end

return ui.screen {
  title = "Weather " .. weather.version,
  ui.input { label = "City", placeholder = "Oslo, Lima or Pune", autofocus = true, onSubmit = show },
  status,
  days,
}
