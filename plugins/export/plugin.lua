-- An example plugin that reads the app's data by message: the orders screen
-- exposes `orders(first, count)`; this plugin calls it with ui.call, which
-- hands it copies of the rows, and turns them into CSV. It needs no
-- permission: the CSV goes to the log (`--log FILE`) and a toast says so.
local function csvField(value)
  local text = tostring(value)
  if text:find('[,"\n]') then text = '"' .. text:gsub('"', '""') .. '"' end
  return text
end

local columns = { "id", "customer", "state", "total" }

local function csv(rows)
  local lines = { table.concat(columns, ",") }
  for _, row in ipairs(rows) do
    local fields = {}
    for i, key in ipairs(columns) do fields[i] = csvField(row[key]) end
    lines[#lines + 1] = table.concat(fields, ",")
  end
  return table.concat(lines, "\n")
end

return {
  name = "export",
  version = "0.1.0",
  requires = ">= 0.3",
  description = "Exports the first 100 orders, as sorted, as CSV",
  commands = {
    {
      id = "export.orders", title = "Export 100 orders as CSV",
      run = function(_, ctx)
        local ok, rows = pcall(ui.call, "orders", ctx.args[1] or 1, ctx.args[2] or 100)
        if not ok then
          ui.toast { text = "Open Orders first: it offers the rows", kind = "warning" }
          return
        end
        local text = csv(rows)
        print(text)
        ui.toast { text = "Exported " .. #rows .. " orders (" .. #text .. " bytes of CSV) to the log", kind = "success" }
      end,
    },
  },
  menus = { launcher = { { title = "Export orders", command = "export.orders" } } },
}
