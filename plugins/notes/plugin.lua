-- An example plugin that needs a permission: it keeps notes in notes.txt in
-- its own folder (ctx.folder), which takes `io`. Without `--grant notes=io`
-- it is not loaded, and the error says so.
local function read(file)
  local f = io.open(file, "r")
  if not f then return {} end
  local notes = {}
  for line in f:lines() do notes[#notes + 1] = line end
  f:close()
  return notes
end

local function load(state, ctx)
  if not state.notes then
    state.file = ctx.folder .. "/notes.txt"
    state.notes = read(state.file)
  end
  return state.notes
end

return {
  name = "notes",
  version = "0.1.0",
  requires = ">= 0.2",
  permissions = { "io" },
  commands = {
    {
      id = "notes.add", title = "Add a note with the time",
      run = function(state, ctx)
        local notes = load(state, ctx)
        local note = "note " .. (#notes + 1) .. " at " .. os.date("%H:%M")
        local f = assert(io.open(state.file, "a"))
        f:write(note, "\n")
        f:close()
        notes[#notes + 1] = note
        ui.log(note)
      end,
    },
    {
      id = "notes.count", title = "Count the notes",
      run = function(state, ctx) ui.log(#load(state, ctx) .. " notes") end,
    },
  },
  menus = { launcher = { { title = "Add a note", command = "notes.add" } } },
}
