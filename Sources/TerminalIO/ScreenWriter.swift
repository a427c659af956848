import Drawing

/// Turns frames into terminal output: keeps the previous frame and writes only
/// the runs of cells that changed, with cursor moves, emitting a style only
/// when it changes — one string per frame.
public struct ScreenWriter {
    /// How many colours the terminal shows; nil for none (`--plain`, `NO_COLOR`):
    /// then no attributes either, only text and marks.
    public var depth: ColorDepth?
    /// What theme tokens look like. A new theme repaints everything.
    public var theme: Theme = .dark {
        didSet { if theme != oldValue { previous = nil } }
    }
    public var colors: Bool { depth != nil }
    private var previous: FrameBuffer?
    /// Whether the terminal shows its cursor: hidden on entering (`Terminal`),
    /// nil when not known (after `invalidate`).
    private var cursorShown: Bool? = false
    /// Where the cursor was left at the end of the last update while shown.
    private var cursorAt: Point?

    public init(colors: Bool) {
        depth = colors ? .ansi16 : nil
    }

    public init(depth: ColorDepth?, theme: Theme = .dark) {
        self.depth = depth
        self.theme = theme
    }

    /// Forget the screen's contents (after a resize, or when the terminal was
    /// entered again): the next frame is drawn whole and says where the cursor is.
    public mutating func invalidate() {
        previous = nil
        cursorShown = nil
        cursorAt = nil
    }

    /// The bytes that bring the terminal from the previous frame to `frame`.
    public mutating func update(to frame: FrameBuffer) -> String {
        // Without colour nothing dims behind a popup: the rows it crosses show only it.
        let frame = depth == nil ? frame.plainShown : frame
        var out = ""
        // Links are told apart by their index in the frame: new URLs redraw it all.
        let full = previous == nil || previous!.width != frame.width || previous!.height != frame.height
            || previous!.links != frame.links
        if full { out += "\u{1B}[0m\u{1B}[H\u{1B}[2J" }
        // Every update ends with the terminal's style reset, so each starts plain.
        var current: Style? = .plain
        var link: UInt16 = 0
        for y in 0..<frame.height {
            var x = 0
            while x < frame.width {
                if !full, let previous, previous[x, y] == frame[x, y] {
                    x += 1
                    continue
                }
                // A changed run: start on a whole glyph, move there once, write until unchanged.
                var start = x
                if frame[start, y].width == 0, start > 0 { start -= 1 }
                out += "\u{1B}[\(y + 1);\(start + 1)H"
                var cx = start
                while cx < frame.width {
                    let cell = frame[cx, y]
                    if cx > x, !full, let previous, previous[cx, y] == cell, cell.width != 0 { break }
                    if cell.width != 0 {
                        if depth != nil, cell.link != link {
                            out += cell.link == 0 ? Hyperlink.close : Hyperlink.open(frame.links[Int(cell.link) - 1])
                            link = cell.link
                        }
                        if let depth, current != cell.style {
                            out += cell.style.isPlain ? SGR.reset
                                : SGR.sequence(cell.style, theme: theme, depth: depth, fromPlain: current == .plain)
                            current = cell.style
                        }
                        // A long stretch of blanks (the rest of a row losing or gaining
                        // its focus bar) is erased in place rather than written out.
                        if !full, cell.char == " ", let blanks = erasableBlanks(in: frame, from: cx, y: y) {
                            out += "\u{1B}[\(blanks)X"
                            cx += blanks
                            break
                        }
                        out.append(cell.char)
                    }
                    cx += 1
                }
                x = cx
            }
        }
        if link != 0 { out += Hyperlink.close }
        if colors, current != .plain, current != nil { out += "\u{1B}[0m" }
        placeCursor(frame.cursor, moved: !out.isEmpty, into: &out)
        previous = frame
        return out
    }

    /// Blanks this long or longer are erased with ECH (`CSI n X`): its 4 to 6
    /// bytes, and a cursor move to go on, against one byte per blank.
    static let eraseThreshold = 12

    /// How many blanks from (x, y) are the same as the one there, when there are
    /// enough to erase and erasing draws them right: ECH fills with the current
    /// background (as terminals with `bce` do) but with no reverse or underline.
    private func erasableBlanks(in frame: FrameBuffer, from x: Int, y: Int) -> Int? {
        let cell = frame[x, y]
        if depth != nil {
            let attributes = theme.resolve(cell.style).attributes
            guard attributes.isDisjoint(with: [.reverse, .underline, .strike]) else { return nil }
        }
        var end = x + 1
        while end < frame.width, frame[end, y] == cell { end += 1 }
        return end - x >= ScreenWriter.eraseThreshold ? end - x : nil
    }

    /// Ends an update with the cursor where the frame wants it, shown, or
    /// hidden — writing only what changed: drawing moves the cursor, so it is
    /// placed again after any drawing; an idle frame writes nothing.
    private mutating func placeCursor(_ cursor: Point?, moved: Bool, into out: inout String) {
        guard let cursor else {
            if cursorShown != false { out += "\u{1B}[?25l" }
            cursorShown = false
            cursorAt = nil
            return
        }
        if moved || cursorAt != cursor { out += "\u{1B}[\(cursor.y + 1);\(cursor.x + 1)H" }
        if cursorShown != true { out += "\u{1B}[?25h" }
        cursorShown = true
        cursorAt = cursor
    }
}
