-- CustomSheet, from the third seed article: a button presents a sheet a quarter
-- of the screen high with rounded top corners. Esc, a click above the sheet, or
-- dragging its top edge down by three rows dismisses it.

local status = ui.text { text = "The sheet is closed.", align = "center" }

local sheet = ui.sheet {
  height = 0.25,
  ui.text { text = "カスタムシートが表示された", align = "center" },
  ui.text { text = "Esc, a click above, or a drag down closes it.", align = "center" },
  ui.button { title = "Close", onSelect = function() ui.dismiss() end },
  onDismiss = function() status.text = "The sheet was dismissed." end,
}

return ui.screen {
  title = "CustomSheet",
  ui.button {
    title = "シートを表示する",
    onSelect = function()
      status.text = "The sheet is shown."
      ui.present(sheet)
    end,
  },
  status,
}
