-- TabBarView, from the first seed article: a header tab bar (HeaderBarView) over
-- three pages that each choose a cat picture in a different way: a menu picker,
-- a wheel picker and a hand-made dropdown. The chosen picture shows below.

local menuNames  = { "IMG_0057", "IMG_0230", "IMG_0405", "IMG_0402", "IMG_0411", "IMG_0412" }
local wheelNames = { "IMG_0088", "IMG_0148", "IMG_0234", "IMG_0096", "IMG_0090", "IMG_0976" }
local dropNames  = { "IMG_0981", "IMG_0059", "IMG_0232", "IMG_0688", "IMG_0541", "IMG_0058" }

-- A picker labelled "cat" and the image it selects; onChange swaps the asset.
local function pickerPage(names, style)
  local image = ui.image { asset = names[1] }
  local picker = ui.picker {
    label = "cat",
    items = names,
    style = style,
    onChange = function(_, index) image.asset = names[index] end,
  }
  return picker, image
end

-- The dropdown's list opens over the picture: it never pushes it down.
local dropImage = ui.image { asset = dropNames[1] }
local dropItems = {}
for i, name in ipairs(dropNames) do dropItems[i] = { id = i, title = name } end

return ui.screen {
  title = "TabBarView",
  ui.tabs {
    style = "top",
    ui.tab { title = "MenuPicker", icon = "🐱", pickerPage(menuNames, "menu") },
    ui.tab { title = "WheelPicker", icon = "🐈", pickerPage(wheelNames, "wheel") },
    ui.tab {
      title = "DropDown", icon = "🐾",
      ui.dropdown { items = dropItems, onSelect = function(item) dropImage.asset = item.title end },
      dropImage,
    },
  },
}
