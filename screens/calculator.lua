-- Textual's calculator example (examples/calculator.py) in a ui.grid: four
-- columns, a display over the first row, 0 across two columns. Click the
-- buttons or type: digits, + - * / . %, _ (plus/minus), = or Enter, c clears.
-- AC clears everything; once a number is typed it shows as C (the entry only).

local numbers = ui.text { text = "0", align = "right", style = { bold = true } }
local value = ""                 -- what is being typed
local left, right = 0, 0
local operator = "plus"

-- A number as the display shows it: whole numbers without a point.
local function show(n)
  if n ~= n or n == math.huge or n == -math.huge then return "Error" end
  if n == math.floor(n) and math.abs(n) < 1e15 then return ("%d"):format(n) end
  return ("%.10g"):format(n)
end

local ac, c  -- forward: which of the two shows depends on what is typed

local function update(text)
  numbers.text = text
  local showAC = (value == "" or value == "0") and text == "0"
  ac.hidden, c.hidden = not showAC, showAC
end

local function typed(text)
  value = text
  update(text)
end

local function doMath()
  if operator == "plus" then left = left + right
  elseif operator == "minus" then left = left - right
  elseif operator == "divide" then left = left / right
  elseif operator == "multiply" then left = left * right
  end
  value = ""
  update(show(left))
end

-- An operator with no number typed since the last one (or since =) only
-- changes the operator: Textual's computes with 0 there, so 42 / 4 = * 2
-- divided by zero.
local function op(name)
  return function()
    if value ~= "" then
      right = tonumber(value) or 0
      doMath()
    end
    operator = name
  end
end

local function button(title, onSelect, extra)
  local b = ui.button { title = title, align = "center", onSelect = onSelect }
  for k, v in pairs(extra or {}) do b[k] = v end
  return b
end

local function digit(d)
  -- A leading zero goes (Textual strips every leading zero, which made "0.5" read ".5").
  return button(d, function() typed((value == "0" and "" or value) .. d) end)
end

local primary, warning = { fg = "accent" }, { fg = "warning" }

ac = button("AC", function()
  left, right, operator = 0, 0, "plus"
  typed("")
  update("0")
end, { style = primary })
c = button("C", function() typed(""); update("0") end, { style = primary, hidden = true })

local plusMinus = button("+/-", function() typed(show(-(tonumber(value) or 0))) end, { style = primary })
local percent = button("%", function() typed(show((tonumber(value) or 0) / 100)) end, { style = primary })
local point = button(".", function() if not value:find(".", 1, true) then typed((value ~= "" and value or "0") .. ".") end end)
local divide = button("÷", op("divide"), { style = warning })
local multiply = button("×", op("multiply"), { style = warning })
local minus = button("-", op("minus"), { style = warning })
local plus = button("+", op("plus"), { style = warning })
local equals = button("=", function()
  if value ~= "" then right = tonumber(value) or 0 end
  doMath()
end, { style = warning })

local digits = {}
for d = 0, 9 do digits[tostring(d)] = digit(tostring(d)) end
digits["0"].colSpan = 2

-- Typed keys press the button they name, as Textual's on_key does.
local byKey = { ["+"] = plus, ["-"] = minus, ["*"] = multiply, ["/"] = divide, ["."] = point,
  ["%"] = percent, ["_"] = plusMinus, ["="] = equals, enter = equals }

return ui.screen {
  title = "Calculator",
  onKey = function(key)
    local b = digits[key] or byKey[key]
    if key == "c" then b = c.hidden and ac or c end
    if b then b.onSelect(b); return true end
  end,
  ui.grid {
    columns = { "1fr", "1fr", "1fr", "1fr" }, rows = { "2fr", "1fr", "1fr", "1fr", "1fr", "1fr" },
    gap = 1, height = "1fr",
    ui.box { colSpan = 4, numbers },
    ac, c, plusMinus, percent, divide,
    digits["7"], digits["8"], digits["9"], multiply,
    digits["4"], digits["5"], digits["6"], minus,
    digits["1"], digits["2"], digits["3"], plus,
    digits["0"], point, equals,
  },
}
