-- NavigationListView, from the first seed article: a list whose entries push a
-- destination each. TabBarView pushes the real tabbar.lua; the others are
-- screens from earlier articles, shown by name as the seed's default branch does.

local function destination(name)
  return ui.screen {
    title = name,
    ui.spacer(),
    ui.text { text = name, align = "center" },
    ui.spacer(),
    ui.button { title = "Back", onSelect = function() ui.pop() end },
  }
end

return ui.screen {
  title = "NavigationList",
  -- Type to filter the entries (fuzzily: "tbar" finds TabBarView); Esc clears.
  ui.list {
    filter = true,
    items = {
      { title = "SwipeView", description = "pages that slide sideways" },
      { title = "CarouselView", description = "a row of cards" },
      { title = "BaseTabView", description = "tabs without a bar" },
      { title = "TabBarView", description = "the real tabbar.lua", onSelect = function() ui.push("tabbar.lua") end },
    },
    -- Entries without their own onSelect land here.
    onSelect = function(item) ui.push(destination(item.title)) end,
  },
  ui.button { title = "Close", onSelect = function() ui.pop() end },
}
