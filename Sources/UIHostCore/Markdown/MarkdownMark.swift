/// A mark in the margin of a block: a quote's bar, a list's bullet or
/// number, a task's box, or the room one of them takes on the next lines.
enum MarkdownMark {
    case quote, bullet, number(Int), task(Bool), space(Int)

    var width: Int {
        switch self {
        case .quote, .bullet: 2
        case .number(let n): String(n).count + 2
        case .task: 4
        case .space(let n): n
        }
    }

    func text(_ glyphs: Glyphs) -> String {
        switch self {
        case .quote: String(glyphs.vertical) + " "
        case .bullet: (glyphs.isASCII ? "*" : "•") + " "
        case .number(let n): "\(n). "
        case .task(let done): done ? "[x] " : "[ ] "
        case .space(let n): String(repeating: " ", count: n)
        }
    }

    var style: Style {
        switch self {
        case .quote: .muted
        case .task(true): Style(fg: .token(.success))
        default: .accent
        }
    }
}
