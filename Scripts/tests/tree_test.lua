-- app:tree(): the semantic tree of the laid-out screen and its overlays.

-- The first node, depth first, for which `pred` holds.
local function find(node, pred)
  if pred(node) then return node end
  for _, child in ipairs(node.children) do
    local hit = find(child, pred)
    if hit then return hit end
  end
end

local function byRole(role, label)
  return function(n) return n.role == role and (label == nil or n.label == label) end
end

-- Every focused node (exactly one where keys go).
local function focused(tree)
  local found = {}
  local function walk(n)
    if n.focused then found[#found + 1] = n end
    for _, c in ipairs(n.children) do walk(c) end
  end
  walk(tree)
  return found
end

local function eq(got, want, what)
  if got ~= want then error(("%s: expected %s, got %s"):format(what, tostring(want), tostring(got)), 2) end
end

test.case("each control has its role, label and state", function()
  local app = test.open("Scripts/tests/fixtures/semantics.lua", { size = "50x20" })
  local tree = app:tree()
  eq(tree.role, "screen", "root role")
  eq(tree.label, "Settings", "root label")
  eq(find(tree, byRole("text")).label, "Account", "text")
  local name = find(tree, byRole("input", "Name"))
  eq(name.value, "Ada", "input value")
  eq(name.focused, true, "focus starts on the first field")
  eq(find(tree, byRole("input", "Password")).value, "••••••", "a password is masked")
  eq(find(tree, byRole("checkbox", "Wi-Fi")).value, "checked", "checkbox")
  eq(find(tree, byRole("switch", "Dark mode")).value, "off", "switch")
  local radio = find(tree, byRole("radio"))
  eq(radio.value, "Large", "radio value")
  eq(radio.children[2].selected, true, "the chosen radio option")
  eq(radio.children[1].selected, false, "the other option")
  eq(find(tree, byRole("textarea", "Notes")).value, "two\nlines", "textarea")
  local picker = find(tree, byRole("picker", "Colour"))
  eq(picker.value, "Green", "picker")
  eq(picker.expanded, false, "a closed menu picker")
  eq(find(tree, byRole("progress", "Upload")).value, "50%", "progress")
  eq(find(tree, byRole("button", "Save")).disabled, true, "a disabled button")
  eq(#focused(tree), 1, "one focused node")
end)

test.case("the tree follows focus and values", function()
  local app = test.open("Scripts/tests/fixtures/semantics.lua", { size = "50x20" })
  app:type("!")
  app:press("tab", "tab", "space", "tab", "space")
  local tree = app:tree()
  eq(find(tree, byRole("input", "Name")).value, "Ada!", "typed text")
  eq(find(tree, byRole("checkbox", "Wi-Fi")).value, "not checked", "unchecked by space")
  local switch = find(tree, byRole("switch", "Dark mode"))
  eq(switch.value, "on", "switched on")
  eq(switch.focused, true, "focus moved to the switch")
  eq(#focused(tree), 1, "one focused node")
end)

test.case("a list shows its rows, the chosen one selected", function()
  local app = test.open("screens/launcher.lua", { size = "60x20" })
  app:press("down")
  local list = find(app:tree(), byRole("list"))
  eq(list.focused, true, "the list has focus")
  eq(#list.children, 15, "fifteen entries")
  eq(list.children[2].role, "listitem", "item role")
  eq(list.children[2].selected, true, "the second entry is chosen")
  assert(list.value:find("NavigationListView", 1, true), "the list's value is the chosen title: " .. list.value)
end)

test.case("an open dropdown is expanded with its menu, which has focus", function()
  local app = test.open("screens/dropdown.lua", { size = "40x12" })
  local dropdown = find(app:tree(), byRole("dropdown"))
  eq(dropdown.expanded, false, "closed")
  eq(dropdown.focused, true, "focused while closed")
  app:press("enter", "down")
  local tree = app:tree()
  dropdown = find(tree, byRole("dropdown"))
  eq(dropdown.expanded, true, "open")
  local menu = find(dropdown, byRole("menu"))
  assert(menu, "the popup's rows are in the tree")
  eq(menu.children[2].focused, true, "the highlighted row has focus")
  eq(#focused(tree), 1, "one focused node")
end)

test.case("a presented sheet is an overlay holding focus", function()
  local app = test.open("screens/sheet.lua", { size = "60x24" })
  app:press("enter")
  local tree = app:tree()
  local sheet = tree.children[#tree.children]
  eq(sheet.role, "sheet", "the last child of the root is the sheet")
  eq(find(sheet, byRole("button", "Close")).focused, true, "the sheet's button has focus")
  eq(find(tree, byRole("button", "シートを表示する")).focused, false, "the screen below has none")
  app:press("esc")
  tree = app:tree()
  eq(find(tree, byRole("sheet")), nil, "dismissed: gone from the tree")
end)

test.case("an open drawer is an overlay too", function()
  local app = test.open("Scripts/tests/fixtures/semantics.lua", { size = "50x20" })
  app:eval("ui.openDrawer()")
  local tree = app:tree()
  local drawer = tree.children[#tree.children]
  eq(drawer.role, "drawer", "the drawer over the screen")
  eq(find(drawer, byRole("button", "Profile")).focused, true, "its button has focus")
end)

test.case("tabs hold the chosen page under the chosen tab", function()
  local app = test.open("screens/tabbar.lua", { size = "60x20" })
  local tabs = find(app:tree(), byRole("tabs"))
  assert(tabs and #tabs.children >= 2, "tabs with their labels")
  local chosen
  for _, tab in ipairs(tabs.children) do
    eq(tab.role, "tab", "tab role")
    if tab.selected then chosen = tab else eq(#tab.children, 0, "an unchosen tab holds nothing") end
  end
  assert(chosen and #chosen.children > 0, "the chosen tab holds its page")
  eq(tabs.value, chosen.label:gsub("^%S+ ", ""), "the value is the chosen tab's title")
end)

test.case("a tree, a log, a table, a badge and a tag say what they hold", function()
  local app = test.open("Scripts/tests/fixtures/semantics_rows.lua", { size = "40x16" })
  local tree = find(app:tree(), byRole("tree"))
  eq(tree.kind, "tree", "the component's kind")
  eq(tree.label, "2 nodes", "a tree without a title says how many rows it has")
  eq(tree.value, "src", "the cursor's row")
  eq(tree.children[1].role, "treeitem", "row role")
  eq(tree.children[1].kind, nil, "a row is no component")
  eq(tree.children[1].level, 1, "top level")
  eq(tree.children[1].expanded, false, "a closed node with children")
  eq(tree.children[2].expanded, nil, "a leaf is neither open nor closed")
  app:press("right", "down")
  tree = find(app:tree(), byRole("tree"))
  eq(tree.children[2].label, "main.lua", "the child shows under its open parent")
  eq(tree.children[2].level, 2, "one level down")
  eq(tree.children[2].selected, true, "the cursor moved to it")
  app:press("enter")
  local log = find(app:tree(), byRole("log"))
  eq(log.live, true, "a log is live")
  eq(log.children[3].label, "selected main.lua", "its new line")
  eq(log.children[3].position, 3, "the line's place")
  local tbl = find(app:tree(), byRole("table"))
  eq(tbl.label, "City, Pop", "a table's columns")
  eq(tbl.value, "Oslo, 0.7", "the cursor's row")
  local badge = find(app:tree(), byRole("status"))
  eq(badge.kind, "badge", "a badge is a status")
  eq(badge.label .. ": " .. badge.value, "Live: success", "its text and kind")
  local tag = find(app:tree(), byRole("tag"))
  eq(tag.label .. ": " .. tag.value, "rust: selected", "a tag's text and state")
end)

test.case("a frame of no size still has its tree (nothing is focusable there)", function()
  local app = test.open("Scripts/tests/fixtures/semantics.lua", { size = "0x0" })
  local tree = app:tree()
  eq(tree.role, "screen", "root")
  eq(#focused(tree), 0, "nothing shown, nothing focused")
end)
