/// The footer of a screen with `footer = true`: `^S Save  ? Keys  q Quit`,
/// as many hints as fit, on one row.
public enum Footer {
    public static func draw(_ hints: [(key: String, desc: String)], in row: Rect, into frame: inout FrameBuffer) {
        guard !row.isEmpty else { return }
        frame.fill(row)
        var x = row.x + 1
        for (i, hint) in hints.enumerated() {
            let gap = i == 0 ? 0 : 2
            let width = gap + DisplayWidth.of(hint.key) + 1 + DisplayWidth.of(hint.desc)
            guard x + width <= row.maxX else { break }
            x += gap
            x += frame.put(hint.key, x: x, y: row.y, style: .accent.union(.bold), clip: row)
            x += 1
            x += frame.put(hint.desc, x: x, y: row.y, style: .muted, clip: row)
        }
    }
}
