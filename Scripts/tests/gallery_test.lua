-- screens/gallery.lua: one of every kind of component, a page per family.
-- ConformanceTests (Swift) holds it to the component registry: a kind the
-- gallery does not show fails there, named.

local support = require "support"
local check = support.check

-- Adds the kind of every node under `node` to `seen`.
local function collect(node, seen)
  if node.kind then seen[node.kind] = true end
  for _, child in ipairs(node.children) do collect(child, seen) end
end

test.case("the five pages, a sheet, both dialogs and the drawer show without an error", function()
  local app = test.open("screens/gallery.lua", { size = "80x24" })
  local seen = {}
  for page = 1, 5 do
    app:press(tostring(page))
    collect(app:tree(), seen)
  end
  for _, key in ipairs({ "s", "a", "c", "f2" }) do
    app:press(key)
    collect(app:tree(), seen)
    app:press("esc")
  end
  local missing = {}
  for _, kind in ipairs({ "tabs", "sheet", "alert", "confirm", "drawer" }) do
    if not seen[kind] then missing[#missing + 1] = kind end
  end
  check(app, #missing == 0, "not shown: " .. table.concat(missing, ", "))
  check(app, #app:errors() == 0, "no errors: " .. table.concat(app:errors(), "; "))
end)

test.case("1–4 switch pages; the footer lists what s, a and c show, in their order", function()
  local app = test.open("screens/gallery.lua", { size = "80x24" })
  app:expect("[¶ Text]")
  app:press("3")
  app:expect("[▦ Data]")
  app:expect("📁 src")
  check(app, app:line(24):match("^ s Sheet  a Alert  c Confirm  %? Keys") ~= nil, "footer: " .. app:line(24))
  check(app, not app:line(24):find("Controls", 1, true), "the page keys stay out of the footer")
  app:press("?")
  app:expect("│ Pages ")
  app:expect("2  Controls")
end)

test.case("the new fields show: a styled spinner, a tree's icons, a table's cell cursor", function()
  local app = test.open("screens/gallery.lua", { size = "80x24" })
  app:press("2")
  app:expect("∙∙∙ Syncing")
  app:advance(142)
  app:expect("●∙∙ Syncing")
  app:press("3")
  app:expect("▾ 📁 src")
  app:click("eu")
  app:expect("Cell 1, 3")
  app:expect("api      down  ›eu")
end)

test.case("Esc closes what s, a and c showed, and the drawer", function()
  local app = test.open("screens/gallery.lua", { size = "80x24" })
  for _, case in ipairs({ { "s", "ui.sheet: Esc" }, { "a", "One button." }, { "c", "Two buttons." }, { "f2", "ui.drawer" } }) do
    app:press(case[1])
    app:expect(case[2])
    app:press("esc")
    app:expectNot(case[2])
  end
  app:expect("Cancelled") -- Esc answers a confirm false
end)

test.case("from the launcher, g opens the gallery and esc comes back", function()
  local app = test.open("screens/launcher.lua", { size = "60x20" })
  app:press("g")
  app:expect("‹ Back")
  app:expect("[¶ Text]")
  app:press("esc")
  app:expect("Example screens")
end)
