-- A handler gives a dropdown, a picker and a list items with keys 1, 2, 4 … 2^40:
-- a length of 2^40 to a host that trusted it. Run with --keys enter.
local function sparse(v) local t = {}; for k = 40, 0, -1 do t[2^k // 1] = v end; return t end
local dd = ui.dropdown { items = { { title = "a" } } }
local pk = ui.picker { items = { "a" } }
local ls = ui.list { items = { "a" } }
return ui.screen { title = "Sparse items",
  ui.button { title = "Go", onSelect = function() dd.items = sparse { title = "x" }; pk.items = sparse "x"; ls.items = sparse "x" end },
  dd, pk, ls }
