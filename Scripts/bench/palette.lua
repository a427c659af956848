-- 10,000 commands for the palette benchmark: ctrl-p opens the palette, each
-- typed character filters all of them again.
for i = 1, 10000 do
  ui.command { id = "cmd" .. i, title = "Command number " .. i .. " of the bench", run = function() end }
end
return ui.screen { title = "Palette", ui.text "ctrl-p" }
