-- Bench screen (Scripts/bench/run.py): a ui.markdown of the file named after
-- `--`, rendered once: the whole process is the first frame's cost.
-- Run with --allow fs and --allow-path of the file's folder.
return ui.screen { title = "Markdown bench", ui.markdown { text = fs.read(ui.args[1], { maxBytes = 64 << 20 }) } }
