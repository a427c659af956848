-- Benchmark screen for "the host reads only what it can show": a 100 MB
-- ui.text (inside the 256 MiB script memory limit). Rendering it must take
-- < 0.5 s and < 300 MiB for the whole process (docs/PERFORMANCE.md).
return ui.screen {
  title = "Huge text",
  ui.text { text = string.rep("W ", 5e7) },
}
