/// `ui.toast`: short messages in the bottom-right corner that go by
/// themselves once `duration` milliseconds of the host's clock have passed
/// (the virtual clock in tests). Several stack upwards, the newest at the
/// bottom; past `maxKept` the oldest is dropped, so a script that shows
/// thousands keeps a handful.
final class Toasts {
    enum Kind: String, CaseIterable {
        case info, success, warning, error

        var style: Style {
            let token: ThemeToken
            switch self {
            case .info: token = .accent
            case .success: token = .success
            case .warning: token = .warning
            case .error: token = .error
            }
            return Style(fg: .token(token), attributes: [.reverse, .bold])
        }

        func mark(_ glyphs: Glyphs) -> String {
            switch self {
            case .info: "i"
            case .success: String(glyphs.check)
            case .warning: glyphs.warning
            case .error: "x"
            }
        }
    }

    struct Toast {
        let text: String
        let kind: Kind
        /// When it goes, on the host's clock.
        let until: Int
    }

    static let maxKept = 5
    /// Characters of a toast's text that are kept; a toast is one row.
    static let maxLength = 500
    static let defaultDuration = 3000

    private(set) var shown: [Toast] = []
    /// How many were ever added: a screen reader says those it has not said yet.
    private(set) var added = 0

    func add(_ text: String, kind: Kind, duration: Int, now: Int) {
        added += 1
        let kept = text.count > Toasts.maxLength ? String(text.prefix(Toasts.maxLength)) : text
        // One row: line breaks read as spaces.
        let line = kept.contains(where: \.isNewline) ? String(kept.map { $0.isNewline ? " " : $0 }) : kept
        shown.append(Toast(text: line, kind: kind, until: now + max(1, duration)))
        if shown.count > Toasts.maxKept { shown.removeFirst(shown.count - Toasts.maxKept) }
    }

    /// Drops the toasts whose time is up; whether any went.
    func expire(at clock: Int) -> Bool {
        let before = shown.count
        shown.removeAll { $0.until <= clock }
        return shown.count != before
    }

    /// A toast to a screen reader: its words, and its kind where that says more
    /// than info. Live: it is said when it comes, wherever focus is.
    static func semantics(_ toast: Toast) -> Semantics {
        var s = Semantics(role: "toast", label: toast.text, value: toast.kind == .info ? nil : toast.kind.rawValue)
        s.live = true
        return s
    }

    /// When the next one goes, on the host's clock.
    var nextExpiry: Int? { shown.map(\.until).min() }

    /// One row each, right-aligned one column in from the edge, the newest on
    /// the row above `bottom` (the footer's row, or the frame's end) and older
    /// ones above: a footer's hints stay readable while a toast shows.
    func render(into frame: inout FrameBuffer, glyphs: Glyphs, bottom: Int? = nil) {
        guard !shown.isEmpty, frame.width >= 4, frame.height > 0 else { return }
        var y = min(bottom ?? frame.height, frame.height) - 1
        for toast in shown.reversed() where y >= 0 {
            let room = frame.width - 2
            let label = " " + TextLayout.truncate(toast.kind.mark(glyphs) + " " + toast.text, to: room - 2) + " "
            let x = frame.width - 1 - DisplayWidth.of(label)
            frame.addBox(Rect(x: max(0, x), y: y, width: DisplayWidth.of(label), height: 1), blanksRows: false)
            frame.put(label, x: max(0, x), y: y, style: toast.kind.style)
            y -= 1
        }
    }
}
