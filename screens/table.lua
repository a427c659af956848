-- Tables: 10^5 generated orders read through a data source (only the rows shown
-- are built), and a small table of cities that sorts itself (s, or Enter on a title).

local status = ui.text { text = "Enter on a row selects it.", style = { fg = "muted" } }

local customers = { "Aiko", "Bruno", "Chloé", "Dmitri", "Eun-ji", "Farah", "Gustav", "Hiroshi", "Inés", "Jomo" }
local states = { "paid", "shipped", "pending", "refunded" }

-- Row i is worked out when it is shown; nothing is stored per order.
local function order(i)
  return {
    id = i,
    customer = customers[i * 7 % #customers + 1],
    state = states[i * 13 % #states + 1],
    total = string.format("%.2f", (i * 7919 % 100000) / 100),
  }
end

local orders = ui.table {
  count = 100000,
  row = order,
  columns = {
    { title = "Order", key = "id", align = "right" },
    { title = "Customer", key = "customer", width = "1fr" },
    { title = "State", key = "state", width = 9 },
    { title = "Total", key = "total", width = 9, align = "right" },
  },
  onSelect = function(row) status.text = "Order " .. row.id .. ": " .. row.customer .. ", " .. row.total end,
}

local cities = ui.table {
  sortable = true,
  columns = {
    { title = "City", key = "name" },
    { title = "Country", key = "country", width = "1fr" },
    { title = "People (M)", key = "people", align = "right" },
  },
  rows = {
    { name = "Tokyo", country = "日本", people = 37.4 },
    { name = "Delhi", country = "India", people = 31.0 },
    { name = "Shanghai", country = "China", people = 27.1 },
    { name = "São Paulo", country = "Brazil", people = 22.0 },
    { name = "Mexico City", country = "Mexico", people = 21.8 },
    { name = "Cairo", country = "Egypt", people = 21.3 },
    { name = "Mumbai", country = "India", people = 20.7 },
    { name = "Beijing", country = "China", people = 20.5 },
  },
  onSelect = function(row) status.text = row.name .. ", " .. row.country end,
  onSort = function(column, ascending)
    status.text = "Sorted by " .. column.title .. (ascending and " ▲" or " ▼")
  end,
}

return ui.screen {
  title = "Tables",
  status,
  ui.tabs {
    ui.tab { title = "Orders", orders },
    ui.tab { title = "Cities", cities },
  },
}
