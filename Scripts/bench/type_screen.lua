-- The screen Scripts/bench/type_bench.lua types into: a labelled field.
return ui.screen { title = "Type", ui.input { label = "Name" }, ui.text "Press Enter when done." }
