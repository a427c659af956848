-- Files: a tree of a made-up folder structure whose folders list their
-- contents only when first opened, and a log of what was opened.

local loads = 0

-- A folder's children are made when it is first opened (then kept in its table).
local function folder(name, depth)
  return {
    title = name .. "/",
    children = function()
      loads = loads + 1
      local items = {}
      if depth < 3 then
        for i = 1, 3 do items[#items + 1] = folder(name:sub(1, 1) .. "sub" .. i, depth + 1) end
      end
      for i = 1, 2 do items[#items + 1] = { title = "notes-" .. depth .. i .. ".txt" } end
      return items
    end,
  }
end

local log = ui.log { max = 500 }

local tree = ui.tree {
  nodes = {
    { title = "README.md" },
    folder("docs", 1),
    folder("src", 1),
    { title = "empty/", children = {} },
  },
  onExpand = function(node)
    log:append("opened " .. node.title .. " (" .. #node.children .. " entries, " .. loads .. " folders loaded)")
  end,
  onSelect = function(node)
    log:append("selected " .. node.title)
  end,
}

return ui.screen {
  title = "Files",
  ui.text { text = "Right opens, Left closes, Enter selects.", style = { fg = "muted" } },
  tree,
  ui.divider(),
  ui.text { text = "Log", style = { bold = true } },
  log,
}
