-- 2000 list items each with a 20000-character unknown key, and a text with a
-- 10^7-character one: "did you mean" must not cost their length squared.
local items = {}
for i = 1, 2000 do items[i] = { title = "x", [string.rep("k", 20000)] = 1 } end
return ui.screen { title = "Long keys", ui.list { items = items }, ui.text { text = "t", [string.rep("z", 10^7)] = 1 } }
