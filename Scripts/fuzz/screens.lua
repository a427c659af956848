-- Random screens for Scripts/fuzz.sh. This module runs inside the app under
-- test, in the sandbox: the driver writes a one-line main.lua that calls it
-- with a seed, so the screen is rebuilt the same way each time it is opened
-- and its handlers draw from the same seeded stream. Everything here is what
-- a careless or hostile script author might write: every component, nested at
-- random, fields of the wrong type or absurd size, sparse and cyclic tables,
-- and handlers that loop, allocate, raise odd values, flood timers or quit.
-- The host must survive all of it: report errors, never crash or hang.
local Rng = require "rng"
local KINDS = require "kinds"

-- Strings whose display width the driver can compute (see `width` in
-- storms.lua): ASCII, CJK and emoji (2 columns), a combining accent (0), and
-- bytes the frame must never show raw: controls, escape sequences, bad UTF-8.
local STRINGS = {
  "", " ", "x", "OK", "hello world", "a much longer label that will need wrapping somewhere",
  "日本語のテキスト", "カスタムシート", "한국어", "🐱🐈🐾", "e\u{301}\u{301}\u{301}", "a\u{301}b",
  "\27[31mred\27[0m", "\27]0;title\7", "bell\7", "nul\0byte", "tab\there\tand\tthere",
  "line\nbreak\n\nthree", "cr\rreturn", "\xff\xfe\xc0bad utf8", "\u{9B}c1", "del\127",
  "‹›▼▲✓", "%s%d%%", "\\", "  leading and trailing  ",
}

local NUMBERS = {
  0, 1, 2, 3, -1, 0.5, 0.25, 1.0, 1.5, 7, 100, 1000, 1001, -1000, 2 ^ 31, 2 ^ 53, 1e308, -1e308,
  math.huge, -math.huge, 0 / 0, math.maxinteger, math.mininteger,
}

local ASSETS = { "IMG_0057", "avatar", "missing", "../etc/passwd", "/etc/passwd", ".hidden", "" }
local KEYWORDS = { "left", "center", "right", "top", "bottom", "menu", "wheel", "fit" }

