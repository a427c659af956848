-- A handler fills a vstack with 10^6 components: each frame reads 100000 of them.
-- Run with --keys "enter down down down".
local st = ui.vstack {}
return ui.screen { title = "Many children",
  ui.button { title = "Go", onSelect = function() for i = 1, 10^6 do st[i] = ui.text "x" end end }, st }
