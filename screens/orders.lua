-- Orders: a table of a million orders read through a data source (only the
-- rows shown are built), sortable by every column without sorting a million
-- rows; Enter opens an order in a sheet, where Cancel order asks first (a
-- confirm dialog) and a toast says what happened.

local N = 1000000
local customers = { "Aiko", "Bruno", "Chloé", "Dmitri", "Eun-ji", "Farah", "Gustav", "Hiroshi", "Inés", "Jomo" }
local states = { "paid", "pending", "refunded", "shipped" }   -- in alphabetical order
local cancelled = {}                                           -- order number → true

-- Order i's fields are worked out from i alone: customer (7i mod 10), state
-- (i mod 4) and total (7919i mod 100000 cents) each cycle through their
-- values, which is what lets a sort be computed instead of done.
local function customerOf(i) return i * 7 % 10 + 1 end
local function stateOf(i) return i % 4 + 1 end
local function centsOf(i) return i * 7919 % 100000 end

local function order(i)
  return {
    id = i,
    customer = customers[customerOf(i)],
    state = cancelled[i] and "cancelled" or states[stateOf(i)],
    total = string.format("%.2f", centsOf(i) / 100),
  }
end

-- The order shown at row p (1-based) of the table sorted by `key`.
-- By customer: each has N/10 orders; customer c's are the i with 7i ≡ c-1
-- (mod 10), i.e. i ≡ 3(c-1) (mod 10), in increasing order. By state: i ≡ s-1
-- (mod 4). By total: cents r (0…99999) belongs to the i with 7919i ≡ r
-- (mod 100000), i.e. i ≡ 17679r (17679 is 7919's inverse), ten of them.
local function nth(first, step, k)          -- the k-th (0-based) i ≡ first (mod step) in 1…N
  local i = first + step * k
  if first == 0 then i = step * (k + 1) end
  return i
end
local byKey = {
  id = function(p) return p end,
  customer = function(p)
    local per = N // 10
    return nth(3 * ((p - 1) // per) % 10, 10, (p - 1) % per)
  end,
  state = function(p)
    local per = N // 4
    return nth((p - 1) // per, 4, (p - 1) % per)
  end,
  total = function(p)
    local r, k = (p - 1) // 10, (p - 1) % 10
    return nth(r * 17679 % 100000, 100000, k)
  end,
}
local sortKey, ascending = "id", true

local function orderAt(p)
  if not ascending then p = N + 1 - p end
  return byKey[sortKey](p)
end

local status = ui.text { text = "Enter opens an order; s sorts by the column under the cursor.", style = { fg = "muted" } }

local function details(row)
  local i = row.id
  local sheet
  sheet = ui.sheet {
    title = "Order " .. i,
    height = "fit",
    ui.text(("Customer: %s\nState:    %s\nTotal:    %s"):format(row.customer, row.state, row.total)),
    ui.hstack {
      ui.button { title = "Close", onSelect = function() ui.dismiss() end },
      ui.button {
        title = "Cancel order",
        destructive = true,
        onSelect = function()
          ui.spawn(function()
            local ok = ui.confirm {
              title = "Cancel order " .. i,
              message = "Cancel " .. row.customer .. "'s order of " .. row.total .. "? This cannot be undone.",
              confirm = "Cancel order", cancel = "Keep it", destructive = true,
            }
            if ok then
              cancelled[i] = true
              ui.dismiss()
              ui.toast { text = "Order " .. i .. " cancelled", kind = "success" }
            end
          end)
        end,
      },
    },
  }
  return sheet
end

local orders = ui.table {
  count = N,
  row = function(p) return order(orderAt(p)) end,
  sortable = true,
  columns = {
    { title = "Order", key = "id", align = "right", width = 8 },
    { title = "Customer", key = "customer", width = "1fr" },
    { title = "State", key = "state", width = 10 },
    { title = "Total", key = "total", width = 9, align = "right" },
  },
  onSelect = function(row) ui.present(details(row)) end,
  onSort = function(column, up)
    sortKey, ascending = column.key, up
    status.text = "Sorted by " .. column.title .. (up and " ▲" or " ▼")
  end,
}

-- Plugins read the orders by message, never the screen's tables: the export
-- plugin (plugins/export) calls ui.call("orders", first, count) and gets copies
-- of the rows as sorted now.
ui.expose {
  orders = function(first, count)
    first, count = math.max(1, math.tointeger(first) or 1), math.min(1000, math.tointeger(count) or 100)
    local rows = {}
    for p = first, math.min(N, first + count - 1) do rows[#rows + 1] = order(orderAt(p)) end
    return rows
  end,
}

return ui.screen {
  title = "Orders",
  status,
  orders,
}
