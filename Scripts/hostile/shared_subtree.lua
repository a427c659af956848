-- One text placed 2^30 times: a vstack of two copies of a vstack of two…
-- The frame reads at most 100000 components and says so.
local c = ui.text "leaf"
for _ = 1, 30 do c = ui.vstack { c, c } end
return ui.screen { title = "Shared subtree", c }
