-- File browser: the project's folders as a tree that lists a folder when it is
-- first opened (fs.list), and a viewer: markdown drawn by ui.markdown, JSON
-- indented, other text as code. Needs the fs capability:
--
--   uihost screens/browser.lua --allow fs                     the project (this folder)
--   uihost screens/browser.lua --allow fs --allow-path docs -- "$PWD/docs"
--
-- fs reaches only the project and the --allow-path folders; a path it refuses
-- is shown as the error fs gives.

local root = ui.args[1] or "."

-- A name as one line: control characters (a file may be called anything) shown as "?".
local function shown(name)
  return (name:gsub("%c", "?"))
end

local function join(dir, name)
  return dir == "." and name or dir .. "/" .. name
end

-- The longest run of backticks in `text`, so that a fence around it is longer.
local function fenceFor(text)
  local longest = 2
  for run in text:gmatch("`+") do longest = math.max(longest, #run) end
  return string.rep("`", longest + 1)
end

local viewer = ui.markdown {
  text = "# File browser\n\nRight opens a folder, Enter shows a file. Tab moves here; Tab again steps through links.",
  onLink = function(url) ui.toast("link: " .. url) end,
}
local status = ui.text { text = "", style = { fg = "muted" } }

-- What the viewer shows for a file: markdown as it is, JSON indented, the rest as code.
local function show(path, name)
  local ok, text = pcall(fs.read, path, { maxBytes = 4 * 1024 * 1024 })
  if not ok then
    viewer.text = "**Cannot show it:** " .. text:gsub("([%*_`%[%]<>])", "\\%1")
    return
  end
  if text:find("\0", 1, true) then
    viewer.text = "*A binary file of " .. #text .. " bytes.*"
  elseif name:match("%.md$") then
    viewer.text = text
  else
    if name:match("%.json$") then
      local parsed, doc = pcall(ui.json.decode, text, { ordered = true })
      if parsed then text = ui.json.encode(doc, { ordered = true, indent = 2 }) end
    end
    local fence = fenceFor(text)
    viewer.text = fence .. "\n" .. text .. "\n" .. fence
  end
  local entry = fs.stat(path)
  status.text = shown(path) .. " · " .. (entry and entry.size or 0) .. " bytes · " ..
    os.date("!%Y-%m-%d %H:%M", entry and entry.mtime or 0)
end

-- Nodes for the entries of `dir`: folders first, each listed when first opened.
local function list(dir)
  local ok, entries = pcall(fs.list, dir)
  if not ok then return { { title = shown(entries) } } end
  local folders, files = {}, {}
  for _, e in ipairs(entries) do
    local path = join(dir, e.name)
    if e.kind == "directory" then
      folders[#folders + 1] = { title = shown(e.name) .. "/", path = path, children = function() return list(path) end }
    elseif e.name:sub(1, 1) ~= "." then
      files[#files + 1] = { title = shown(e.name), path = path, name = e.name }
    end
  end
  for _, f in ipairs(files) do folders[#folders + 1] = f end
  return folders
end

local body
if fs and fs.exists(join(root, "README.md")) then show(join(root, "README.md"), "README.md") end
if not fs then
  body = ui.markdown { text = "The file browser needs the **fs** capability:\n\n```\nuihost screens/browser.lua --allow fs\n```" }
else
  body = ui.hstack {
    ui.tree {
      width = 26,
      nodes = list(root),
      onSelect = function(node)
        if node.name then show(node.path, node.name) end
      end,
    },
    viewer,
  }
end

return ui.screen { title = "Files: " .. shown(root), body, ui.divider(), status }
