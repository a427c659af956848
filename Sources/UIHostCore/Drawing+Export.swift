// Frames, text and geometry are the Drawing module's: the core's API speaks
// them (`Host.render()` gives a `FrameBuffer`), so every file here and every
// client of the core sees them as the core's own.
@_exported import Drawing
