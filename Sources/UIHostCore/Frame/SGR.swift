/// Select Graphic Rendition: the escape sequence that makes the terminal draw
/// in a style. Shared by the live writer and `render --format ansi`.
public enum SGR {
    /// `ESC[0;…m`: a reset, then the style's attributes and colours, with
    /// tokens resolved through `theme` and colours brought down to `depth`.
    public static func sequence(_ style: Style, theme: Theme, depth: ColorDepth) -> String {
        let style = theme.resolve(style)
        var out = "\u{1B}[0"
        let a = style.attributes
        if a.contains(.bold) { out += ";1" }
        if a.contains(.dim) { out += ";2" }
        if a.contains(.italic) { out += ";3" }
        if a.contains(.underline) { out += ";4" }
        if a.contains(.reverse) { out += ";7" }
        if a.contains(.strike) { out += ";9" }
        append(style.fg.downgraded(to: depth), base: 30, into: &out)
        append(style.bg.downgraded(to: depth), base: 40, into: &out)
        return out + "m"
    }

    /// `base` is 30 for the foreground, 40 for the background.
    private static func append(_ color: Color, base: Int, into out: inout String) {
        switch color.value {
        case .none, .token: break
        case .ansi(let i): out += ";\(i < 8 ? base + i : base + 60 + i - 8)"
        case .palette(let i): out += ";\(base + 8);5;\(i)"
        case .rgb(let r, let g, let b): out += ";\(base + 8);2;\(r);\(g);\(b)"
        }
    }

    public static let reset = "\u{1B}[0m"
}

extension FrameBuffer {
    /// The frame as lines of text with SGR sequences, each line ending in a
    /// reset (`render --format ansi`, styled snapshots). Trailing blank cells
    /// are kept only where they carry a background or an attribute.
    public func ansiText(theme: Theme, depth: ColorDepth = .truecolor) -> String {
        var lines: [String] = []
        lines.reserveCapacity(height)
        for y in 0..<height {
            var end = width
            while end > 0, self[end - 1, y].char == " ", self[end - 1, y].style.bg.isDefault,
                  !self[end - 1, y].style.attributes.contains(.reverse) && !self[end - 1, y].style.attributes.contains(.underline) {
                end -= 1
            }
            var line = ""
            var current = Style.plain
            for x in 0..<end {
                let cell = self[x, y]
                guard cell.width != 0 else { continue }
                if cell.style != current {
                    line += cell.style.isPlain ? SGR.reset : SGR.sequence(cell.style, theme: theme, depth: depth)
                    current = cell.style
                }
                line.append(cell.char)
            }
            if !current.isPlain { line += SGR.reset }
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }
}
