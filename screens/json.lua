-- JSON viewer: a document as a tree whose objects and arrays open on demand,
-- keys in the document's order (ui.json.decode with ordered = true).
--
--   uihost screens/json.lua --allow fs -- data.json
--
-- The file is read with `fs` (the project's files and --allow-path folders);
-- without a file the viewer shows a sample document.

local SAMPLE = [[{"name": "uihost", "version": "0.1.0", "tags": ["tui", "lua", "swift"],
 "screens": {"launcher": {"entries": 13, "plugins": true}, "json": {"args": ["FILE"]}},
 "stars": null, "ratio": 0.75}]]

local source, name = SAMPLE, "sample.json"
local problem
if ui.args[1] then
  name = ui.args[1]
  if not fs then
    problem = "reading " .. name .. " needs the fs capability: uihost screens/json.lua --allow fs -- " .. name
  else
    local ok, text = pcall(fs.read, name)
    if ok then
      source = text
    else
      -- fs starts relative paths at the project (this screen's folder), not the current directory.
      problem = text .. (name:sub(1, 1) ~= "/" and
        "\n(a relative path starts at the screen's folder; for a file elsewhere give its absolute path and --allow-path DIR)" or "")
    end
  end
end

-- How a value reads in one line: strings quoted, containers counted.
local function summary(value)
  if value == ui.json.null then return "null" end
  if type(value) ~= "table" then return ui.json.encode(value) end
  if value.keys and value.values then return "{" .. #value.keys .. "}" end
  return "[" .. #value .. "]"
end

-- A node for `value` under `label`; a container's children are made when it first opens.
local function node(label, value, path)
  local entry = { title = label .. ": " .. summary(value), path = path, value = value }
  if type(value) == "table" then
    entry.children = function()
      local children = {}
      if value.keys and value.values then
        for i, key in ipairs(value.keys) do
          children[i] = node(key, value.values[i], path .. "." .. key)
        end
      else
        for i, item in ipairs(value) do
          children[i] = node("[" .. i .. "]", item, path .. "[" .. i .. "]")
        end
      end
      return children
    end
  end
  return entry
end

local status = ui.text { text = "Enter shows a value's path; Right opens, Left closes.", style = { fg = "muted" } }
local body
if problem then
  body = ui.text { text = problem, style = { fg = "error" } }
else
  local ok, doc = pcall(ui.json.decode, source, { ordered = true })
  if not ok then
    body = ui.text { text = doc, style = { fg = "error" } }
  else
    local root = node(name, doc, "$")
    if type(root.children) == "function" then root.children = root.children() end
    root.expanded = true
    body = ui.tree {
      nodes = { root },
      onSelect = function(n)
        status.text = n.path .. " = " .. summary(n.value)
      end,
    }
  end
end

return ui.screen { title = "JSON: " .. name, body, ui.divider(), status }
