import UIHostCore

/// What `render --format` prints: the plain text of the frame (the contract
/// tests compare), the frame with SGR colours, or a picture of it.
enum OutputFormat: String, CaseIterable {
    case text, ansi, svg, html

    /// The frame in this format. ANSI, SVG and HTML carry full colour
    /// (truecolor) unless `plain` (`--plain`, `NO_COLOR`): only a live
    /// terminal follows `COLORTERM`/`TERM`.
    func output(_ frame: FrameBuffer, theme: Theme, plain: Bool) -> String {
        switch self {
        case .text: return frame.text
        case .ansi: return plain ? frame.text : frame.ansiText(theme: theme)
        case .svg: return FramePicture(frame: frame, theme: theme, plain: plain).svg
        case .html: return FramePicture(frame: frame, theme: theme, plain: plain).html
        }
    }
}
