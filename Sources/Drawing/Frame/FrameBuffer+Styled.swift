extension FrameBuffer {
    /// Draws one laid-out line of rich text: `line` is what wrapping made of
    /// the spans' joined text, so its characters are found again in `runs`
    /// (from `cursor` on) to know each one's style. What wrapping added (an
    /// ellipsis) takes the style of the character before it.
    public mutating func putStyled(_ line: String, x: Int, y: Int, runs: [(Character, Style)], cursor: inout Int, base: Style, clip: Rect) {
        var col = x
        var last = base
        var matched = false
        for c in line {
            // Skip what wrapping dropped (the spaces and newlines between lines).
            if !matched {
                var probe = cursor
                while probe < runs.count, runs[probe].0 != c { probe += 1 }
                if probe < runs.count, c != " " || probe == cursor { cursor = probe }
                matched = true
            }
            if cursor < runs.count, runs[cursor].0 == c {
                last = base.union(runs[cursor].1)
                cursor += 1
            }
            col += put(String(c), x: col, y: y, style: last, clip: clip)
        }
    }
}
