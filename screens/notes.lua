-- Notes: dialogs and toasts over a scrolling list. Each note has a Delete button
-- that asks first (ui.confirm, waited for inside ui.spawn); deleting shows a toast.
-- The list is a ui.scroll: Tab, Up/Down or the wheel bring every note into view.

local notes = {
  "Buy milk", "Call Ada", "Water the plants", "Book the train", "Fix the bike",
  "Read chapter 4", "Send the invoice", "Back up the laptop",
}
local list = ui.scroll {}
local count = ui.text ""

local rebuild

local function delete(title)
  -- ui.confirm inside ui.spawn waits here for the answer (Esc is Cancel).
  ui.spawn(function()
    local ok = ui.confirm {
      title = "Delete note",
      message = "Delete \"" .. title .. "\"? This cannot be undone.",
      confirm = "Delete",
      destructive = true,
    }
    if not ok then return end
    for i, t in ipairs(notes) do
      if t == title then table.remove(notes, i) break end
    end
    rebuild()
    ui.toast { text = "Deleted \"" .. title .. "\"", kind = "success" }
  end)
end

function rebuild()
  for i = #list, 1, -1 do list[i] = nil end
  for i, title in ipairs(notes) do
    list[i] = ui.hstack {
      ui.text(title), ui.spacer(),
      ui.button { title = "Delete", onSelect = function() delete(title) end },
    }
  end
  count.text = #notes .. " notes"
end
rebuild()

return ui.screen {
  title = "Notes",
  count,
  list,
  ui.hstack {
    ui.button { title = "Save", onSelect = function() ui.toast "Saved" end },
    ui.button {
      title = "About",
      -- Outside a coroutine the call returns at once; the answer goes to onChoice.
      onSelect = function()
        ui.alert { title = "About", message = "Notes shows ui.scroll, ui.confirm, ui.alert and ui.toast." }
      end,
    },
  },
}
