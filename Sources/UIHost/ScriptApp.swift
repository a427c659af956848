import UIHostCore

/// A screen running headless (`ScriptHost.open`): what a test, a server or a
/// preview drives. Keys and text go in; the frame and the semantic tree come out.
///
/// One call at a time: while an entry point runs the app's script (a key, a
/// frame, a timer), a Swift function the script calls may hold the app, but
/// may not drive it — the host is in the middle of that key or frame.
/// Such a call is refused: it does nothing (`frame` and `render` give `""`,
/// `lines` `[]`, `tree` nil, `press(String)` throws), and the script's call
/// of the Swift function fails with a Lua error that says so.
public final class ScriptApp {
    let host: Host
    /// Whether `render` writes colour (`ScriptHost.Options.color`).
    let color: Bool
    /// The entry point running now, while it runs.
    private var running: String?
    /// What `announcements` said last, to say only what changed since.
    private var reader = ScreenReader()

    init(host: Host, color: Bool) {
        self.host = host
        self.color = color
    }

    /// Runs `body` as entry point `name`; when another is running (the call
    /// came from inside it), refuses and gives `refused` instead.
    private func enter<T>(_ name: String, refused: @autoclosure () -> T, _ body: () -> T) -> T {
        if let problem = refusal(name) {
            NativeCall.current?.refuse(problem)
            return refused()
        }
        running = name
        defer { running = nil }
        return body()
    }

    /// Why entry point `name` cannot run now, or nil when it can.
    private func refusal(_ name: String) -> String? {
        guard let outer = running else { return nil }
        return "ScriptApp.\(name) was called while the app was running (in ScriptApp.\(outer)): "
            + "a Swift function the script calls cannot drive the app that called it"
    }

    /// The frame as text, one line per row, drawn now.
    public var frame: String { enter("frame", refused: "") { host.render().text } }

    /// The frame drawn now, in `format`, in the app's theme: with colour
    /// unless the options say none (then `ansi` is the text, and the pictures
    /// are monochrome). What `uihost render --format` prints.
    public func render(_ format: FrameFormat) -> String {
        enter("render", refused: "") {
            let frame = host.render()
            switch format {
            case .text: return frame.text
            case .ansi: return color ? frame.ansiText(theme: host.theme) : frame.text
            case .svg: return FramePicture(frame: frame, theme: host.theme, plain: !color).svg
            case .html: return FramePicture(frame: frame, theme: host.theme, plain: !color).html
            }
        }
    }

    /// The frame's rows.
    public var lines: [String] {
        enter("lines", refused: []) {
            let frame = host.render()
            return (0..<frame.height).map { frame.line($0) }
        }
    }

    /// Sends keys by name, separated by spaces: `"tab down enter ctrl-s"`
    /// (`wait:MS` moves the clock on). Throws on an unknown name, sending none,
    /// and when called from inside the app's own call.
    public func press(_ keys: String) throws(ScriptHostError) {
        if let problem = refusal("press") {
            NativeCall.current?.refuse(problem)
            throw ScriptHostError(message: "press: " + problem)
        }
        let sequence: KeySequence
        do {
            sequence = try KeySequence(keys)
        } catch {
            throw ScriptHostError(message: "press: " + error.message)
        }
        press(sequence)
    }

    /// Sends keys read before (see `KeySequence`), stopping if the app quits.
    public func press(_ keys: KeySequence) {
        enter("press", refused: ()) {
            for step in keys.steps {
                if quitCode != nil { return }
                switch step {
                case .key(let key): host.send(.key(key))
                case .wait(let ms): host.advance(ms)
                }
            }
        }
    }

    /// Types `text` into the focused component, a key per character.
    public func type(_ text: String) {
        enter("type", refused: ()) {
            for c in text {
                if quitCode != nil { return }
                host.send(.key(c == " " ? .space : (c == "\n" ? .enter : (c == "\t" ? .tab : .character(c)))))
            }
        }
    }

    /// Moves the app's clock on, running the timers that fall due.
    public func advance(milliseconds: Int) {
        enter("advance", refused: ()) { host.advance(max(0, milliseconds)) }
    }

    public func resize(columns: Int, rows: Int) {
        enter("resize", refused: ()) { host.send(.resize(cols: columns, rows: rows)) }
    }

    /// The last 100 handler errors, as the banner shows them (each to 4 KiB).
    public var errors: [String] { host.errors }

    /// Set once the app asked to quit, with its exit status.
    public var quitCode: Int32? { host.quitCode }

    /// What the screen shows, as components with roles and states (the
    /// screen reader's view); nil before anything is laid out.
    public var tree: ScreenElement? {
        enter("tree", refused: nil) {
            _ = host.render()
            return host.semanticTree().map(ScreenElement.init)
        }
    }

    /// What a screen reader says of the app since the last call, a line per
    /// change (`uihost SCREEN --screen-reader`): on the first call the
    /// screen's title and the focused control; then screens and overlays
    /// opened or closed, focus moving, the focused control's text, value or
    /// row, a live component's change, toasts, validation messages and
    /// handler errors. Each line is one line, whatever the script's text holds.
    public func announcements() -> [String] {
        enter("announcements", refused: []) { reader.lines(for: host) }
    }
}

/// How `ScriptApp.render` writes a frame: its text; the text with SGR
/// colours (truecolor); an SVG picture; an HTML page.
public enum FrameFormat: String, CaseIterable, Sendable {
    case text, ansi, svg, html
}

/// One component of the semantic tree: its role (`button`, `list`…), label,
/// value or state, and the components inside it.
public struct ScreenElement: Equatable, Sendable {
    public var role: String
    public var label: String
    public var value: String?
    public var focused: Bool
    public var selected: Bool?
    public var disabled: Bool
    public var children: [ScreenElement]

    init(_ s: Semantics) {
        role = s.role
        label = s.label
        value = s.value
        focused = s.focused
        selected = s.selected
        disabled = s.disabled
        children = s.children.map(ScreenElement.init)
    }

    /// This element and every one inside it, depth first.
    public var all: [ScreenElement] { [self] + children.flatMap(\.all) }
}