-- `options.unbuilt`: kinds to build from their declared fields as if they had
-- no builder here (the conformance test's check of that builder).
return function(seed, options)
  options = options or {}
  local rng = Rng.new(seed)
  -- Markdown draws from a stream of its own, so that adding it left the screens
  -- of every other seed (and the fixed slice the tests run) as they were.
  local mdrng = Rng.new(seed * 31 + 7)
  -- So do the kinds and fields added after it (grid, form, a list's
  -- description and filter, an input's suggestions): `later` builds them,
  -- taking the main stream's place while it does, and decides the
  -- hostile edits aimed at them.
  local laterrng = Rng.new(seed * 37 + 11)
  -- And the kinds built from their declared fields (`generic`), with one in
  -- the later stream's place while they build.
  local genrng = Rng.new(seed * 41 + 13)
  local genlaterrng = Rng.new(seed * 43 + 17)
  local made = {}    -- recently built components: the targets of hostile edits
  local madeLater = {} -- the same, of the later kinds
  local madeGeneric = {} -- and of the kinds built from their fields
  local logs = {}    -- recent logs, for log:append
  local genlogs = {} -- the same, built inside a kind built from its fields
  -- The kinds built, by name: the conformance test reads it (fuzz_kinds) to
  -- see that every kind the host has is fuzzed, which were built from their
  -- fields (fuzz_generic) and which a screen added for having no builder (fuzz_added).
  local kinds = {}
  rawset(_G, "fuzz_kinds", kinds)
  local generated, added = {}, {}
  rawset(_G, "fuzz_generic", generated)
  rawset(_G, "fuzz_added", added)
  local timers = {}  -- handles of recent timers, to cancel
  -- Building the screen shares one instruction budget: the huge values come
  -- only later, from handlers, so that the screen loads.
  local loading = true

  local function remember(list, value)
    list[#list + 1] = value
    if #list > 200 then table.remove(list, 1) end  -- keep the script's memory bounded
    return value
  end

  local function str()
    local s = rng:pick(STRINGS)
    if rng:chance(0.1) then s = s .. rng:pick(STRINGS) end
    if not loading and rng:chance(0.02) then s = string.rep(s ~= "" and s or "w", rng:pick { 100, 10000, 100000 }) end
    return s
  end

  local function num()
    return rng:chance(0.5) and rng:pick(NUMBERS) or rng:range(-3, 12)
  end

  -- A table with only huge integer keys: a reader that trusts `#t` or walks
  -- 1…max key would allocate or loop for ever.
  local function sparse(value)
    local t = {}
    for _ = 1, rng:range(1, 4) do t[2 ^ rng:range(3, 62) // 1] = value end
    return t
  end

  local component -- forward

  -- A value of any type: what a handler might assign to any field.
  local function anything(depth)
    local r = rng:below(12)
    if r <= 3 then return str()
    elseif r <= 5 then return num()
    elseif r == 6 then return rng:chance(0.5)
    elseif r == 7 then return nil
    elseif r == 8 then return {}
    elseif r == 9 then return sparse(str())
    elseif r == 10 then return function() end
    elseif r == 11 then return rng:pick(KEYWORDS)
    else return depth < 3 and component(depth + 1) or ui.text(str())
    end
  end

  local function items(withHandlers, act)
    local list = {}
    for i = 1, rng:pick { 0, 1, 2, 3, 5, 8, 30 } do
      if rng:chance(0.3) then
        list[i] = str()
      else
        list[i] = {
          title = str(),
          icon = rng:chance(0.3) and str() or nil,
          subtitle = rng:chance(0.2) and str() or nil,
          description = laterrng:chance(0.3) and laterrng:pick(STRINGS) or nil,
          disabled = rng:chance(0.1) or nil,
          id = rng:chance(0.3) and (rng:chance(0.5) and str() or num()) or nil,
          onSelect = withHandlers and rng:chance(0.3) and act or nil,
        }
      end
    end
    if rng:chance(0.02) then list = sparse({ title = "sparse" }) end
    if not loading and rng:chance(0.05) then
      for i = #list + 1, #list + 100000 do list[i] = "row " .. i end  -- a long list
    end
    return list
  end

  -- Calls a constructor; now and then first with a hostile field, under pcall,
  -- to exercise validation (and its "did you mean") without losing the screen.
  local function make(kind, fields)
    kinds[kind] = true
    if rng:chance(0.05) then
      local bad = {}
      for k, v in pairs(fields) do bad[k] = v end
      local key = rng:pick { "title", "items", "selected", "height", "width", "value", "spacing", "style",
        string.rep("titel", rng:pick { 1, 1000, 20000 }) }
      bad[key] = anything(9)
      local ok, c = pcall(ui[kind], bad)
      if ok then return remember(made, c) end
    end
    return remember(made, ui[kind](fields))
  end

  local act -- forward: one random handler action

  -- Runs `build` with `stream` and `list` in the main stream's place (its
  -- children too), so that the main stream goes on as if it had not run.
  local function own(stream, list, build, ...)
    local mainRng, mainMade = rng, made
    rng, made = stream, list
    local ok, c = pcall(build, ...)
    rng, made = mainRng, mainMade
    if not ok then error(c, 0) end
    return c
  end

  local function later(build, ...) return own(laterrng, madeLater, build, ...) end

  local function children(fields, depth, n)
    for i = 1, n do fields[i] = component(depth + 1) end
    return fields
  end

  -- One builder per kind of component, by its constructor's name: every kind
  -- the host has is built here (ConformanceTests fails a kind that is not).
  local BUILD = {}

  function BUILD.text()
    return make("text", { text = str(), align = rng:pick { "left", "center", "right" }, wrap = rng:chance(0.7) })
  end

  function BUILD.button()
    return make("button", { title = str(), disabled = rng:chance(0.1), destructive = rng:chance(0.1), onSelect = act })
  end

  function BUILD.spacer() return make("spacer", {}) end
  function BUILD.divider() return make("divider", {}) end

  function BUILD.image()
    return make("image", { asset = rng:pick(ASSETS), width = rng:chance(0.3) and rng:range(0, 1000) or nil,
      height = rng:chance(0.3) and rng:range(0, 1000) or nil })
  end

  -- Spinner styles, icons, a cell cursor: chosen from what was drawn already,
  -- so that the random stream (and every seed's screen) stays as it was.
  local SPINNERS = { "minidot", "dots", "line", "jump", "pulse", "points", "meter", "hamburger", "ellipsis", "globe", "moon" }

  function BUILD.progress()
    local value = rng:chance(0.5) and rng:pick { 0, 0.5, 1 } or nil
    local label = str()
    return make("progress", { value = value, label = label,
      spinner = SPINNERS[#label % #SPINNERS + 1], style = #label % 2 == 0 and { fg = "accent" } or nil })
  end

  function BUILD.checkbox()
    return make("checkbox", { title = str(), checked = rng:chance(0.5), onChange = rng:chance(0.5) and act or nil })
  end

  function BUILD.switch()
    return make("switch", { title = str(), on = rng:chance(0.5), onChange = rng:chance(0.5) and act or nil })
  end

  function BUILD.input()
    return make("input", {
      label = rng:chance(0.7) and str() or nil, value = str(), placeholder = rng:chance(0.3) and str() or nil,
      password = rng:chance(0.2), maxLength = rng:chance(0.2) and rng:pick { 1, 3, 1000 } or nil,
      error = rng:chance(0.1) and str() or nil,
      -- A message now and then: the field shows it, and a screen reader says it.
      validate = rng:chance(0.5) and function() if rng:chance(0.5) then return str() end end or nil,
      onChange = rng:chance(0.3) and act or nil, onSubmit = rng:chance(0.3) and act or nil,
      -- Completions: a list (now and then a huge one), or a function that may fail or loop.
      suggestions = laterrng:chance(0.3) and laterrng:pick {
        STRINGS, KEYWORDS, function(text) return { text .. laterrng:pick(STRINGS) } end,
        function() error("no suggestions") end, function() while true do end end,
        function() local t = {}; for i = 1, 20000 do t[i] = "s" .. i end; return t end,
      } or nil,
    })
  end

  function BUILD.textarea()
    return make("textarea", { label = rng:chance(0.7) and str() or nil, value = str(),
      placeholder = rng:chance(0.3) and str() or nil, height = rng:pick { 1, 2, 3, 5, 1000 },
      onChange = rng:chance(0.3) and act or nil })
  end

  function BUILD.radio()
    return make("radio", { items = items(false), onChange = rng:chance(0.5) and act or nil })
  end

  function BUILD.link()
    return make("link", { title = rng:chance(0.8) and str() or nil,
      url = rng:pick { "https://example.com/a", "", "\27]8;;x\7", str() }, onSelect = rng:chance(0.5) and act or nil })
  end

  function BUILD.badge()
    return make("badge", { text = str(), kind = rng:pick { "info", "success", "warning", "error" } })
  end

  function BUILD.tag()
    return make("tag", { text = str(), selected = rng:chance(0.5),
      color = rng:pick { "accent", "success", "warning", "error" }, onChange = rng:chance(0.5) and act or nil })
  end

  function BUILD.log()
    local lines = {}
    for i = 1, rng:pick { 0, 1, 3, 30, 500 } do lines[i] = str() end
    return remember(logs, make("log", { lines = lines, max = rng:chance(0.3) and rng:pick { 1, 3, 100 } or nil,
      follow = rng:chance(0.8) }))
  end

  function BUILD.vstack(depth)
    return make("vstack", children({ spacing = rng:chance(0.2) and rng:range(0, 1000) or nil }, depth, rng:range(0, 5)))
  end

  function BUILD.hstack(depth)
    return make("hstack", children({ spacing = rng:chance(0.2) and rng:range(0, 1000) or nil }, depth, rng:range(0, 5)))
  end

  function BUILD.scroll(depth)
    return make("scroll", children({ height = rng:chance(0.5) and rng:range(0, 30) or nil }, depth, rng:range(0, 8)))
  end

  -- A grid of random tracks; children span cells now and then, sometimes
  -- absurdly (a thousand rows under a thousand columns).
  function BUILD.grid(depth)
    local function sizes()
      local out = {}
      for i = 1, rng:pick { 0, 1, 2, 3, 4, 1000 } do out[i] = rng:pick { 0, 1, 3, 10, "1fr", "2fr", "25%", "100%" } end
      return out
    end
    local grid = children({ columns = rng:chance(0.8) and sizes() or nil, rows = rng:chance(0.6) and sizes() or nil,
      gap = rng:pick { 0, 0, 1, 3, 100 } }, depth, rng:range(0, 6))
    for _, child in ipairs(grid) do
      if rng:chance(0.2) then child.colSpan = rng:pick { 1, 2, 4, 1000 } end
      if rng:chance(0.2) then child.rowSpan = rng:pick { 1, 2, 3, 1000 } end
    end
    return make("grid", grid)
  end

  -- A form of text fields and other values, checked at random moments.
  function BUILD.form(depth)
    local form = { validateOn = rng:pick { "change", "blur", "submit" }, onSubmit = rng:chance(0.7) and act or nil,
      spacing = rng:pick { 0, 1, 1000 } }
    for i = 1, rng:range(0, 5) do
      local field = rng:chance(0.7) and BUILD.input() or component(depth + 1)
      if rng:chance(0.8) then field.id = rng:chance(0.8) and ("f" .. i) or anything(3) end
      form[i] = field
    end
    return make("form", form)
  end

  function BUILD.box(depth)
    return make("box", children({ title = rng:chance(0.7) and str() or nil,
      border = rng:pick { "rounded", "single", "double", "heavy", "none" },
      padding = rng:pick { 0, 1, 3, { 1, 2 } } }, depth, rng:range(0, 3)))
  end

  function BUILD.list()
    return make("list", { items = items(true, act), onSelect = rng:chance(0.7) and act or nil,
      onHighlight = rng:chance(0.2) and act or nil, filter = laterrng:chance(0.3) or nil })
  end

  function BUILD.tab(depth)
    return make("tab", children({ title = str(), icon = rng:chance(0.3) and str() or nil }, depth, rng:range(0, 3)))
  end

  function BUILD.tabs(depth)
    local tabs = { style = rng:pick { "top", "bottom" }, onChange = rng:chance(0.5) and act or nil }
    for i = 1, rng:range(0, 6) do tabs[i] = BUILD.tab(depth + 1) end
    return make("tabs", tabs)
  end

  function BUILD.picker()
    return make("picker", { label = str(), items = items(false), style = rng:pick { "menu", "wheel" },
      onChange = rng:chance(0.5) and act or nil })
  end

  function BUILD.dropdown()
    return make("dropdown", { items = items(true, act), placeholder = rng:chance(0.3) and str() or nil,
      onSelect = rng:chance(0.5) and act or nil })
  end

  function BUILD.table()
    local columns, rows = {}, {}
    for i = 1, rng:pick { 0, 1, 2, 4, 12 } do
      columns[i] = { title = str(), key = rng:chance(0.5) and i or nil,
        width = rng:chance(0.4) and rng:pick { 0, 3, 1000, "50%", "1fr", "fit" } or nil,
        align = rng:chance(0.3) and rng:pick { "left", "center", "right" } or nil }
    end
    for r = 1, rng:pick { 0, 1, 5, 100 } do
      local row = {}
      for c = 1, #columns do row[c] = rng:chance(0.8) and str() or num() end
      rows[r] = row
    end
    local cell = #rows ~= 1
    return make("table", { columns = columns, rows = rows, sortable = rng:chance(0.5),
      onSelect = rng:chance(0.5) and act or nil, onHighlight = rng:chance(0.2) and act or nil,
      onSort = rng:chance(0.2) and act or nil, cursor = cell and "cell" or nil, onCellSelect = cell and act or nil })
  end

  -- Tree nodes: leaves as strings, open and closed nodes, children loaded by a
  -- function (which may fail, or return nodes, or something that is not).
  local function nodes(depth)
    local list = {}
    for i = 1, rng:pick { 0, 1, 2, 4, 8 } do
      if rng:chance(0.3) or depth > 4 then
        list[i] = str()
      else
        local kids = rng:chance(0.3) and function() if rng:chance(0.2) then act() end return nodes(depth + 1) end
          or nodes(depth + 1)
        local title = str()
        list[i] = { title = title, expanded = rng:chance(0.5), children = kids,
          icon = #title % 3 == 0 and "📁" or nil, style = #title % 4 == 0 and { bold = true } or nil }
      end
    end
    return list
  end

  function BUILD.tree()
    return make("tree", { nodes = nodes(0), onSelect = rng:chance(0.5) and act or nil,
      onExpand = rng:chance(0.3) and act or nil })
  end

  function BUILD.sheet(depth)
    local height = rng:pick { 0.25, 0.5, 1.0, 0.01, 1, 2, 3, 1000, "fit" }
    return make("sheet", children({
      title = rng:chance(0.7) and str() or nil, height = height,
      dismissible = rng:chance(0.8), onDismiss = rng:chance(0.3) and act or nil,
    }, depth, rng:range(0, 3)))
  end

  function BUILD.drawer(depth)
    local width = rng:chance(0.3) and rng:range(1, 1000) or nil
    return make("drawer", children({ width = width }, depth, rng:range(0, 4)))
  end

  -- Calling a dialog's constructor shows it, over everything.
  function BUILD.alert()
    return make("alert", { title = str(), message = str(), confirm = rng:chance(0.3) and str() or nil,
      onChoice = rng:chance(0.5) and act or nil })
  end

  function BUILD.confirm()
    return make("confirm", { title = str(), message = str(), cancel = rng:chance(0.3) and str() or nil,
      destructive = rng:chance(0.3), onChoice = rng:chance(0.5) and act or nil })
  end

  -- A kind without a builder above (one added to the host since) is built
  -- from the fields kinds.lua says it declares: each field now and then, a
  -- value of its type (now and then not), its children if it takes any.
  -- What it builds draws from streams of its own (`built`) and keeps its logs
  -- apart, so every other part of a seed's screen, and what its handlers
  -- draw, stay as they were.
  local function value(kind)
    local name = type(kind) == "table" and kind[1] or kind
    -- At depth 3 `anything` builds no component, only a text.
    if rng:chance(0.1) then return anything(3) end
    if name == "string" then return str()
    elseif name == "boolean" then return rng:chance(0.5)
    elseif name == "function" then return act
    elseif name == "integer" then
      local lo = kind[2] or -3
      return rng:range(lo, math.min(kind[3] or lo + 12, lo + 12))
    elseif name == "number" then
      local lo, hi = kind[2] or -3, kind[3] or 12
      return lo + (hi - lo) * rng:range(0, 100) / 100
    elseif name == "choice" then return kind[rng:range(2, #kind)]
    elseif name == "component" then
      local ok, c = pcall(ui[kind[2] or "text"], {})
      return ok and c or nil
    elseif name == "items" then
      local list = {}
      for i = 1, rng:pick { 0, 1, 3, 30 } do list[i] = rng:chance(0.5) and str() or { title = str(), onSelect = act } end
      return list
    elseif name == "rows" then
      local rows = {}
      for i = 1, rng:pick { 0, 1, 3, 30 } do rows[i] = rng:chance(0.5) and str() or { title = str(), a = str() } end
      return rows
    elseif name == "numbers" then
      local numbers = {}
      for i = 1, rng:pick { 0, 1, 5, 300 } do numbers[i] = num() end
      return numbers
    elseif name == "id" then return rng:chance(0.5) and str() or num()
    elseif name == "style" then return { fg = rng:pick { "accent", "red", "#ff8800", 300 }, bold = rng:chance(0.5) }
    elseif name == "spans" then return { str(), { str(), bold = true } }
    elseif name == "size" then return rng:pick { 0, 3, 40, "50%", "1fr", "3fr" }
    elseif name == "sizes" then return { rng:pick { 3, "1fr", "25%" }, rng:pick { 1, "2fr" } }
    elseif name == "padding" then return rng:chance(0.5) and rng:range(0, 3) or { rng:range(0, 2), rng:range(0, 3) }
    elseif name == "height" then return rng:pick { 0.5, 1.0, 3, "fit" }
    elseif name == "bindings" then return { ["ctrl-x"] = { str(), act } }
    elseif name == "suggestions" then return { str(), str() }
    end
    return anything(3)
  end

  local BY_NAME = {}
  for _, kind in ipairs(KINDS) do BY_NAME[kind.name] = kind end

  local function generic(name, depth)
    local kind = BY_NAME[name]
    local fields = {}
    for _, field in ipairs(kind.fields) do
      if rng:chance(0.6) then fields[field[1]] = value(field[2]) end
    end
    if kind.children == "any" then
      children(fields, depth, rng:range(0, 3))
    elseif kind.children ~= "none" then
      for i = 1, rng:range(0, 3) do fields[i] = generic(kind.children, depth + 1) end
    end
    -- A bad value may be refused: then the kind with no fields, or a text.
    local ok, c = pcall(ui[name], fields)
    if not ok then ok, c = pcall(ui[name], {}) end
    if not ok then return ui.text(str()) end
    kinds[name], generated[name] = true, true
    return remember(made, c)
  end

  local function built(name, depth)
    local mainLater, mainLogs = laterrng, logs
    laterrng, logs = genlaterrng, genlogs
    local ok, c = pcall(own, genrng, madeGeneric, generic, name, depth)
    laterrng, logs = mainLater, mainLogs
    if not ok then error(c, 0) end
    return c
  end

  -- The kinds with no builder here, in the registry's order (filled once
  -- every builder is defined, below).
  local UNBUILT = {}

  -- Kinds placed among children, leaves first; containers are picked higher up.
  local LEAVES = { "text", "button", "spacer", "divider", "image", "progress", "checkbox", "switch", "input",
    "textarea", "radio", "link", "badge", "tag", "log" }
  local CONTAINERS = { "vstack", "hstack", "vstack", "list", "tabs", "picker", "dropdown", "text", "button",
    "table", "tree", "scroll", "box" }

  -- One random component; deeper ones are more often leaves.
  function component(depth)
    local leaf = depth >= 5 or rng:chance(depth / 6)
    return BUILD[rng:pick(leaf and LEAVES or CONTAINERS)](depth)
  end

  -- Markdown around hostile text: headings, lists, a table, links (one that
  -- would run script), raw HTML and quotes nested deep; a link's handler
  -- replaces the text with another such.
  local function markdownText()
    local s = mdrng:pick(STRINGS)
    local parts = { "# " .. s, "- a\n- [x] " .. s, "| a | b |\n|---|--:|\n| 1 | " .. s .. " |",
      "[l](" .. s .. ") [j](javascript:x) <https://x.example>", "<b>" .. s .. "</b><script>x</script>",
      string.rep("> ", mdrng:pick { 1, 100, 10000 }) .. s, string.rep("- ", mdrng:pick { 1, 100, 10000 }) .. s,
      "```\n" .. s .. "\n```" }
    local text = {}
    for i = 1, mdrng:range(0, 5) do text[i] = mdrng:pick(parts) end
    return table.concat(text, "\n\n")
  end

  -- A markdown of its own stream (mdrng), so the other kinds' seeds are unchanged.
  function BUILD.markdown()
    return make("markdown", { text = markdownText(), onLink = function(_, md) md.text = markdownText() end })
  end

  function BUILD.screen(depth)
    local fields = children({ title = str(), footer = rng:chance(0.2) }, depth, rng:range(1, 8))
    if mdrng:chance(0.5) then fields[#fields + 1] = BUILD.markdown() end
    if laterrng:chance(0.3) then fields[#fields + 1] = later(BUILD.grid, depth + 1) end
    if laterrng:chance(0.2) then fields[#fields + 1] = later(BUILD.form, depth + 1) end
    if #UNBUILT > 0 and genrng:chance(0.5) then
      local name = genrng:pick(UNBUILT)
      added[name] = true
      fields[#fields + 1] = built(name, depth + 1)
    end
    if rng:chance(0.4) then fields.drawer = BUILD.drawer(depth) end
    if rng:chance(0.3) then fields.onAppear = act end
    if rng:chance(0.2) then fields.onDisappear = act end
    return make("screen", fields)
  end
  local screen = BUILD.screen

  -- Hostile edits of the tree, made by handlers after construction.
  local function edit()
    local c = rng:pick(made)
    if laterrng:chance(0.2) then c = laterrng:pick(madeLater) or c end
    if not c then return end
    local r = rng:below(6)
    if r == 1 then  -- a known field of some component, any value
      c[rng:pick { "text", "title", "items", "selected", "expanded", "style", "height", "width", "value",
        "label", "spacing", "disabled", "asset", "drawer", "onSelect", "align", "wrap", "placeholder" }] = anything(1)
    elseif r == 2 then  -- a child at a random index, sometimes far past the end
      c[rng:chance(0.7) and rng:range(1, 8) or 2 ^ rng:range(4, 62) // 1] = anything(2)
    elseif r == 3 then  -- a cycle
      c[#c + 1] = rng:chance(0.5) and c or rng:pick(made)
    elseif r == 4 then  -- a shared subtree of exponential size (2^n leaves)
      local t = ui.text(str())
      for _ = 1, rng:range(5, 40) do t = ui.vstack { t, t } end
      c[1] = t
    elseif r == 5 then  -- many siblings
      for i = 1, rng:pick { 100, 10000, 100000 } do c[i] = ui.text "sibling" end
    else  -- the list or picker items replaced
      c.items = items(true, act)
    end
  end

  local function schedule()
    local ms = rng:pick { 0, 1, 1, 16, 80, 100, 1000, -5, 0.5, 2 ^ 40 }
    local f = rng:chance(0.5) and ui.after or ui.every
    remember(timers, f(ms, act))
  end

  -- Each entry is one thing a handler may do; `act` runs one to three of them.
  local ACTIONS = {
    edit, edit, edit, edit,
    function() ui.push(screen(2)) end,
    function() ui.push(rng:pick { "main.lua", "../main.lua", "/etc/passwd", "missing.lua", "." }) end,
    function() ui.pop() end,
    function() ui.present(BUILD.sheet(2)) end,
    function() ui.present(rng:pick(made)) end,  -- often not a sheet
    function() ui.dismiss() end,
    function() BUILD[rng:pick { "alert", "confirm" }]() end,
    function() if #logs > 0 then rng:pick(logs):append(str()) end end,
    function() ui.openDrawer() end,
    function() ui.closeDrawer() end,
    schedule, schedule,
    function() local t = rng:pick(timers); if t then t:cancel() end end,
    function() ui.spawn(function() ui.sleep(rng:pick { 0, 1, 50, 1000 }); act() end) end,
    function() ui.sleep(10) end,                        -- not inside ui.spawn: an error
    function() error("handler failed: " .. str()) end,
    function() error({}) end,
    function() error(setmetatable({}, { __tostring = function() return str() end })) end,
    function() error(rng:pick { 42, true }) end,
    function() while true do end end,                   -- the instruction budget stops it
    function() pcall(function() while true do end end) end,
    function() coroutine.wrap(function() while true do end end)() end,
    function() local t = {}; for i = 1, 1e9 do t[i] = i end; return t end,   -- the memory limit stops it
    function() return string.rep("x", 2 ^ 40) end,
    function() print(str()); ui.log(str(), num(), {}) end,
    function() if rng:chance(0.2) then rawset(_G, "fuzz_quit", true); ui.quit(rng:pick { 0, 1, 255, 256, -1, 1.5 }) end end,
    function() end,
  }

  function act()
    for _ = 1, rng:range(1, 3) do rng:pick(ACTIONS)() end
  end

  -- Kinds without a builder above, and those the options build as if they
  -- had none, are built from their fields; the screen adds one now and then.
  for _, name in ipairs(options.unbuilt or {}) do BUILD[name] = nil end
  for _, kind in ipairs(KINDS) do
    if not BUILD[kind.name] then
      UNBUILT[#UNBUILT + 1] = kind.name
      BUILD[kind.name] = function(depth) return built(kind.name, depth) end
    end
  end

  -- The driver also calls actions directly, through app:eval("fuzz_act()").
  rawset(_G, "fuzz_act", act)
  local root = screen(0)
  -- Now and then an overlay from the start: a sheet, or a dialog (shown by its call).
  if rng:chance(0.1) then ui.present(BUILD.sheet(1)) end
  if rng:chance(0.05) then BUILD[rng:pick { "alert", "confirm" }]() end
  loading = false
  return root
end
