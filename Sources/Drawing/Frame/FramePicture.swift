/// A self-contained picture of a styled frame (`render --format svg|html`):
/// a monospace grid where every glyph sits at its cell's column (a wide
/// character spans two), backgrounds as rectangles, the theme resolved and
/// full colour. `plain` draws the text alone, as `--plain` shows it. The
/// text is the script's: `XMLText` keeps the picture well-formed XML.
public struct FramePicture {
    let frame: FrameBuffer
    let theme: Theme
    let plain: Bool

    public init(frame: FrameBuffer, theme: Theme, plain: Bool) {
        self.frame = plain ? frame.plainShown : frame
        self.theme = theme
        self.plain = plain
    }

    static let cellWidth = 8.4
    static let cellHeight = 17.0
    static let fontSize = 14.0

    /// One run of cells in one style on one row.
    private struct Run {
        var x: Int
        var cells: [(Character, Int)] = []
        var style: Style
        var width = 0
    }

    public var svg: String {
        let w = FramePicture.cellWidth, h = FramePicture.cellHeight
        let width = number(Double(frame.width) * w), height = number(Double(frame.height) * h)
        // Spaces inside a run are cells: `white-space:pre` keeps them for
        // browsers, `xml:space` for renderers without CSS (librsvg).
        var out = """
        <svg xmlns="http://www.w3.org/2000/svg" width="\(width)" height="\(height)" viewBox="0 0 \(width) \(height)" xml:space="preserve">
        <style>text{font-family:"DejaVu Sans Mono",Menlo,Consolas,monospace;font-size:\(number(FramePicture.fontSize))px;white-space:pre}</style>
        <rect width="100%" height="100%" fill="\(hex(theme.paper.bg))"/>

        """
        for y in 0..<frame.height {
            for run in runs(y) {
                let (fg, bg) = colors(run.style)
                let top = Double(y) * h
                if bg != theme.paper.bg {
                    out += "<rect x=\"\(number(Double(run.x) * w))\" y=\"\(number(top))\" width=\"\(number(Double(run.width) * w))\" height=\"\(number(h))\" fill=\"\(hex(bg))\"/>\n"
                }
                // Blanks at the ends of a run draw nothing (unless a line runs under them).
                var cells = run.cells[...]
                if !run.style.attributes.contains(.underline), !run.style.attributes.contains(.strike) {
                    while cells.first?.0 == " " { cells = cells.dropFirst() }
                    while cells.last?.0 == " " { cells = cells.dropLast() }
                }
                guard cells.contains(where: { $0.0 != " " }) else { continue }
                let text = cells.map { String($0.0) }.joined()
                let xs = cells.map { number(Double($0.1) * w) }.joined(separator: " ")
                var attributes = "x=\"\(xs)\" y=\"\(number(top + h * 0.8))\" fill=\"\(hex(fg))\""
                let a = plain ? [] : run.style.attributes
                if a.contains(.bold) { attributes += " font-weight=\"bold\"" }
                if a.contains(.italic) { attributes += " font-style=\"italic\"" }
                if a.contains(.dim) { attributes += " fill-opacity=\"0.6\"" }
                let decorations = (a.contains(.underline) ? ["underline"] : []) + (a.contains(.strike) ? ["line-through"] : [])
                if !decorations.isEmpty { attributes += " text-decoration=\"\(decorations.joined(separator: " "))\"" }
                out += "<text \(attributes)>\(XMLText.escape(text))</text>\n"
            }
        }
        return out + "</svg>"
    }

    /// An HTML page holding the SVG: one file to open in a browser.
    public var html: String {
        """
        <!DOCTYPE html>
        <html><head><meta charset="utf-8"><title>uihost frame</title></head>
        <body style="margin:0;background:\(hex(theme.paper.bg))">
        \(svg)
        </body></html>
        """
    }

    /// The row's cells grouped by style, each glyph with its column.
    private func runs(_ y: Int) -> [Run] {
        var result: [Run] = []
        for x in 0..<frame.width {
            let cell = frame[x, y]
            guard cell.width != 0 else { continue }
            let style = plain ? Style.plain : cell.style
            if result.last?.style != style { result.append(Run(x: x, style: style)) }
            result[result.count - 1].cells.append((cell.char, x))
            result[result.count - 1].width = x + Int(cell.width) - result[result.count - 1].x
        }
        return result
    }

    private func colors(_ style: Style) -> (fg: (UInt8, UInt8, UInt8), bg: (UInt8, UInt8, UInt8)) {
        let resolved = theme.resolve(style)
        var fg = resolved.fg.rgbValue ?? theme.paper.fg
        var bg = resolved.bg.rgbValue ?? theme.paper.bg
        if resolved.attributes.contains(.reverse) { swap(&fg, &bg) }
        return (fg, bg)
    }

    private func hex(_ c: (UInt8, UInt8, UInt8)) -> String {
        let digits = Array("0123456789abcdef")
        return "#" + [c.0, c.1, c.2].map { String([digits[Int($0 >> 4)], digits[Int($0 & 15)]]) }.joined()
    }

    private func number(_ d: Double) -> String {
        d == d.rounded() ? String(Int(d)) : String((d * 10).rounded() / 10)
    }
}
