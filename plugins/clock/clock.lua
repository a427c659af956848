-- The clock plugin's screen: pushed by name (`ui.push("clock")`), it runs in
-- the plugin's globals. The time moves on the host's clock, once a second.
local format = require("format")

local face = ui.text { text = format.now(), align = "center" }
local ticks = ui.text { text = "0 s", align = "center" }
local seconds = 0

return ui.screen {
  title = "Clock",
  onAppear = function()
    ui.every(1000, function()
      seconds = seconds + 1
      face.text = format.now()
      ticks.text = seconds .. " s"
    end)
  end,
  face,
  ticks,
  ui.spacer(),
  ui.button { title = "Back", onSelect = function() ui.pop() end },
}
