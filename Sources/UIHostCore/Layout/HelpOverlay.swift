/// The help overlay (`?`, f1): a box in the middle of the frame listing
/// every active key with its description, over a dimmed frame. Each part
/// (bindings, the focused component's keys, the host's; an empty row apart)
/// aligns its descriptions on its own, so one long key name does not push
/// every description aside.
enum HelpOverlay {
    /// The column of the descriptions of each row: past the widest key of its part.
    static func keyWidths(_ rows: [HelpRow]) -> [Int] {
        var widths = [Int](repeating: 0, count: rows.count)
        var start = 0
        for end in rows.indices where end == rows.count - 1 || rows[end + 1].key.isEmpty && rows[end + 1].desc.isEmpty {
            let part = start...end
            let widest = rows[part].map { DisplayWidth.of($0.key) }.max() ?? 0
            for i in part { widths[i] = widest }
            start = end + 1
        }
        return widths
    }

    /// What a screen reader meets while it is open: a dialog `Keys` whose
    /// rows are its lines (`ctrl-s: Save`; a group's heading a row of its own;
    /// the blank lines between groups left out).
    static func semantics(_ rows: [HelpRow]) -> Semantics {
        Semantics(role: "dialog", label: "Keys", children: rows.filter { !$0.key.isEmpty || !$0.desc.isEmpty }.map { row in
            Semantics(role: "row", label: row.heading ? row.desc : row.key + ": " + row.desc)
        })
    }

    static func draw(_ rows: [HelpRow], into frame: inout FrameBuffer, glyphs g: Glyphs) {
        guard frame.width >= 8, frame.height >= 3 else { return }
        frame.addStyle(.backdrop, in: frame.bounds)
        let keyWidths = keyWidths(rows)
        let textWidth = zip(rows, keyWidths).map { $0.heading ? DisplayWidth.of($0.desc) : $1 + 2 + DisplayWidth.of($0.desc) }.max() ?? 0
        let footer = "esc closes"
        let width = min(frame.width, max(textWidth, DisplayWidth.of(footer)) + 4)
        let shown = min(rows.count, frame.height - 2)
        let height = shown + 2
        let rect = Rect(x: (frame.width - width) / 2, y: (frame.height - height) / 2, width: width, height: height)
        frame.addBox(rect)
        frame.fill(rect)
        let rule = String(repeating: g.horizontal, count: rect.width - 2)
        frame.put(String(g.topLeft) + rule + String(g.topRight), x: rect.x, y: rect.y, style: .border, clip: rect)
        frame.put(String(g.bottomLeft) + rule + String(g.bottomRight), x: rect.x, y: rect.maxY - 1, style: .border, clip: rect)
        frame.put(" Keys ", x: rect.x + 2, y: rect.y, style: .bold, clip: rect)
        let closeX = rect.maxX - 2 - DisplayWidth.of(footer) - 2
        if closeX > rect.x + 1 { frame.put(" " + footer + " ", x: closeX, y: rect.maxY - 1, style: .muted, clip: rect) }
        let inner = Rect(x: rect.x + 2, y: rect.y + 1, width: rect.width - 4, height: rect.height - 2)
        for y in inner.y..<inner.maxY {
            frame.put(String(g.vertical), x: rect.x, y: y, style: .border, clip: rect)
            frame.put(String(g.vertical), x: rect.maxX - 1, y: y, style: .border, clip: rect)
        }
        for (i, row) in rows.prefix(shown).enumerated() {
            let y = inner.y + i
            if row.heading {
                frame.put(TextLayout.truncate(row.desc, to: inner.width), x: inner.x, y: y, style: .bold.union(.underline), clip: inner)
                continue
            }
            frame.put(row.key, x: inner.x, y: y, style: .accent.union(.bold), clip: inner)
            let descX = inner.x + keyWidths[i] + 2
            let room = inner.maxX - descX
            if room > 0 { frame.put(TextLayout.truncate(row.desc, to: room), x: descX, y: y, clip: inner) }
        }
    }
}

/// One line of the help overlay (an empty key and description is a gap).
struct HelpRow: Equatable {
    let key: String
    let desc: String
    /// A group's name over its bindings (`group = "Navigation"`).
    var heading = false
}
