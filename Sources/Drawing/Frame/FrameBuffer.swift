/// One terminal cell. A wide glyph occupies its cell (width 2) and the next one,
/// which holds a continuation (width 0).
public struct Cell: Equatable, Sendable {
    public var char: Character
    public var width: UInt8
    public var style: Style
    /// 1-based index in the frame's `links` when the cell is part of a link, else 0.
    public var link: UInt16 = 0

    public static let blank = Cell(char: " ", width: 1, style: .plain)
    static let continuation = Cell(char: " ", width: 0, style: .plain)
}

/// A grid of cells that components draw into. Drawing never fails: writes are
/// clipped to the frame and to the clip rectangle passed in.
public struct FrameBuffer: Equatable, Sendable {
    public private(set) var width: Int
    public private(set) var height: Int
    public private(set) var cells: [Cell]
    /// Where the terminal's own cursor shows, or nil to hide it. A focused text
    /// field puts it at its caret, so that an input method opens its candidate
    /// window there. Outside the frame counts as nil.
    public var cursor: Point? {
        get { storedCursor }
        set { storedCursor = newValue.flatMap { limit.contains(x: $0.x, y: $0.y) ? $0 : nil } }
    }
    private var storedCursor: Point?
    /// Where writes land: the frame, or less while a scrolling container
    /// draws its children (`clipped(to:_:)`).
    public private(set) var limit: Rect
    /// The URLs of the links drawn (`ui.link`), for OSC 8 hyperlinks.
    public private(set) var links: [String] = []
    /// The popup boxes drawn over what was there (menus, sheets, dialogs, the
    /// drawer, the help and the palette), bottom first. Plain text blanks the
    /// rest of the rows a box crosses (`line`, `plainShown`): what shows beside
    /// a box is only dimmed in colour, and would read as fragments without it.
    public private(set) var boxes: [Rect] = []
    /// For each box, whether it blanks the rest of its rows: a toast or the
    /// error banner only stays shown over a box below it.
    private var blanking: [Bool] = []

