-- A sign-up form: text fields that validate, a password, a country dropdown, a
-- plan radio group and a newsletter checkbox, in a ui.form: Enter goes from
-- text field to text field, and Sign up (or ctrl-s anywhere) checks every
-- field; a form without problems shows what was entered in a sheet.
-- The footer lists the keys; ? opens the help.
local status = ui.text { text = "Fill in the form, then press ctrl-s or Sign up.", style = { fg = "muted" } }

local name = ui.input { id = "name", label = "Name", placeholder = "Ada Lovelace", autofocus = true,
  validate = function(v) if #v < 2 then return "at least 2 characters" end end }
local email = ui.input { id = "email", label = "Email", placeholder = "ada@example.org",
  validate = function(v) if not v:find("^[^@ ]+@[^@ ]+%.[^@ ]+$") then return "an address like ada@example.org" end end }
local password = ui.input { id = "password", label = "Password", password = true, maxLength = 64,
  validate = function(v) if #v < 8 then return "8 characters or more" end end }
local countries = { "Japan", "France", "Germany", "United Kingdom", "United States" }
local country = ui.dropdown { items = countries, placeholder = "Choose a country" }
local plan = ui.radio { items = { "Free", "Pro", "Team" } }
local news = ui.checkbox { title = "Send me the newsletter" }

-- The sheet that shows what was entered.
local function result()
  local lines = {
    "Name:       " .. name.value,
    "Email:      " .. email.value,
    "Country:    " .. (countries[country.selected] or "—"),
    "Plan:       " .. plan.items[plan.selected],
    "Newsletter: " .. (news.checked and "yes" or "no"),
  }
  return ui.sheet {
    title = "Welcome, " .. name.value,
    height = "fit",
    ui.text(table.concat(lines, "\n")),
    ui.button { title = "Close", autofocus = true, onSelect = function() ui.dismiss() end },
  }
end

-- ui.form checks every text field when it is submitted (Enter in the last
-- one, Sign up, or ctrl-s) and focuses the first with a message; onSubmit
-- runs only when none has one. The dropdown has no `validate`: it is checked here.
local form
form = ui.form {
  spacing = 0,
  onSubmit = function()
    if not country.selected then
      status.text = "Please choose a country."
      ui.focus(country)
      return
    end
    status.text = "Signed up."
    ui.present(result())
  end,
  name, email, password,
  ui.text "Country", country,
  ui.hstack { plan, news },
  ui.button { title = "Sign up", onSelect = function() form:submit() end },
}

return ui.screen {
  title = "Sign up",
  footer = true,
  keys = { ["ctrl-s"] = { "Sign up", function() form:submit() end } },
  form,
  status,
}
