-- A sign-up form: text fields that validate, a password, a multi-line field,
-- a checkbox, a switch and a radio group, and a Sign up button that checks
-- them all. Not in the launcher: run it on its own.
local status = ui.text "Fill in the form, then press ctrl-s."

local name = ui.input { label = "Name", placeholder = "Ada Lovelace",
  validate = function(v) if #v < 2 then return "at least 2 characters" end end }
local email = ui.input { label = "Email", placeholder = "ada@example.org",
  validate = function(v) if not v:find("^[^@ ]+@[^@ ]+%.[^@ ]+$") then return "an address like ada@example.org" end end }
local password = ui.input { label = "Password", password = true, maxLength = 64,
  validate = function(v) if #v < 8 then return "8 characters or more" end end }
local about = ui.textarea { label = "About you", height = 3 }
local plan = ui.radio { items = { "Free", "Pro", "Team" } }
local news = ui.checkbox { title = "Send me the newsletter" }
local dark = ui.switch { title = "Dark mode", on = true }

local function submit()
  for _, field in ipairs { name, email, password } do
    field.error = field.validate(field.value or "")
    if field.error then
      status.text = "Please fix: " .. field.label
      return
    end
  end
  local chosen = plan.items[plan.selected]
  status.text = ("Welcome, %s (%s plan%s)."):format(name.value or "", chosen, news.checked and ", newsletter" or "")
end

return ui.screen {
  title = "Sign up",
  name, email, password, about,
  ui.hstack { plan, ui.vstack { news, dark } },
  ui.button { title = "Sign up", onSelect = submit },
  status,
}
