-- Search: an input that filters a list as you type. ctrl-f brings the focus
-- back to the input from anywhere; Down goes to the results; Enter on one
-- shows it below. Tab completes a name from the list.
local languages = {
  "Ada", "ALGOL", "APL", "Assembly", "AWK", "Bash", "BASIC", "C", "C#", "C++", "Clojure",
  "COBOL", "Crystal", "D", "Dart", "Elixir", "Elm", "Erlang", "F#", "Forth", "Fortran",
  "Go", "Groovy", "Haskell", "Idris", "J", "Java", "JavaScript", "Julia", "Kotlin", "Lisp",
  "Logo", "Lua", "MATLAB", "ML", "Modula-2", "Nim", "Objective-C", "OCaml", "Odin", "Pascal",
  "Perl", "PHP", "Prolog", "Python", "R", "Racket", "Ruby", "Rust", "Scala", "Scheme",
  "Smalltalk", "SQL", "Swift", "Tcl", "TypeScript", "V", "Zig",
}

local chosen = ui.text { text = "Enter on a result chooses it.", style = { fg = "muted" } }
local results = ui.list {
  items = languages,
  onSelect = function(item) chosen.text = "You chose " .. item .. "." end,
}
local count = ui.text { text = #languages .. " languages", style = { fg = "muted" } }

-- Every language whose name contains the query, ignoring case; plain matching
-- (no Lua patterns), so "c++" and "c#" find what they say.
local function filter(query)
  local q, found = query:lower(), {}
  for _, name in ipairs(languages) do
    if name:lower():find(q, 1, true) then found[#found + 1] = name end
  end
  results.items = found
  results.selected = 1
  count.text = #found == 1 and "1 language" or #found .. " languages"
end

-- The first name that starts with what is typed shows dim past it; Tab or
-- Right takes it (and onChange filters the list to it).
local query = ui.input { label = "Search", placeholder = "type to filter", autofocus = true, onChange = filter,
  suggestions = languages }

return ui.screen {
  title = "Search",
  footer = true,
  keys = { ["ctrl-f"] = { "Search", function() ui.focus(query) end } },
  query,
  count,
  results,
  chosen,
}