    public init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
        cells = Array(repeating: .blank, count: self.width * self.height)
        limit = Rect(x: 0, y: 0, width: self.width, height: self.height)
    }

    /// A frame holding the given lines, for expectations in tests.
    public init(lines: [String]) {
        let w = lines.map { DisplayWidth.of($0) }.max() ?? 0
        self.init(width: w, height: lines.count)
        for (y, line) in lines.enumerated() { put(line, x: 0, y: y) }
    }

    public var bounds: Rect { Rect(x: 0, y: 0, width: width, height: height) }

    public mutating func clear() {
        for i in cells.indices { cells[i] = .blank }
        storedCursor = nil
        links.removeAll()
        boxes.removeAll()
        blanking.removeAll()
    }

    /// Records that a popup box covers `rect` (drawn after this call);
    /// `blanksRows: false` for what only stays shown (a toast, the banner).
    public mutating func addBox(_ rect: Rect, blanksRows: Bool = true) {
        let r = rect.intersection(bounds)
        guard !r.isEmpty, blanksRows || !boxes.isEmpty else { return }
        boxes.append(r)
        blanking.append(blanksRows)
    }

    /// Whether the cell at (x, y) is hidden in plain text: some box crosses
    /// the row above the topmost box holding the cell (or above the frame
    /// when no box holds it).
    @inline(__always)
    private func hidden(_ x: Int, _ y: Int, top: Int) -> Bool {
        var level = -1
        for i in stride(from: boxes.count - 1, through: 0, by: -1) where boxes[i].contains(x: x, y: y) {
            level = i
            break
        }
        return level < top
    }

    /// The index of the topmost box crossing row `y` that blanks rows, or nil.
    private func topBox(_ y: Int) -> Int? {
        boxes.indices.last { blanking[$0] && y >= boxes[$0].y && y < boxes[$0].maxY }
    }

    /// The frame as plain text shows it: the rest of every row a popup box
    /// crosses blanked (the interactive mode without colour writes this).
    public var plainShown: FrameBuffer {
        guard !boxes.isEmpty else { return self }
        var shown = self
        shown.boxes = []
        shown.blanking = []
        for y in 0..<height {
            guard let top = topBox(y) else { continue }
            for x in 0..<width where cells[y * width + x].width != 0 && hidden(x, y, top: top) {
                shown.cells[y * width + x] = Cell(char: " ", width: 1, style: cells[y * width + x].style)
                if cells[y * width + x].width == 2, x + 1 < width {
                    shown.cells[y * width + x + 1] = Cell(char: " ", width: 1, style: cells[y * width + x].style)
                }
            }
        }
        return shown
    }

    /// Whether anything drawn in `rect` would land: containers skip the
    /// children that would not (a tall screen that scrolls lays out every
    /// child, most of them far outside the frame).
    public func shows(_ rect: Rect) -> Bool { !rect.intersection(limit).isEmpty }

    /// Runs `body` with writes limited to `rect` as well: content scrolled
    /// past a container's edge draws nothing there.
    public mutating func clipped(to rect: Rect, _ body: (inout FrameBuffer) -> Void) {
        let saved = limit
        limit = limit.intersection(rect)
        body(&self)
        limit = saved
    }

    public subscript(x: Int, y: Int) -> Cell {
        cells[y * width + x]
    }

    /// Writes one grapheme of the given width at (x, y), keeping wide glyphs whole.
    mutating func set(_ c: Character, width w: Int, x: Int, y: Int, style: Style) {
        guard y >= limit.y, y < limit.maxY, x >= limit.x, x < limit.maxX else { return }
        let i = y * width + x
        // Overwriting half of a wide glyph blanks its other half.
        if cells[i].width == 0, x > 0 { cells[i - 1] = Cell(char: " ", width: 1, style: cells[i - 1].style) }
        if cells[i].width == 2, x + 1 < width { cells[i + 1] = Cell(char: " ", width: 1, style: cells[i + 1].style) }
        if w == 2 {
            if x + 1 >= limit.maxX {
                cells[i] = Cell(char: " ", width: 1, style: style)
                return
            }
            if cells[i + 1].width == 2, x + 2 < width {
                cells[i + 2] = Cell(char: " ", width: 1, style: cells[i + 2].style)
            }
            cells[i] = Cell(char: c, width: 2, style: style)
            cells[i + 1] = Cell(char: " ", width: 0, style: style)
        } else {
            cells[i] = Cell(char: c, width: 1, style: style)
        }
    }

    /// Draws `text` from (x, y) without wrapping, clipped to `clip` (the frame by
    /// default). A wide glyph that would straddle the clip edge becomes a space.
    /// Returns the number of columns advanced.
    @discardableResult
    public mutating func put(_ text: some StringProtocol, x: Int, y: Int, style: Style = .plain, clip: Rect? = nil) -> Int {
        let area = (clip ?? limit).intersection(limit)
        guard y >= area.y, y < area.maxY else { return 0 }
        // Printable ASCII takes a column a byte: no grapheme breaking, no
        // width lookup (the Character loop below is most of a row's drawing).
        if case let advanced?? = text.utf8.withContiguousStorageIfAvailable({ bytes -> Int? in
            guard bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else { return nil }
            var col = x
            for byte in bytes {
                if col >= area.maxX { break }
                if col >= area.x { set(Character(Unicode.Scalar(byte)), width: 1, x: col, y: y, style: style) }
                col += 1
            }
            return col - x
        }) {
            return advanced
        }
        var col = x
        for c in text {
            let w = DisplayWidth.of(c)
            if w == 0 {
                // A tab reaches the next stop of 8 from the text's start, as
                // TextLayout.expandTabs and DisplayWidth count it; checked only
                // here, off the path of characters that take room.
                if c == "\t" {
                    col += put(String(repeating: " ", count: 8 - (col - x) % 8), x: col, y: y, style: style, clip: clip)
                }
                continue
            }
            if col >= area.maxX { break }
            if col >= area.x {
                if col + w > area.maxX {
                    set(" ", width: 1, x: col, y: y, style: style)
                    col += 1
                    break
                }
                set(c, width: w, x: col, y: y, style: style)
            } else if col + w > area.x {
                set(" ", width: 1, x: area.x, y: y, style: style)
            }
            col += w
        }
        return col - x
    }

    /// Fills a rectangle with one narrow character.
    public mutating func fill(_ rect: Rect, with c: Character = " ", style: Style = .plain) {
        let r = rect.intersection(limit)
        guard !r.isEmpty else { return }
        for y in r.y..<r.maxY {
            for x in r.x..<r.maxX { set(c, width: 1, x: x, y: y, style: style) }
        }
    }

    /// Adds emphasis to the cells of a rectangle without changing their text.
    public mutating func addStyle(_ style: Style, in rect: Rect) {
        let r = rect.intersection(limit)
        guard !r.isEmpty else { return }
        for y in r.y..<r.maxY {
            for x in r.x..<r.maxX { cells[y * width + x].style = cells[y * width + x].style.union(style) }
        }
    }

    /// Makes the cells of a rectangle a hyperlink to `url` (at most
    /// `UInt16.max` links a frame; past that they are plain text).
    public mutating func link(_ url: String, in rect: Rect) {
        let r = rect.intersection(bounds)
        guard !r.isEmpty, links.count < Int(UInt16.max) else { return }
        links.append(url)
        let id = UInt16(links.count)
        for y in r.y..<r.maxY {
            for x in r.x..<r.maxX { cells[y * width + x].link = id }
        }
    }

    /// Lays `style` under the cells of a rectangle: a colour of theirs wins,
    /// attributes join (a box's background behind its children).
    public mutating func underlay(_ style: Style, in rect: Rect) {
        let r = rect.intersection(bounds)
        guard !r.isEmpty else { return }
        for y in r.y..<r.maxY {
            for x in r.x..<r.maxX { cells[y * width + x].style = style.union(cells[y * width + x].style) }
        }
    }

    /// One row as plain text (see `boxes`), trailing spaces trimmed.
    public func line(_ y: Int) -> String {
        var bytes: [UInt8] = []
        appendLine(y, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The frame as plain text: `height` lines joined by "\n", trailing spaces trimmed.
    public var text: String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(height * (width + 1))
        for y in 0..<height {
            if y > 0 { bytes.append(0x0A) }
            appendLine(y, to: &bytes)
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends row `y`'s UTF-8 to `bytes`, trailing spaces trimmed. Bytes, not
    /// a String: appending Characters to a String, trimming it one removeLast
    /// at a time and joining the rows cost ~950 instructions a cell, most of
    /// `render`'s own work for a launcher-sized frame.
    private func appendLine(_ y: Int, to bytes: inout [UInt8]) {
        guard y >= 0, y < height else { return }
        let start = bytes.count
        var kept = start
        let top = boxes.isEmpty ? nil : topBox(y)
        for x in 0..<width {
            let cell = cells[y * width + x]
            guard cell.width != 0 else { continue }
            if let top, hidden(x, y, top: top) {
                bytes.append(0x20)
                if cell.width == 2 { bytes.append(0x20) }
                continue
            }
            var count = 0, last: UInt8 = 0
            for byte in cell.char.utf8 {
                bytes.append(byte)
                (count, last) = (count + 1, byte)
            }
            // Cut after the last cell that is not " ".
            if count != 1 || last != 0x20 { kept = bytes.count }
        }
        bytes.removeSubrange(kept...)
    }

    /// Where `needle` first appears, as 0-based (x, y) cell coordinates.
    public func find(_ needle: String) -> (x: Int, y: Int)? {
        guard !needle.isEmpty else { return nil }
        for y in 0..<height {
            let l = line(y)
            guard let range = l.firstRange(of: needle) else { continue }
            return (DisplayWidth.of(l[..<range.lowerBound]), y)
        }
        return nil
    }
}
