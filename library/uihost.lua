---@meta uihost

-- LuaLS type definitions for uihost: the `ui` table of screen scripts (also
-- `require "uihost"`) and the `test` table and app handles of automation
-- scripts (`uihost test`). `uihost stubs DIR` writes this file into DIR; list DIR
-- under `workspace.library` in a .luarc.json to get completion and checks.
--
-- Source of truth: library/uihost.lua in the uihost repository; the build embeds it
-- in the binary (Sources/uihost/uihost.lua links to it).
-- The component classes and constructors (the GENERATED regions) come from the
-- component registry (Sources/UIHostCore/Components/Registry.swift): edit the
-- component's summary and field specs, then
-- `UIHOST_UPDATE_REFERENCE=1 swift test --filter ReferenceTests` rewrites them.

-- Value types ------------------------------------------------------------------

---@alias ui.Align
---| "left"   # flush left (the default)
---| "center" # centred in its box
---| "right"  # flush right

---@alias ui.StackAlign
---| "start"  # left in a vstack, top in an hstack (the default)
---| "center" # centred across the stack
---| "end"    # right in a vstack, bottom in an hstack

---@alias ui.Border
---| "rounded" # ╭─╮ (the default)
---| "single"  # ┌─┐
---| "double"  # ╔═╗
---| "heavy"   # ┏━┓
---| "ascii"   # +-+
---| "none"    # no border, and no room for one

---A size on a child of a stack: columns or rows (`20`), a percentage of the stack
---(`"30%"`), or a share of the space left (`"2fr"`).
---@alias ui.Size integer|string

---@alias ui.TabsStyle
---| "top"    # a header bar above the page (the default)
---| "bottom" # a floating bar in a rounded box below the page

---@alias ui.PickerStyle
---| "menu"  # `label: value ▼`; Enter opens a popup list, Enter confirms, Esc cancels (the default)
---| "wheel" # a 5-row wheel, the selected row centred between rules; Up/Down spin and select at once

---A colour: one of the 16 ANSI names, a 256-palette index, `"#rrggbb"`, or a theme token
---(`"accent"`, `"muted"`, `"surface"`, `"border"`, `"error"`, `"warning"`, `"success"`, `"focus"`).
---@alias ui.Color
---| "black" | "red" | "green" | "yellow" | "blue" | "magenta" | "cyan" | "white"
---| "brightblack" | "brightred" | "brightgreen" | "brightyellow" | "brightblue" | "brightmagenta" | "brightcyan" | "brightwhite"
---| "accent" | "muted" | "surface" | "border" | "error" | "warning" | "success" | "focus"
---| integer
---| string

---How text looks: colours and attributes. Plain output (`--plain`, `NO_COLOR`, tests'
---frames) shows none of it.
---@class ui.Style
---@field fg? ui.Color The text's colour.
---@field bg? ui.Color The background's colour.
---@field bold? boolean
---@field dim? boolean
---@field italic? boolean
---@field underline? boolean
---@field reverse? boolean
---@field strike? boolean

---A run of rich text: its text at [1] or in `text`, and its style.
---@class ui.Span : ui.Style
---@field [1]? string The text.
---@field text? string The text, when not at [1].

---The colours of a theme's tokens, to override with `ui.theme{…}`. Not tokens themselves.
---@class ui.ThemeTokens
---@field accent? ui.Color The selected tab, the focus mark, links.
---@field muted? ui.Color Subtitles, placeholders, secondary text.
---@field surface? ui.Color Backgrounds of raised areas.
---@field border? ui.Color Rules, boxes and borders.
---@field error? ui.Color Error messages and the error banner.
---@field warning? ui.Color Warnings.
---@field success? ui.Color Success.
---@field focus? ui.Color The background of what has focus (a row across its width).

---An item id as a script writes it: a string or a number.
---@alias ui.ItemID string|number

---A sheet's height: a number below 1 is a fraction of the frame's rows, an integer
---of 1 or more a row count, `"fit"` the height of its content.
---@alias ui.SheetHeight number|"fit"

---A key name for `app:press` (and `--keys`): these, `ctrl-a` … `ctrl-z`, any single
---character (`a`, `1`, `é`, `あ`), or `wait:MS` to move the virtual clock. Modifiers
---come first, in the order `ctrl-alt-shift-`: `ctrl-left`, `alt-x`, `alt-X`,
---`shift-enter`, `ctrl-shift-f5` (shift is part of a character: `A`, not `shift-a`).
---@alias test.KeyName string
---| "up"
---| "down"
---| "left"
---| "right"
---| "enter"
---| "space"
---| "tab"
---| "shift-tab"
---| "esc"
---| "backspace"
---| "delete"
---| "insert"
---| "home"
---| "end"
---| "pageup"
---| "pagedown"
---| "f1"
---| "f2"
---| "f3"
---| "f4"
---| "f5"
---| "f6"
---| "f7"
---| "f8"
---| "f9"
---| "f10"
---| "f11"
---| "f12"
---| "shift-up"
---| "shift-down"
---| "shift-left"
---| "shift-right"
---| "ctrl-left"
---| "ctrl-right"
---| "alt-left"
---| "alt-right"
---| "shift-enter"
---| "alt-enter"
---| "ctrl-enter"

-- Components -------------------------------------------------------------------

