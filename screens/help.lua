-- The launcher's help (h in the launcher): a page of markdown (ui.markdown)
-- with headings, a table of keys, code and links. The contents on the left
-- come from md:toc(); choosing a heading scrolls the page to it.

local status = ui.text { text = "Tab steps through the links; Enter shows where one points.", style = { fg = "muted" } }

local page = ui.markdown {
  id = "page",
  text = [[
# The example screens

Each entry of the launcher opens one **example screen**: a short Lua script that
draws a terminal UI with `ui.*` components. Esc comes back; `q` quits.

## Keys

| Key | Does |
|:--|:--|
| ↑ ↓, the wheel | move through the entries |
| Enter, a click | open the entry |
| Esc | come back to the launcher |
| `?` or F1 | list every key of the screen shown |
| ctrl-p | the command palette |
| `h` | this help |
| `q` | quit |

## Running them

```
uihost screens/launcher.lua
uihost screens/json.lua -- data.json
uihost screens/browser.lua --allow fs
uihost serve screens/launcher.lua
```

- The **JSON viewer** reads the file named after `--`.
- The **file browser** needs the `fs` capability: it reads the project's
  files and nothing outside them.
- `uihost serve` serves the launcher in a browser, a session per tab.

## Testing them

Every screen has an automation script in `Scripts/tests/`, run headless with
`uihost test`: it presses keys and reads the very frame a user sees.

## Learn more

- [Lua 5.4 reference](https://www.lua.org/manual/5.4/)
- [CommonMark](https://commonmark.org), the markdown this page is written in
- [NO_COLOR](https://no-color.org): uihost writes no colour when it is set
]],
  onLink = function(url) status.text = "Opens " .. url end,
}

local headings = {}
for i, heading in ipairs(page:toc()) do
  headings[i] = { title = string.rep("  ", heading.level - 1) .. heading.text, heading = heading }
end

return ui.screen {
  title = "Help",
  ui.hstack {
    ui.list {
      width = "30%", maxWidth = 22,
      items = headings,
      onSelect = function(item)
        page:scrollTo(item.heading)
        ui.focus(page)
      end,
    },
    page,
  },
  status,
}
