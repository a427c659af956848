-- luacheck configuration: `luacheck .` from the repository root checks every Lua
-- file (Scripts/test.sh does, and fails on a warning).
-- The API (`ui`, `test`) is described in library/uihost.lua; the fields listed here
-- let luacheck catch a misspelt `ui.pussh` or `test.opn`.

std = "lua54"
max_line_length = 140
codes = true
-- Sources/uihost/uihost.lua is a link to library/uihost.lua (checked there, under
-- the rules for the stubs below).
exclude_files = { ".build/**", ".swiftpm/**", "Sources/uihost/uihost.lua" }

local ui = {
  read_only = true,
  fields = {
    -- constructors
-- BEGIN GENERATED constructors (from the component registry: edit the components, then run
-- UIHOST_UPDATE_REFERENCE=1 swift test --filter ReferenceTests; do not edit by hand)
    "screen", "text", "button", "vstack", "hstack", "spacer", "divider", "list", "tabs",
    "tab", "picker", "dropdown", "sheet", "drawer", "image", "progress", "checkbox",
    "input", "switch", "radio", "textarea", "table", "scroll", "alert", "confirm", "log",
    "tree", "box", "link", "badge", "tag", "markdown", "grid", "form", "sparkline",
-- END GENERATED constructors
    -- navigation, overlays, toasts, time, logging
    "push", "pop", "present", "dismiss", "openDrawer", "closeDrawer", "quit", "toast",
    "after", "every", "spawn", "sleep", "bind", "focus", "size",
    -- look
    "theme",
    -- commands and plugin menus, messages between the screen and plugins
    "command", "run", "menu", "expose", "call",
    -- data in and out: arguments, named environment variables, JSON
    "args", "env", json = { read_only = true, fields = { "encode", "decode", "null" } },
  },
}

local test = {
  read_only = true,
  fields = { "case", "open" },
}

-- Screen scripts: the global `ui` (component tables are ordinary tables, so
-- their fields can be set; `ui` itself is read-only), and `fs` for screens run
-- with --allow fs (and plugins granted it).
local fs = { read_only = true, fields = { "list", "read", "write", "stat", "exists" } }
read_globals = { ui = ui, fs = fs }

-- Automation scripts (Scripts/tests/*_test.lua) have `test` and no `ui`: `ui`
-- exists only inside the apps they open (code passed to app:eval is a string).
local automation = {
  read_globals = { test = test },
  not_globals = { "ui" },
}
files["Scripts/tests/**/*_test.lua"] = automation
files["Tests/CLITests/fixtures/**/*_test.lua"] = automation
-- The benchmark drivers run by Scripts/bench.sh through `uihost test`.
files["Scripts/bench/cases100.lua"] = automation
files["Scripts/bench/*_bench.lua"] = automation
-- The limits benchmark's screen fills tables it never reads, on purpose (241:
-- a table mutated but never accessed).
files["Scripts/bench/runaway.lua"] = { ignore = { "241" } }
-- The fuzzer (Scripts/fuzz.sh): its driver runs through `uihost test`; screens.lua
-- and rng.lua run inside the apps it opens.
files["Scripts/fuzz/run.lua"] = automation
files["Scripts/fuzz/storms.lua"] = automation

-- Fixture screens publish their state as globals on purpose, for the automation
-- scripts to read with app:eval("return NAME").
-- (allow_defined lets an assignment define a global; 131 is "unused global".)
files["Scripts/tests/fixtures"] = { allow_defined = true, ignore = { "131" } }

-- The LuaLS stubs: a meta file that defines the globals and declares methods and
-- functions with empty bodies (241: a class table mutated but never read).
files["library"] = {
  globals = { "ui", "test", "fs" },
  unused_args = false,
  ignore = { "241" },
  max_line_length = false,
}

-- The sandbox changes the standard libraries on purpose: that is its job.
files["Sources/UIHostCore/Lua/sandbox.lua"] = { ignore = { "122" } }
files["Sources/UIHostCore/Lua/manifest_env.lua"] = { ignore = { "122" } }