-- BEGIN GENERATED common fields (from the component registry: edit the components, then run
-- UIHOST_UPDATE_REFERENCE=1 swift test --filter ReferenceTests; do not edit by hand)
---A component: a plain table made by a `ui.*` constructor, which checks its fields
---and raises an error naming the caller's file, line and field. Fields may be changed
---at any time (the host redraws after every event); the host writes interaction state
---(`selected`, `expanded`) back into the table before it calls a handler. Every field
---is optional; `getmetatable(component)` answers the constructor's name ("ui.button").
---@class ui.Component
---@field id? string An identifier of the script's own; the host does not use it.
---@field keys? table<string|string[]|integer, ui.Binding> Key bindings, active while focus is inside the component (a screen's always): `{ ["ctrl-s"] = { "Save", fn } }`.
---@field hidden? boolean Left out of layout, focus and clicks while true; `false` brings it back with its state (default false).
---@field width? ui.Size In a stack: columns, `"30%"` of the stack or `"2fr"`, a share of what is left (default its natural width).
---@field height? ui.Size In a stack: rows, `"30%"` of the stack or `"2fr"`, a share of what is left (default its natural height).
---@field minWidth? integer In a stack: at least this many columns.
---@field maxWidth? integer In a stack: at most this many columns.
---@field minHeight? integer In a stack: at least this many rows.
---@field maxHeight? integer In a stack: at most this many rows.
---@field colSpan? integer In a grid: how many columns it covers (default 1).
---@field rowSpan? integer In a grid: how many rows it covers (default 1).
-- END GENERATED common fields

---A key binding: `{ "Save", fn }` or `{ desc = "Save", run = fn }`, under a key name
---(`["ctrl-s"] = …`), a list of names (`[{ "d", "delete" }] = …`, shown once as
---`d/delete`), or as an array entry naming its `keys`. The description is required
---(the footer and the help overlay show it; `""` keeps it out of the footer); `fn` gets
---the component that carries the binding. An error in it shows the error banner.
---@class ui.Binding
---@field [1]? string The description.
---@field [2]? fun(component: ui.Component) What the key does.
---@field desc? string The description (instead of `[1]`).
---@field run? fun(component: ui.Component) What the key does (instead of `[2]`).
---@field keys? string[] For an array entry of `keys`: the key names it binds.
---@field show? boolean false keeps it out of the footer; help still lists it (default true).
---@field group? string The heading help lists it under.
---@field order? number Footer and help list bindings with an order first, lowest first.

---@class ui.ToastOptions
---@field text string The message, one row.
---@field kind? "info"|"success"|"warning"|"error" Its colour and mark (default "info").
---@field duration? number Milliseconds of the host's clock before it goes (default 3000).

-- BEGIN GENERATED item classes (from the component registry: edit the components, then run
-- UIHOST_UPDATE_REFERENCE=1 swift test --filter ReferenceTests; do not edit by hand)
---A row of a `ui.list`. Other fields are the script's own data.
---@class ui.ListItem
---@field title string The row's text (required).
---@field subtitle? string Drawn in the `muted` colour in a column three past the widest title shown (beside its own title when that column is too far right); left out whole when it fits nowhere.
---@field description? string A second row under the title, `muted` (in the accent colour under the focused cursor): when the first item has one, every item takes two rows (one without a description leaves its second blank); a list of `item(i)` keeps one row per item.
---@field icon? string Drawn before the title, with a space.
---@field disabled? boolean Drawn dim; the cursor can rest on it but it cannot be activated (default false).
---@field style? ui.Style Colours and attributes of the row's title (see Style).
---@field onSelect? fun(item: ui.ListItem, index: integer) `onSelect(item, index)`: this row was activated; **the item's own handler wins**, the list's is then not called.
---@field [string] any

---An item of a `ui.picker` or a `ui.radio`. Other fields are the script's own data.
---@class ui.PickerItem
---@field id? ui.ItemID The script's own identifier (default its index).
---@field title string The shown text (required).
---@field icon? string Drawn before the title, with a space.
---@field [string] any

---An item of a `ui.dropdown`. Other fields are the script's own data.
---@class ui.DropdownItem
---@field id? ui.ItemID What `selected` becomes when it is chosen (default its index).
---@field title string The shown text (required).
---@field icon? string Drawn before the title, with a space.
---@field onSelect? fun(item: ui.DropdownItem) `onSelect(item)`: this item was chosen; called **first**, then the dropdown's.
---@field [string] any

---A column of a `ui.table`.
---@class ui.TableColumn
---@field title string The header (required).
---@field key? string|integer The field of each row shown in this column: `row[key]`; a missing field is an empty cell (default the column's index).
---@field width? integer|string Cells (`12`), a share of the table's width (`"30%"`), a share of what the other columns leave (`"2fr"`, `"fr"` is `"1fr"`), or unset (`"fit"`): as wide as the title and the widest cell of the rows shown so far, at most 40 (default fitted).
---@field align? ui.Align Alignment of the title and the cells (default "left").

---A node of a `ui.tree`; a string is a leaf with that title. Other fields are the script's own data.
---@class ui.TreeItem
---@field title string The row's text (required).
---@field children? (ui.TreeItem|string)[]|fun(node: ui.TreeItem): (ui.TreeItem|string)[] Its children, or a function called on the first opening whose result replaces it.
---@field expanded? boolean Whether it is open; written back by the host (default false).
---@field icon? string Drawn before the title (an emoji or a mark), and said with it to a screen reader.
---@field style? ui.Style The title's colours and attributes; the cursor's highlight goes over it.
---@field [string] any

-- END GENERATED item classes

-- BEGIN GENERATED component classes (from the component registry: edit the components, then run
-- UIHOST_UPDATE_REFERENCE=1 swift test --filter ReferenceTests; do not edit by hand)
---The unit of navigation: a header row with its title (and `‹ Back` when pushed), a rule, then its children top to bottom.
---@class ui.Screen : ui.Component
---@field title? string Shown centred on row 1 (default "").
---@field drawer? ui.Drawer The side menu of this screen (see ui.drawer).
---@field footer? boolean Draws a hint bar of the active keys on the frame's bottom row (see Key bindings) (default false).
---@field onAppear? fun(screen: ui.Screen) `onAppear(screen)`: the screen became the top of the navigation stack — at start for the root, on `ui.push`, and when a screen above it is popped.
---@field onDisappear? fun(screen: ui.Screen) `onDisappear(screen)`: another screen was pushed over it, or it was popped.
---@field onResize? fun(width: integer, height: integer) `onResize(width, height)`: the frame changed size (see The frame's size).
---@field onKey? fun(key: string): boolean? `onKey(key)`: a key nothing else took (no binding, text field or focused component), before the host's defaults; return `true` to take it (Key bindings).
---@field [integer] ui.Component Children, laid out top to bottom like a `ui.vstack` with spacing 0.

---Text that wraps at word boundaries by display width.
---@class ui.Text : ui.Component
---@field text? string The text; `"\n"` starts a new line (default "").
---@field align? ui.Align Alignment of each line in the text's box (default "left").
---@field wrap? boolean Wrap long lines; `false` cuts each line with `…` instead (default true).
---@field style? ui.Style Colours and attributes of the whole text (see Style).
---@field spans? (ui.Span|string)[] Rich text: `{ "Total: ", bold = true }` or `{ text = …, fg = … }` runs (a string is a plain run), each with its own style over `style`; replaces `text`.

---A button drawn as `[ title ]`.
---@class ui.Button : ui.Component
---@field title? string The label (default "").
---@field disabled? boolean Drawn dim, skipped by Tab and focus moves, deaf to clicks (default false).
---@field destructive? boolean Never focused by default: initial focus skips it (a Delete button) (default false).
---@field style? ui.Style Colours and attributes of the label; focus and `disabled` still show over it.
---@field align? ui.StackAlign Where `[ title ]` sits in a wider place (a grid's cell, a `width`); given more rows than one, it takes the middle row (default "start").
---@field onSelect? fun(button: ui.Button) `onSelect(button)`: Enter, Space or a click.
---@field autofocus? boolean Takes the initial focus of its screen, sheet or drawer (the first that asks); see Focus (default false).
---@field onFocus? fun(component: ui.Component) `onFocus(component)`: it got the focus (Tab, arrows, a click, `ui.focus`, initial focus).
---@field onBlur? fun(component: ui.Component) `onBlur(component)`: it lost the focus to another component of its layer.

---Children stacked top to bottom.
---@class ui.VStack : ui.Component
---@field spacing? integer Empty rows between children (default 0).
---@field align? ui.StackAlign Where children narrower than the stack go: left, centred, right (default "start").
---@field [integer] ui.Component Children, top to bottom.

---Children side by side, left to right.
---@class ui.HStack : ui.Component
---@field spacing? integer Empty columns between children (default 1).
---@field align? ui.StackAlign Where children lower than the row go: top, middle, bottom (default "start").
---@field [integer] ui.Component Children, left to right.

---Flexible empty space in a stack.
---@class ui.Spacer : ui.Component

---A full-width horizontal rule.
---@class ui.Divider : ui.Component

---A navigation list or menu. It scrolls, and reads only the rows it shows.
---@class ui.List : ui.Component
---@field items? (ui.ListItem|string)[] The rows; a string is a row with that title (default {}).
---@field count? integer With a data source: how many rows there are, instead of `items`.
---@field item? fun(index: integer): ui.ListItem|string With `count`: `item(i)` returns row `i` (a table or a string); called only for the rows shown, once each per frame.
---@field selected? integer The cursor row; the constructor writes the default into the table, and every move is written back (clamped to the items when read) (default 1).
---@field onSelect? fun(item: ui.ListItem|string, index: integer) `onSelect(item, index)`: a row **without its own `onSelect`** was activated.
---@field filter? boolean Typing filters the items: those whose title holds the typed characters in order (letters without case; `rr` finds Cherry and Raspberry), the matched characters underlined in the accent colour, the query and the count of matches on the first row; Backspace takes a character back, Esc clears (with nothing typed, Esc is the host's). The cursor moves among the matches; `selected` and handlers get the item's own index. Only an `items` array is filtered, its first 10,000 items; with `filter`, `?` and `q` type (default false).
---@field onHighlight? fun(item: ui.ListItem|string, index: integer) `onHighlight(item, index)`: the highlighted row moved (arrows, paging, the wheel, a click), after `selected` is written.
---@field autofocus? boolean Takes the initial focus of its screen, sheet or drawer (the first that asks); see Focus (default false).
---@field onFocus? fun(component: ui.Component) `onFocus(component)`: it got the focus (Tab, arrows, a click, `ui.focus`, initial focus).
---@field onBlur? fun(component: ui.Component) `onBlur(component)`: it lost the focus to another component of its layer.

---A tab bar over (or under) the selected tab's page. Left/Right switch tabs while it has focus; a click on a label switches to it.
---@class ui.Tabs : ui.Component
---@field style? ui.TabsStyle|ui.Style Where the bar goes; a table instead is the labels' style (the bar then stays on top) (default "top").
---@field selected? integer The selected tab; the constructor writes the default into the table, and a switch is written back before `onChange` (clamped when read) (default 1).
---@field onChange? fun(tab: ui.Tab, index: integer) `onChange(tab, index)`: the selected tab changed; `tab` is the `ui.tab` table.
---@field autofocus? boolean Takes the initial focus of its screen, sheet or drawer (the first that asks); see Focus (default false).
---@field onFocus? fun(component: ui.Component) `onFocus(component)`: it got the focus (Tab, arrows, a click, `ui.focus`, initial focus).
---@field onBlur? fun(component: ui.Component) `onBlur(component)`: it lost the focus to another component of its layer.
---@field [integer] ui.Tab The tabs; every child must be a `ui.tab`.

---A tab of a `ui.tabs`: its title and icon label the bar, its children fill the page.
---@class ui.Tab : ui.Component
---@field title? string The label in the bar (default "").
---@field icon? string Drawn before the title; alone when a bottom bar is too narrow for the titles.
---@field style? ui.Style Colours and attributes of its label in the bar (over the `ui.tabs` style; the selected label adds the accent).
---@field [integer] ui.Component The page, top to bottom; read only while the tab is selected.

---A choice among items: a menu (`label: value ▼` and a popup list) or a wheel.
---@class ui.Picker : ui.Component
---@field label? string `label: ` before the value (menu); the heading row (wheel) (default "").
---@field items? (ui.PickerItem|string)[] The choices; `title` is required in a table; `icon` is drawn before the title when given (default {}).
---@field count? integer With a data source: how many items there are, instead of `items`.
---@field item? fun(index: integer): ui.PickerItem|string With `count`: `item(i)` returns item `i` (a table or a string); called only for the items shown, once each per frame.
---@field selected? integer The **index** of the chosen item; the constructor writes the default into the table, and a change is written back before `onChange` (default 1).
---@field style? ui.PickerStyle Menu or wheel (default "menu").
---@field onChange? fun(item: ui.PickerItem|string, index: integer) `onChange(item, index)`: the choice changed; `item` is `items[index]` (a table, or the string).
---@field autofocus? boolean Takes the initial focus of its screen, sheet or drawer (the first that asks); see Focus (default false).
---@field onFocus? fun(component: ui.Component) `onFocus(component)`: it got the focus (Tab, arrows, a click, `ui.focus`, initial focus).
---@field onBlur? fun(component: ui.Component) `onBlur(component)`: it lost the focus to another component of its layer.

---A dropdown: `label: title ▼` closed; open (`expanded`), `title ▲` and its items drawn over what lies below, `✓` before the selected one. Choosing sets `selected`, closes it, then calls the item's onSelect and the dropdown's. Esc or a click outside closes it.
---@class ui.Dropdown : ui.Component
---@field label? string `label: ` before the field, as a menu picker's (default "").
---@field items? (ui.DropdownItem|string)[] The choices; a string is an item with that title (default {}).
---@field count? integer With a data source: how many items there are, instead of `items`.
---@field item? fun(index: integer): ui.DropdownItem|string With `count`: `item(i)` returns item `i` (a table or a string); called only for the items shown, once each per frame.
---@field selected? ui.ItemID The **id** of the chosen item (its index when it has no `id`); the constructor writes the default into the table, and a choice is written back (default the first item's id (none when `placeholder` is set)).
---@field placeholder? string Shown (dim) while nothing is chosen.
---@field expanded? boolean Whether the list is open; written back when it opens or closes (default false).
---@field onSelect? fun(item: ui.DropdownItem|string) `onSelect(item)`: an item was chosen, **after** the item's own `onSelect`.
---@field autofocus? boolean Takes the initial focus of its screen, sheet or drawer (the first that asks); see Focus (default false).
---@field onFocus? fun(component: ui.Component) `onFocus(component)`: it got the focus (Tab, arrows, a click, `ui.focus`, initial focus).
---@field onBlur? fun(component: ui.Component) `onBlur(component)`: it lost the focus to another component of its layer.

---A bottom sheet, shown with `ui.present(sheet)` over the bottom of the screen, with rounded top corners. Esc, a click above it, or a drag of its top edge down by 3+ rows dismisses it when dismissible.
---@class ui.Sheet : ui.Component
---@field title? string Shown in the top edge: `╭── Title ───╮` (default "").
---@field height? ui.SheetHeight A number up to `1.0` that is not an integer: a fraction of the frame's rows (rounded; `1.0` is the whole frame); an integer: a row count (`1` is one row); `"fit"`: the content's height plus the top edge. At least 2 rows, at most the frame (default 0.25).
---@field dismissible? boolean Whether Esc, a click above it and a drag close it; when `false` only `ui.dismiss()` does (default true).
---@field onDismiss? fun(sheet: ui.Sheet) `onDismiss(sheet)`: the sheet was closed, however it was closed (Esc, click, drag, `ui.dismiss`).
---@field [integer] ui.Component The content, top to bottom.

---A side menu from the left: set it as a screen's `drawer`. Esc, a click outside it or a drag left closes it.
---@class ui.Drawer : ui.Component
---@field width? integer Columns, the `│` edge included (at most the frame width) (default frame width − 10, at most 40).
---@field [integer] ui.Component The content, top to bottom.

---A text-art picture: the file ASSETS/NAME.txt (`--assets DIR`, default Assets/), centred and cropped to its box. A missing asset draws `[missing image: NAME]`.
---@class ui.Image : ui.Component
---@field asset? string The asset's name, without `.txt`; a name with `/` or a leading `.` is never read, nor a file that is not a regular file, nor (without `--allow io`) one whose real path, symlinks resolved, is outside both the assets folder and the folder of the first screen (default "").
---@field width? integer Columns it asks for in an `hstack` (default the widest line of the art).
---@field height? integer Rows it takes (default the art's line count).

---A spinner while work is under way (it turns with the clock), or a bar for 0…1.
---@class ui.Progress : ui.Component
---@field value? number `nil`: a spinner; a number: a bar and a percentage (a value set later outside 0…1 is clamped).
---@field label? string After the spinner, or before the bar (default "").
---@field spinner? ui.SpinnerStyle The spinner's frames, named as Bubble Tea's `spinner` package names them (table below) (default "minidot").
---@field style? ui.Style The colours and attributes of the spinner, or of the bar's filled part: `{ fg = "success" }`.

---A box that is ticked or not: `[x] title` / `[ ] title`. Enter, Space or a click toggles it while it has focus.
---@class ui.Checkbox : ui.Component
---@field title? string The label after the box (default "").
---@field checked? boolean Whether the box is ticked; a toggle is written back before `onChange` (default false).
---@field onChange? fun(checked: boolean) `onChange(checked)`: Enter, Space or a click toggled the box; `checked` is the new value.
---@field autofocus? boolean Takes the initial focus of its screen, sheet or drawer (the first that asks); see Focus (default false).
---@field onFocus? fun(component: ui.Component) `onFocus(component)`: it got the focus (Tab, arrows, a click, `ui.focus`, initial focus).
---@field onBlur? fun(component: ui.Component) `onBlur(component)`: it lost the focus to another component of its layer.

---A one-line text field: its label above, the text between brackets, the message of a failed validate below. Printable keys insert at the caret; Left/Right, Home/End, Backspace/Delete, ctrl-a/e/u/k/w and alt-b/f edit; Enter validates and submits.
---@class ui.Input : ui.Component
---@field label? string Shown bold on the row above the field (default "").
---@field value? string The text; every edit is written back before `onChange` (default "").
---@field placeholder? string Shown dim while the value is empty; in plain text between `‹ ›` (`<` `>` with `--ascii`), so it is never read as a value (default "").
---@field prompt? string Drawn before the text inside the brackets, in the accent colour: `[> text]`; not part of `value` (default "").
---@field style? ui.Style Colours and attributes of the text (underlined in any case).
---@field placeholderStyle? ui.Style Colours and attributes of the placeholder (default the theme's `muted`).
---@field password? boolean Draw one `•` per character instead of the text (default false).
---@field maxLength? integer At most this many characters (typing and pastes stop there).
---@field error? string The message drawn under the field: what `validate` returned at the last Enter; a script may set it too (say, after checking with a server).
---@field validate? fun(value: string): string? `validate(value)` → a message, or nil when the value is good: called on Enter, and on each edit while a message shows.
---@field onChange? fun(value: string) `onChange(value)`: after each edit.
---@field onSubmit? fun(value: string) `onSubmit(value)`: Enter, when `validate` returned nil; focus stays on the field.
---@field suggestions? string[]|fun(text: string): string[] Completions: the first that starts with the value (letters compared without case) shows dim past it (`‹ ›` in plain text) while the caret is at the end; Tab or Right takes it (an edit: `onChange` runs). An array (only its first 10,000 entries looked at), or `suggestions(text)` returning one, called under the script's limits before drawing (an error shows in the banner; one that runs into a limit is not called again). Not for a password.
---@field autofocus? boolean Takes the initial focus of its screen, sheet or drawer (the first that asks); see Focus (default false).
---@field onFocus? fun(component: ui.Component) `onFocus(component)`: it got the focus (Tab, arrows, a click, `ui.focus`, initial focus).
---@field onBlur? fun(component: ui.Component) `onBlur(component)`: it lost the focus to another component of its layer.

---An on/off switch: `[━●] title` when on, `[○━] title` when off. Enter, Space or a click flips it while it has focus.
---@class ui.Switch : ui.Component
---@field title? string The label after the switch (default "").
---@field on? boolean Whether it is on; a flip is written back before `onChange` (default false).
---@field onChange? fun(on: boolean) `onChange(on)`: Enter, Space or a click flipped it; `on` is the new value.
---@field autofocus? boolean Takes the initial focus of its screen, sheet or drawer (the first that asks); see Focus (default false).
---@field onFocus? fun(component: ui.Component) `onFocus(component)`: it got the focus (Tab, arrows, a click, `ui.focus`, initial focus).
---@field onBlur? fun(component: ui.Component) `onBlur(component)`: it lost the focus to another component of its layer.

---A group of choices, one row each: `(•) chosen`, `( ) other`. Up/Down move the cursor, Space or Enter chooses.
---@class ui.Radio : ui.Component
---@field items? (ui.PickerItem|string)[] The choices, one row each; a string is an item with that title (default {}).
---@field selected? integer The chosen row; the constructor writes the default, and a choice is written back before `onChange` (default 1).
---@field onChange? fun(item: ui.PickerItem|string, index: integer) `onChange(item, index)`: Space, Enter or a click chose a row.
---@field autofocus? boolean Takes the initial focus of its screen, sheet or drawer (the first that asks); see Focus (default false).
---@field onFocus? fun(component: ui.Component) `onFocus(component)`: it got the focus (Tab, arrows, a click, `ui.focus`, initial focus).
---@field onBlur? fun(component: ui.Component) `onBlur(component)`: it lost the focus to another component of its layer.

---A multi-line text field, `height` rows between brackets. Enter starts a new line, Up/Down move by line (leaving the field at its first and last line), Tab moves focus.
---@class ui.TextArea : ui.Component
---@field label? string Shown bold on the row above the field (default "").
---@field value? string The text, lines separated by `\n`; every edit is written back before `onChange` (default "").
---@field placeholder? string Shown dim while the value is empty (default "").
---@field height? ui.Size Rows of text shown (1…1000), or a percentage of its stack or a share of what is left, which it fills; the view scrolls to the caret (default 5).
---@field onChange? fun(value: string) `onChange(value)`: after each edit.
---@field autofocus? boolean Takes the initial focus of its screen, sheet or drawer (the first that asks); see Focus (default false).
---@field onFocus? fun(component: ui.Component) `onFocus(component)`: it got the focus (Tab, arrows, a click, `ui.focus`, initial focus).
---@field onBlur? fun(component: ui.Component) `onBlur(component)`: it lost the focus to another component of its layer.

---A table: a header row over rows of cells, a row cursor across the table. It reads only the rows it shows, from `rows` or from a data source (`count` and `row(i)`). Up/Down/PageUp/PageDown/Home/End move, Enter selects; Left/Right scroll a wide table (with `sortable`, they move the column cursor; `s` or Enter on a title sorts).
---@class ui.Table : ui.Component
---@field columns? ui.TableColumn[] The columns, left to right (fields below) (default {}).
---@field rows? table[] The rows, each a table whose fields the columns' keys name; only the rows shown are read, and the array is not checked whole (default {}).
---@field count? integer With a data source: how many rows there are, instead of `rows`.
---@field row? fun(index: integer): table With `count`: `row(i)` returns row `i` (a table); called only for the rows shown, once each per frame.
---@field selected? integer The cursor's row; the constructor writes the default into the table (over no rows too), and every move (and a sort) is written back (default 1).
---@field sortable? boolean Whether the column cursor, `s`, Enter on a title and clicks on titles sort (default false).
---@field cursor? ui.TableCursor What the cursor is: a whole row, or one cell that Left/Right move (see A cell cursor) (default "row").
---@field selectedColumn? integer With `cursor = "cell"`: the cursor's column; written when the table is first read, and at every move (default 1).
---@field onSelect? fun(row: table, index: integer) `onSelect(row, index)`: Enter or a click on a row.
---@field onHighlight? fun(row: table, index: integer) `onHighlight(row, index)`: the cursor moved to another row.
---@field onCellSelect? fun(row: integer, column: integer) `onCellSelect(row, column)`: with `cursor = "cell"`, Enter or a click on a cell, with its 1-based row and column (instead of `onSelect`).
---@field onSort? fun(column: ui.TableColumn, ascending: boolean) `onSort(column, ascending)`: a sort was asked for; `rows` is sorted already, a data source sorts here.
---@field autofocus? boolean Takes the initial focus of its screen, sheet or drawer (the first that asks); see Focus (default false).
---@field onFocus? fun(component: ui.Component) `onFocus(component)`: it got the focus (Tab, arrows, a click, `ui.focus`, initial focus).
---@field onBlur? fun(component: ui.Component) `onBlur(component)`: it lost the focus to another component of its layer.

---Children in a column that may be taller than its place: `↑`/`↓` in its last column show that more lies beyond an edge. The wheel scrolls it; focus moving among the controls inside scrolls the focused one into view; holding no control, it takes focus itself and Up/Down/PageUp/PageDown/Home/End scroll it. The host keeps the offset.
---@class ui.Scroll : ui.Component
---@field height? ui.Size Rows it takes, a percentage of its stack or a share of what is left (as any child of a stack); unset, it is flexible like a list (at least 3 rows when its container scrolls) (default the space left).
---@field autofocus? boolean Takes the initial focus of its screen, sheet or drawer (the first that asks); see Focus (default false).
---@field onFocus? fun(component: ui.Component) `onFocus(component)`: it got the focus (Tab, arrows, a click, `ui.focus`, initial focus).
---@field onBlur? fun(component: ui.Component) `onBlur(component)`: it lost the focus to another component of its layer.
---@field [integer] ui.Component The content, top to bottom.

---A message in a box over everything, with one button. Calling `ui.alert{…}` shows it.
---@class ui.Alert : ui.Component
---@field title? string In the top edge, bold (default "").
---@field message? string The text inside, wrapped (default "").
---@field confirm? string The button's label (default "OK").
---@field onChoice? fun(ok: boolean) `onChoice(ok)`: true after the button, false after Esc.

---A question in a box over everything, with Cancel and a confirm button; focus starts on Cancel and Esc answers false. Calling `ui.confirm{…}` shows it.
---@class ui.Confirm : ui.Component
---@field title? string In the top edge, bold (default "").
---@field message? string The text inside, wrapped (default "").
---@field confirm? string The confirm button's label (the right one) (default "OK").
---@field cancel? string The cancel button's label; it has focus first (default "Cancel").
---@field destructive? boolean The confirm button in the theme's `error` colour (default false).
---@field onChoice? fun(ok: boolean) `onChoice(ok)`: true after confirm, false after Cancel or Esc.

---Lines of text growing at the bottom: it keeps the last `max`, follows the tail until the user scrolls up (Up/PageUp/Home/the wheel write `follow = false`; End or scrolling to the bottom follows again) and cuts long lines with `…`. Only the lines shown are read. `log:append(text)` adds lines.
---@class ui.Log : ui.Component
---@field lines? string[] The lines, oldest first; only the lines shown are read; `log:append(text)` adds to it (default {}).
---@field max? integer How many of the last lines are kept and shown (default 10000).
---@field follow? boolean Whether the view shows the tail; written back: false when the user scrolls up, true at End or the bottom (default true).
---@field autofocus? boolean Takes the initial focus of its screen, sheet or drawer (the first that asks); see Focus (default false).
---@field onFocus? fun(component: ui.Component) `onFocus(component)`: it got the focus (Tab, arrows, a click, `ui.focus`, initial focus).
---@field onBlur? fun(component: ui.Component) `onBlur(component)`: it lost the focus to another component of its layer.

---A tree of nodes, one row each: `▸`/`▾` marks, Right opens, Left closes (or goes to the parent), Space toggles, Enter selects.
---@class ui.Tree : ui.Component
---@field nodes? (ui.TreeItem|string)[] The top-level nodes (fields below); a string is a leaf with that title; only open nodes' children are read (default {}).
---@field onSelect? fun(node: ui.TreeItem|string) `onSelect(node)`: Enter or a click on a node's title.
---@field onExpand? fun(node: ui.TreeItem) `onExpand(node)`: a node opened, after its `expanded` was written and a `children` function was called.
---@field autofocus? boolean Takes the initial focus of its screen, sheet or drawer (the first that asks); see Focus (default false).
---@field onFocus? fun(component: ui.Component) `onFocus(component)`: it got the focus (Tab, arrows, a click, `ui.focus`, initial focus).
---@field onBlur? fun(component: ui.Component) `onBlur(component)`: it lost the focus to another component of its layer.

---A box: its children top to bottom inside a border, with a title in the top border (cut with `…` when narrow) and padding inside (default 0 rows, 1 column). Its `width`/`height` include the border; the border takes the accent colour while focus is inside.
---@class ui.Box : ui.Component
---@field title? string Shown in the top border, cut with `…` when narrow (default "").
---@field border? ui.Border How the border is drawn (default "rounded").
---@field padding? integer|integer[] Space inside the border (default `{ 0, 1 }`).
---@field style? ui.Style The box's colours, under its children's own.
---@field align? ui.StackAlign Where children narrower than the box go (default "start").
---@field [integer] ui.Component Children, top to bottom inside the border.

---A link: its title underlined in the accent colour, an OSC 8 hyperlink in a terminal with colours, `Title <url>` in plain text. Enter, Space or a click call onSelect; the host opens nothing.
---@class ui.Link : ui.Component
---@field title? string The text shown; the URL when empty (default "").
---@field url? string Where it points (default "").
---@field style? ui.Style Colours and attributes of the title, over the accent and underline; `underline = false` takes the underline off.
---@field onSelect? fun(link: ui.Link) Called on Enter, Space or a click.
---@field autofocus? boolean Takes the initial focus of its screen, sheet or drawer (the first that asks); see Focus (default false).
---@field onFocus? fun(component: ui.Component) `onFocus(component)`: it got the focus (Tab, arrows, a click, `ui.focus`, initial focus).
---@field onBlur? fun(component: ui.Component) `onBlur(component)`: it lost the focus to another component of its layer.

---A short status in a coloured pill: ` ✓ Saved `, its colour and mark from its kind.
---@class ui.Badge : ui.Component
---@field text? string The words in the pill (default "").
---@field kind? "info"|"success"|"warning"|"error" Its colour (the theme's `accent`, `success`, `warning` or `error`) and, but for info, its mark (default "info").

---A chip that is chosen or not, such as a filter: ` ✓ rust ` in its colour when chosen, ` + rust ` dim when not. Enter, Space or a click flips it while it has focus.
---@class ui.Tag : ui.Component
---@field text? string The words on the chip (default "").
---@field selected? boolean Whether it is chosen; a flip is written back before `onChange` (default false).
---@field color? "accent"|"success"|"warning"|"error" The theme colour of the pill while chosen (default "accent").
---@field onChange? fun(selected: boolean) `onChange(selected)`: Enter, Space or a click flipped it; `selected` is the new value.
---@field autofocus? boolean Takes the initial focus of its screen, sheet or drawer (the first that asks); see Focus (default false).
---@field onFocus? fun(component: ui.Component) `onFocus(component)`: it got the focus (Tab, arrows, a click, `ui.focus`, initial focus).
---@field onBlur? fun(component: ui.Component) `onBlur(component)`: it lost the focus to another component of its layer.

---Markdown drawn for the terminal: CommonMark with GitHub tables, task lists, strikethrough and autolinks. It wraps and scrolls (Up/Down/PageUp/PageDown/Home/End, the wheel); Tab/Shift-Tab step through its links, Enter or a click calls onLink(url). Raw HTML is not shown. `md:toc()` lists the headings, `md:scrollTo(heading)` shows one first.
---@class ui.Markdown : ui.Component
---@field text? string The markdown; parsed once per text, and only as far as it is shown (default "").
---@field onLink? fun(url: string, md: ui.Markdown) Called with the link's URL on Enter over the link cursor or a click on a link; the host itself opens nothing.
---@field autofocus? boolean Takes the initial focus of its screen, sheet or drawer (the first that asks); see Focus (default false).
---@field onFocus? fun(component: ui.Component) `onFocus(component)`: it got the focus (Tab, arrows, a click, `ui.focus`, initial focus).
---@field onBlur? fun(component: ui.Component) `onBlur(component)`: it lost the focus to another component of its layer.

---Children in the cells of a grid, in order: left to right, then down. `columns` and `rows` give the tracks' sizes (cells, `"N%"`, `"Nfr"`); a child covers more cells with `colSpan`/`rowSpan`.
---@class ui.Grid : ui.Component
---@field columns? ui.Size[] Widths of the columns: cells, `"N%"` or `"Nfr"` (default one `"1fr"` column).
---@field rows? ui.Size[] Heights of the first rows, as `columns`; later rows as tall as their children (default as tall as their children).
---@field gap? integer Empty cells between columns and between rows (default 0).
---@field [integer] ui.Component Placed in order into the cells.

---A form, like huh's: its children in a column; Enter in a text field moves to the next field and in the last submits; submitting checks every field's `validate`, focuses the first with a message, or calls `onSubmit(values)` with the values by each field's `id`.
---@class ui.Form : ui.Component
---@field spacing? integer Empty rows between children (default 1).
---@field validateOn? ui.ValidateOn When a text field's `validate` runs besides Enter and submit: each edit, focus leaving it, or then only (default "change").
---@field onSubmit? fun(values: table<string, any>) `onSubmit(values)`: submitted with no field's message; `values` by each field's `id`.
---@field [integer] ui.Component The fields and anything else, top to bottom; fields inside stacks, boxes and grids count too.

---Numbers as one row of bars, `▁▂▄█▆▃`, a column each: the last values that fit its width.
---@class ui.Sparkline : ui.Component
---@field data? number[] The values, oldest first; only the last that fit are read (at most 1,000) (default {}).
---@field min? number The value of the lowest bar (the lowest shown when unset); a value below it draws as it.
---@field max? number The value of the highest bar (the highest shown when unset); a value above it draws as it.
---@field style? ui.Style Colours and attributes of the bars (the theme's accent unless said).

-- END GENERATED component classes

---The methods of a `ui.log` view (its fields are above).
---@class ui.Log
local Log = {}

---Adds the lines of `text` (split at line breaks) at the bottom, then drops the
---oldest past `max` (in batches: `lines` may briefly hold up to a quarter more).
---@param text string|number
function Log:append(text) end

---The methods of a `ui.markdown` view (its fields are above).
---@class ui.Markdown
local Markdown = {}

---A heading of a markdown text.
---@class ui.MarkdownHeading
---@field level integer 1 for `#`, 2 for `##`, …
---@field text string Its text, without marks.

---Every heading of the text, in order (the whole text is parsed for it).
---@return ui.MarkdownHeading[]
function Markdown:toc() end

---Shows a heading first on the next frame: its text (the first match, then one matching
---without case), its number in `md:toc()`, or an entry of it. An error when there is none.
---@param heading string|integer|ui.MarkdownHeading
function Markdown:scrollTo(heading) end

---The methods of a `ui.scroll` (its fields are above).
---@class ui.Scroll
local Scroll = {}

---Moves the view, as little as it can, so that `component` (inside the scroll) shows.
---@param component ui.Component
function Scroll:scrollTo(component) end

---Moves the view to the top.
function Scroll:scrollHome() end

---Moves the view to the bottom.
function Scroll:scrollEnd() end

---The methods of a `ui.list` (its fields are above).
---@class ui.List
local List = {}

---Moves the cursor to item `i` (written to `selected`, no handler called) and shows it at the top.
---@param i integer
function List:scrollTo(i) end

---The methods of a `ui.table` (its fields are above).
---@class ui.Table
local Table = {}

---Moves the cursor to row `i` (written to `selected`, no handler called) and shows it at the top.
---@param i integer
function Table:scrollTo(i) end

---A handle returned by `ui.after` and `ui.every`.
---@class ui.Timer
---@field id integer The timer's number.
local Timer = {}

---Stops the timer: a pending `ui.after` never runs, a `ui.every` runs no more.
function Timer:cancel() end

-- The ui table -----------------------------------------------------------------

---The uihost API of screen scripts: component constructors, navigation, overlays,
---time and logging. Also `require "uihost"`.
ui = {}

-- BEGIN GENERATED component constructors (from the component registry: edit the components, then run
-- UIHOST_UPDATE_REFERENCE=1 swift test --filter ReferenceTests; do not edit by hand)
---The unit of navigation: a header row with its title (and `‹ Back` when pushed), a rule, then its children top to bottom.
---@param props ui.Screen Fields, and the children as positional entries.
---@return ui.Screen
function ui.screen(props) end

---Text that wraps at word boundaries by display width.
---@param props ui.Text|string Fields, or the text itself.
---@return ui.Text
function ui.text(props) end

---A button drawn as `[ title ]`.
---@param props ui.Button
---@return ui.Button
function ui.button(props) end

---Children stacked top to bottom.
---@param props ui.VStack Fields, and the children as positional entries.
---@return ui.VStack
function ui.vstack(props) end

---Children side by side, left to right.
---@param props ui.HStack Fields, and the children as positional entries.
---@return ui.HStack
function ui.hstack(props) end

---Flexible empty space in a stack.
---@param props? ui.Spacer
---@return ui.Spacer
function ui.spacer(props) end

---A full-width horizontal rule.
---@param props? ui.Divider
---@return ui.Divider
function ui.divider(props) end

---A navigation list or menu. It scrolls, and reads only the rows it shows.
---@param props ui.List
---@return ui.List
function ui.list(props) end

---A tab bar over (or under) the selected tab's page. Left/Right switch tabs while it has focus; a click on a label switches to it.
---@param props ui.Tabs Fields, and the children as positional entries.
---@return ui.Tabs
function ui.tabs(props) end

---A tab of a `ui.tabs`: its title and icon label the bar, its children fill the page.
---@param props ui.Tab Fields, and the children as positional entries.
---@return ui.Tab
function ui.tab(props) end

---A choice among items: a menu (`label: value ▼` and a popup list) or a wheel.
---@param props ui.Picker
---@return ui.Picker
function ui.picker(props) end

---A dropdown: `label: title ▼` closed; open (`expanded`), `title ▲` and its items drawn over what lies below, `✓` before the selected one. Choosing sets `selected`, closes it, then calls the item's onSelect and the dropdown's. Esc or a click outside closes it.
---@param props ui.Dropdown
---@return ui.Dropdown
function ui.dropdown(props) end

---A bottom sheet, shown with `ui.present(sheet)` over the bottom of the screen, with rounded top corners. Esc, a click above it, or a drag of its top edge down by 3+ rows dismisses it when dismissible.
---@param props ui.Sheet Fields, and the children as positional entries.
---@return ui.Sheet
function ui.sheet(props) end

---A side menu from the left: set it as a screen's `drawer`. Esc, a click outside it or a drag left closes it.
---@param props ui.Drawer Fields, and the children as positional entries.
---@return ui.Drawer
function ui.drawer(props) end

---A text-art picture: the file ASSETS/NAME.txt (`--assets DIR`, default Assets/), centred and cropped to its box. A missing asset draws `[missing image: NAME]`.
---@param props ui.Image
---@return ui.Image
function ui.image(props) end

---A spinner while work is under way (it turns with the clock), or a bar for 0…1.
---@param props ui.Progress
---@return ui.Progress
function ui.progress(props) end

---A box that is ticked or not: `[x] title` / `[ ] title`. Enter, Space or a click toggles it while it has focus.
---@param props ui.Checkbox
---@return ui.Checkbox
function ui.checkbox(props) end

---A one-line text field: its label above, the text between brackets, the message of a failed validate below. Printable keys insert at the caret; Left/Right, Home/End, Backspace/Delete, ctrl-a/e/u/k/w and alt-b/f edit; Enter validates and submits.
---@param props ui.Input
---@return ui.Input
function ui.input(props) end

---An on/off switch: `[━●] title` when on, `[○━] title` when off. Enter, Space or a click flips it while it has focus.
---@param props ui.Switch
---@return ui.Switch
function ui.switch(props) end

---A group of choices, one row each: `(•) chosen`, `( ) other`. Up/Down move the cursor, Space or Enter chooses.
---@param props ui.Radio
---@return ui.Radio
function ui.radio(props) end

---A multi-line text field, `height` rows between brackets. Enter starts a new line, Up/Down move by line (leaving the field at its first and last line), Tab moves focus.
---@param props ui.TextArea
---@return ui.TextArea
function ui.textarea(props) end

---A table: a header row over rows of cells, a row cursor across the table. It reads only the rows it shows, from `rows` or from a data source (`count` and `row(i)`). Up/Down/PageUp/PageDown/Home/End move, Enter selects; Left/Right scroll a wide table (with `sortable`, they move the column cursor; `s` or Enter on a title sorts).
---@param props ui.Table
---@return ui.Table
function ui.table(props) end

---Children in a column that may be taller than its place: `↑`/`↓` in its last column show that more lies beyond an edge. The wheel scrolls it; focus moving among the controls inside scrolls the focused one into view; holding no control, it takes focus itself and Up/Down/PageUp/PageDown/Home/End scroll it. The host keeps the offset.
---@param props ui.Scroll Fields, and the children as positional entries.
---@return ui.Scroll
function ui.scroll(props) end

---Shows a modal alert over everything once the running handler returns. Inside a `ui.spawn` function the call waits and returns true (the button) or false (Esc); elsewhere it returns nothing at once and the answer goes to onChoice.
---@param props ui.Alert
---@return boolean?
function ui.alert(props) end

---Shows a modal confirm dialog over everything once the running handler returns. Inside a `ui.spawn` function the call waits and returns true (confirm) or false (Cancel, Esc); elsewhere it returns nothing at once and the answer goes to onChoice.
---@param props ui.Confirm
---@return boolean?
function ui.confirm(props) end

---A tree of nodes that open and close; children may load on the first opening.
---@param props ui.Tree
---@return ui.Tree
function ui.tree(props) end

---A box with a border, a title and padding around its children.
---@param props ui.Box Fields, and the children as positional entries.
---@return ui.Box
function ui.box(props) end

---A link: `ui.link { title = "Docs", url = "https://…" }`.
---@param props ui.Link
---@return ui.Link
function ui.link(props) end

---A short status in a coloured pill: ` ✓ Saved `, its colour and mark from its kind.
---@param props ui.Badge|string Fields, or the text itself.
---@return ui.Badge
function ui.badge(props) end

---A chip that is chosen or not, such as a filter: ` ✓ rust ` in its colour when chosen, ` + rust ` dim when not. Enter, Space or a click flips it while it has focus.
---@param props ui.Tag|string Fields, or the text itself.
---@return ui.Tag
function ui.tag(props) end

---Markdown: `ui.markdown { text = "# Title\n\nSome *text*.", onLink = function(url) … end }`.
---@param props ui.Markdown
---@return ui.Markdown
function ui.markdown(props) end

---Children in the cells of a grid, in order: left to right, then down. `columns` and `rows` give the tracks' sizes (cells, `"N%"`, `"Nfr"`); a child covers more cells with `colSpan`/`rowSpan`.
---@param props ui.Grid Fields, and the children as positional entries.
---@return ui.Grid
function ui.grid(props) end

---A form, like huh's: its children in a column; Enter in a text field moves to the next field and in the last submits; submitting checks every field's `validate`, focuses the first with a message, or calls `onSubmit(values)` with the values by each field's `id`.
---@param props ui.Form Fields, and the children as positional entries.
---@return ui.Form
function ui.form(props) end

---Numbers as one row of bars, `▁▂▄█▆▃`, a column each: the last values that fit its width.
---@param props ui.Sparkline
---@return ui.Sparkline
function ui.sparkline(props) end

-- END GENERATED component constructors

---Shows a short message in the bottom-right corner that goes by itself after `duration`
---milliseconds of the host's clock; several stack, at most 5 (the oldest goes first).
---@param toast string|ui.ToastOptions
function ui.toast(toast) end

---The frame's size in cells, now.
---@return { width: integer, height: integer }
function ui.size() end

---Pushes a screen on the navigation stack (its onAppear runs, the previous screen's
---onDisappear first). A string is the path of a screen script relative to the current
---screen's directory; it is run, and must return a `ui.screen`.
---@param screen ui.Screen|string
function ui.push(screen) end

---Back to the previous screen (Esc does this when no overlay is open); nothing at the root.
function ui.pop() end

---Shows a sheet over the bottom of the screen; an error if it is already presented.
---@param sheet ui.Sheet
function ui.present(sheet) end

---Closes a presented sheet (the topmost when `sheet` is nil) and calls its onDismiss,
---even when it is not dismissible. Nothing happens when it is not presented.
---@param sheet? ui.Sheet
function ui.dismiss(sheet) end

---Opens the current screen's drawer (nothing when it has none).
function ui.openDrawer() end

---Closes the current screen's drawer.
function ui.closeDrawer() end

---Binds a key for the whole app: below the `keys` of components and screens, above
---the host's own keys (q, Esc, arrows; never ctrl-c). Binding the same key again
---replaces it. An unknown key name or a missing description is an error.
---@param key string A key name, as in `keys`: `"ctrl-k"`, `"f5"`, `"alt-x"`.
---@param desc string What the help overlay and the footer show (`""`: help only).
---@param fn fun()
function ui.bind(key, desc, fn) end

---Moves focus to `component` once the running handler returned and the screen is laid
---out again (its onBlur/onFocus run then); nothing when it is not shown or cannot
---take focus. `ui.focus(nil)` leaves no component of the top layer focused, until Tab
---or a click.
---@param component ui.Component|nil
function ui.focus(component) end

---Picks a built-in theme (`"dark"`, `"light"`, `"mono"`) or overrides tokens of the current one:
---`ui.theme{ accent = "#ff8800" }`. An unknown token or a value that is not a colour is an error.
---@param theme "dark"|"light"|"mono"|ui.ThemeTokens
function ui.theme(theme) end

---Leaves the program with exit status `code` (default 0); the current handler runs to its end,
---then no further event is handled.
---@param code? integer
function ui.quit(code) end

---Runs `fn` once after `ms` milliseconds (at least 1) of the host's clock.
---@param ms number Non-negative.
---@param fn fun()
---@return ui.Timer
function ui.after(ms, fn) end

---Runs `fn` every `ms` milliseconds (at least 1) of the host's clock until cancelled.
---@param ms number Non-negative.
---@param fn fun()
---@return ui.Timer
function ui.every(ms, fn) end

---Runs `fn` now as a coroutine; inside it `ui.sleep(ms)` waits without blocking the UI.
---An error in it shows the error banner.
---@param fn fun()
function ui.spawn(fn) end

---Suspends the coroutine that `ui.spawn` runs for `ms` milliseconds (at least 1);
---an error anywhere else.
---@param ms number Non-negative.
function ui.sleep(ms) end

---@class ui.CommandContext
---@field id string The command's id.
---@field plugin? string The plugin it comes from (plugin commands only).
---@field folder? string The plugin's folder (plugin commands only).
---@field args any[] Copies of the arguments `ui.run(id, ...)` gave after the id (empty otherwise).

---@class ui.Command
---@field id string Unique among the app's commands.
---@field title string What the command palette (ctrl-p) shows and filters on.
---@field keys? string A key that runs it from anywhere in the app (`"ctrl-s"`).
---@field description? string One line about it.
---@field run fun(ctx: ui.CommandContext) Runs the command.

---Adds a command to the app's registry: the command palette (ctrl-p) lists it and its
---`keys` runs it. Registering an id again replaces the screen's own command.
---@param command ui.Command
function ui.command(command) end

---Runs command `id` now; its `ctx.args` holds copies of the arguments after `id`.
---True when it ran; false and the message when it failed.
---@param id string
---@param ... any nil, booleans, numbers, strings and tables of them
---@return boolean ok
---@return string? message
function ui.run(id, ...) end

---Offers functions to the screen and plugins, called by name with `ui.call`: the
---screen's as `name`, a plugin's as `plugin.name`. Exposing a name again replaces it.
---@param functions table<string, function>
function ui.expose(functions) end

---Calls an exposed function with copies of the arguments (nil, booleans, numbers,
---strings and tables of them; at most 10^5 values and 16 MiB) and returns copies of
---its results. It runs under its owner's limits; its error is raised here, naming it.
---@param name string `name` for the screen's, `plugin.name` for a plugin's
---@param ... any
---@return any ...
function ui.call(name, ...) end

---A `ui.list` of the items plugins contribute to menu `name` (empty when none do);
---choosing one runs its command. The result is a `ui.List` (its `items` may be read).
---@param name string
---@return table list
function ui.menu(name) end

---Writes its arguments, converted with tostring and separated by tabs, to the log
---(stderr when headless, the log file when interactive); never to the frame. `print`
---does the same. Given one plain table, it makes a log view instead: `ui.log { max = 500 }`.
---@overload fun(props: ui.Log): ui.Log
---@param ... any
---@return ui.Log? log the view, when given one plain table
function ui.log(...) end

---The screen's arguments: the words after `--` on the command line (`uihost SCREEN -- a b`,
---`uihost render SCREEN -- a b`), or `test.open`'s `args`. Empty without them, and for plugins.
---@type string[]
ui.args = {}

---The value of environment variable `name`, which must have been named with `--env NAME`
---(or `test.open`'s `env`): nil when it is named but unset, an error for any other name,
---so that a screen reads no token it was not given. The screen's only: a plugin's call errs.
---@param name string
---@return string?
function ui.env(name) end

---Options of `ui.json.decode` and `ui.json.encode`.
---@class ui.JSONOptions
---@field ordered? boolean Objects as `{ keys = {…}, values = {…} }` in document order (decode), and such tables written as objects in that order (encode). Default false.
---@field maxDepth? integer How deep arrays and objects may nest (default 1000).
---@field maxBytes? integer The longest document read or text written (default 64 MiB).
---@field indent? integer encode: spaces per level, one item a line (default 0: one line, no spaces).

---JSON in and out (RFC 8259). Limits of depth, size and number length end in an error
---naming the place: `ui.json.decode: unexpected '}' at line 3, column 5 (byte 42)`.
ui.json = {}

---The value JSON's `null` decodes to (a light userdata), and that encodes as `null`.
---@type lightuserdata
ui.json.null = nil

---Reads a JSON document: objects and arrays become tables, `null` becomes `ui.json.null`,
---integers that fit 64 bits integers and other numbers floats (`1e999` is an error).
---@param text string
---@param options? ui.JSONOptions
---@return any
function ui.json.decode(text, options) end

---Writes a value as JSON: a table with keys 1…n is an array, any other table an object with
---its keys sorted. Functions, cycles, NaN, infinities and strings that are not UTF-8 are errors.
---@param value any
---@param options? ui.JSONOptions
---@return string
function ui.json.encode(value, options) end

-- Files: fs (--allow fs; plugins: permissions = { "fs" } and a grant) ----------

---An entry of a folder, or what `fs.stat` finds.
---@class fs.Entry
---@field name string The last part of the path (bytes as they are on disk).
---@field kind "file"|"directory"|"link"|"other" A symlink is a "link" in `fs.list` (not followed); `fs.stat` follows it.
---@field size integer Bytes.
---@field mtime integer Last modified, in seconds since 1970 (as `os.time` counts).
---@field link? boolean `fs.stat`: the path itself is a symlink (leading inside).

---The files of the project (the folder of the first screen) and of the `--allow-path`
---folders; for a plugin, its own folder and the `--allow-path` folders. Paths are
---resolved by real path: `..`, symlinks leading out, FIFOs and devices are refused with
---an error naming the path.
fs = {}

---The entries of a folder (default "."), sorted by name; at most 10^5.
---@param dir? string
---@return fs.Entry[]
function fs.list(dir) end

---The bytes of a regular file: at most 64 MiB unless `maxBytes` says otherwise.
---@param path string
---@param options? { maxBytes?: integer }
---@return string
function fs.read(path, options) end

---Writes the file whole (a temporary file renamed over it); its folder must exist.
---@param path string
---@param text string
---@return true
function fs.write(path, text) end

---The entry at `path` (symlinks inside followed), or nil when nothing is there.
---@param path string
---@return fs.Entry?
function fs.stat(path) end

---Whether something is at `path`.
---@param path string
---@return boolean
function fs.exists(path) end

-- Automation scripts -----------------------------------------------------------

---Options of `test.open`.
---@class test.OpenOptions
---@field size? string The frame size as "COLSxROWS", e.g. "60x20" (default "80x24").
---@field assets? string Where `ui.image` finds assets (default "Assets").
---@field maxInstructions? integer The app's instruction budget per call (default `--max-instructions`, else 10^8).
---@field allow? string|string[] Sandbox capabilities to lift: "io", "os", "fs", "all", as a comma list ("io,os") or a table ({ "io", "os" }).
---@field args? string[] The screen's `ui.args`.
---@field env? table<string, string|false> The variables `ui.env` may read, with their values (false: named but unset).
---@field allowPaths? string[] Folders `fs` reaches besides the project (as `--allow-path`).
---@field stats? boolean Count what a terminal would be sent, for `app:stats()` (draws after every event; default false).

---A headless app opened by `test.open`: a separate host with its own Lua state. It
---lives until the end of the case that opened it. Rows and columns are 1-based.
---@class test.App
local App = {}

---Sends keys in order; "wait:MS" moves the virtual clock. An unknown key name is an error.
---@param ... test.KeyName
function App:press(...) end

---Types each character of `text` as a key (" " is space, "\n" enter, "\t" tab).
---@param text string
function App:type(text) end

---Where the terminal cursor shows: `col, row` (1-based), or nil while it is hidden
---(it shows at the caret of a focused text field).
---@return integer? col
---@return integer? row
function App:cursor() end

---A left click (press and release) at a cell, or on the first occurrence of `text`
---in the frame (an error when it is not shown).
---@param col integer
---@param row integer
---@overload fun(self: test.App, text: string)
function App:click(col, row) end

---A mouse drag: press at (c1, r1), move to and release at (c2, r2).
---@param c1 integer
---@param r1 integer
---@param c2 integer
---@param r2 integer
function App:drag(c1, r1, c2, r2) end

---The mouse wheel at a cell, `n` steps (n > 0 down, n < 0 up).
---@param col integer
---@param row integer
---@param n integer
function App:scroll(col, row, n) end

---The terminal changed size: later frames are `cols` x `rows` (0…1000; a negative count is 0).
---@param cols integer
---@param rows integer
function App:resize(cols, rows) end

---Moves the virtual clock by `ms`, running due timers and sleeping coroutines in order.
---@param ms number
function App:advance(ms) end

---The frame as text: its lines joined by "\n", trailing spaces trimmed.
---@return string
function App:screen() end

---Line `n` of the frame, trailing spaces trimmed ("" outside the frame).
---@param n integer
---@return string
function App:line(n) end

---Whether the frame shows `s` (within one line).
---@param s string
---@return boolean
function App:contains(s) end

---Where `s` first shows: its column (in display columns) and row, or nil.
---@param s string
---@return integer? col
---@return integer? row
function App:find(s) end

---Fails the case, printing the frame, unless the frame shows `s`.
---@param s string
function App:expect(s) end

---Fails the case, printing the frame, if the frame shows `s`.
---@param s string
function App:expectNot(s) end

---Compares the frame with `__snapshots__/<script>/<name>.txt` beside the script: a
---missing file is written and reported as new, a mismatch fails with the rows that
---differ; `--update-snapshots` rewrites it. `name` has no "/".
---@param name string
---@param options? { styles?: boolean } `styles = true` also keeps `<name>.ansi.txt`, the frame with its colours.
function App:snapshot(name, options) end

---Runs Lua code in the app's own state (e.g. "return count") and returns its
---results copied back: nil, booleans, numbers, strings and tables of them; any other
---value arrives as its type name ("function"). An error in the code is an error here.
---@param code string
---@return any ...
function App:eval(code) end

---The handler errors raised so far in this app, as the banner showed them.
---@return string[]
function App:errors() end

---What an interactive (colour) terminal would have been sent since `test.open`: the
---frames go through the same diff writer, drawn after every event and every wake-up
---of the clock (each timer, every 80 ms while a spinner runs).
---@class test.Stats
---@field keys integer Key events sent (each character of `app:type` is one).
---@field frames integer Frames that sent bytes (the first is the whole screen; one that changes nothing sends none).
---@field bytes integer Bytes sent, in all.
---@field lastFrameBytes integer Bytes of the last frame that sent any.

---The terminal output so far, so that a test can hold a byte or frame budget.
---@return test.Stats
function App:stats() end

---A component as a screen reader meets it (`app:tree()`).
---@class test.Node
---@field role string "screen", "text", "button", "checkbox", "switch", "radio", "input", "textarea", "list", "listitem", "tabs", "tab", "picker", "dropdown", "menu", "option", "sheet", "drawer", "image", "progress", "table", "row", "group", "spacer" or "separator".
---@field label string The title, label or text ("" when it has none).
---@field value? string The value or state in words: "checked"/"not checked", "on"/"off", the chosen item, the text typed (a password as "•"s), "50%" or "busy".
---@field focused boolean Whether keys go to it.
---@field selected? boolean For items (listitem, tab, option): whether it is the chosen one.
---@field expanded? boolean A dropdown or menu picker: whether its popup is open.
---@field disabled? boolean Set (true) on a disabled button or list row.
---@field children test.Node[] What it holds, in order; the root also holds the open drawer and sheets, last.

---The semantic tree of the screen shown: the screen's node, its components, and the
---overlays (drawer, sheets) as the root's last children; an open popup is a "menu"
---under its dropdown or picker. Only the rows a list shows are in it.
---@return test.Node
function App:tree() end

---The API of automation scripts run by `uihost test` (`*_test.lua`). These scripts
---have the full standard library; `ui` exists only inside apps (see `app:eval`).
test = {}

---Options of `test.case`.
---@class test.CaseOptions
---@field sizes? string[] A size matrix: the case runs once per size ("80x24"), reported as `name [80x24]`, with the size as `fn`'s argument; `test.open` in it opens at that size, and its snapshots go to `__snapshots__/<script>/<size>/`.

---Declares a named case; an error or a failed expectation fails that case only.
---@param name string
---@param fn fun(size?: string)
---@overload fun(name: string, options: test.CaseOptions, fn: fun(size: string))
function test.case(name, fn) end

---Starts a headless app on a screen script (path relative to the working directory).
---@param path string
---@param options? test.OpenOptions
---@return test.App
function test.open(path, options) end

return ui
