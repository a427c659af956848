-- The forecast plugin's screen: for each city, the mean high the app's Swift
-- function `weather.meanHigh` computes over the days `weather.forecast` returns.
local weather = require "weather"

local rows = {}
for _, city in ipairs { "Oslo", "Lima", "Pune" } do
  local forecast = weather.forecast(city)
  rows[#rows + 1] = string.format("%-5s %d days, mean high %.1f°", city, #forecast.days,
                                  weather.meanHigh(forecast.days))
end

return ui.screen {
  title = "Week overview",
  ui.list { items = rows },
  ui.button { title = "Back", onSelect = function() ui.pop() end },
}
