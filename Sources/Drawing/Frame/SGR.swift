/// Select Graphic Rendition: the escape sequence that makes the terminal draw
/// in a style. Shared by the live writer and `render --format ansi`.
public enum SGR {
    /// `ESC[0;…m`: a reset, then the style's attributes and colours, with
    /// tokens resolved through `theme` and colours brought down to `depth`.
    /// `fromPlain` (the terminal's style is known to be plain) leaves the reset out.
    public static func sequence(_ style: Style, theme: Theme, depth: ColorDepth, fromPlain: Bool = false) -> String {
        let style = theme.resolve(style)
        var codes = ""
        let a = style.attributes
        for (attribute, code) in attributeCodes where a.contains(attribute) { codes += ";" + code }
        append(style.fg.downgraded(to: depth), base: 30, into: &codes)
        append(style.bg.downgraded(to: depth), base: 40, into: &codes)
        // Each code came with a leading ";": the reset's "0" goes before it, or it goes.
        return "\u{1B}[" + (fromPlain && !codes.isEmpty ? String(codes.dropFirst()) : "0" + codes) + "m"
    }

    private static let attributeCodes: [(Style.Attributes, String)] = [
        (.bold, "1"), (.dim, "2"), (.italic, "3"), (.underline, "4"), (.reverse, "7"), (.strike, "9"),
    ]

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

/// OSC 8: the escape sequences around a hyperlink's text. Terminals that do
/// not know them ignore them (as Rich and Textual rely on); they are written
/// only with colours on, never in `--plain`. URLs hold no control characters
/// (`ui.link` drops them), so one cannot end the sequence early.
public enum Hyperlink {
    public static func open(_ url: String) -> String { "\u{1B}]8;;" + url + "\u{1B}\\" }
    public static let close = "\u{1B}]8;;\u{1B}\\"
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
            var link: UInt16 = 0
            for x in 0..<end {
                let cell = self[x, y]
                guard cell.width != 0 else { continue }
                if cell.link != link {
                    line += cell.link == 0 ? Hyperlink.close : Hyperlink.open(links[Int(cell.link) - 1])
                    link = cell.link
                }
                if cell.style != current {
                    line += cell.style.isPlain ? SGR.reset : SGR.sequence(cell.style, theme: theme, depth: depth)
                    current = cell.style
                }
                line.append(cell.char)
            }
            if link != 0 { line += Hyperlink.close }
            if !current.isPlain { line += SGR.reset }
            lines.append(line)
        }
        return lines.joined(separator: "\n")
    }
}
