import LuaBridge
import UIHostCore

/// `uihost record`: watches an interactive session (the event loop tells it of
/// each event) and writes it as an automation script: keys, typed text, clicks,
/// drags, wheel turns, resizes and the waits the screen's timers needed, then
/// `app:expect` of a line the session brought to the screen and a snapshot.
public final class Recorder {
    public let screen: String
    public let size: Size
    private(set) var steps: [FuzzEvent] = []
    /// The host's clock at the last event, and the delay of its next timer then.
    private var lastClock: Int
    private var dueAfterLast: Int?
    private var firstFrame: [String]
    /// The frame as the last event found it (what that event changed is likeliest the point).
    private var frameBeforeLast: [String] = []
    private var frameBeforeThis: [String] = []
    /// A mouse button held: where it went down, and where the last drag went.
    private var pressed: (column: Int, row: Int)?
    private var dragged: (column: Int, row: Int)?
    /// The steps before the event being handled (to drop the key that quit).
    private var stepsBefore = 0
    private var quitByEvent = false

    public init(screen: String, host: Host) {
        self.screen = screen
        size = host.options.size
        lastClock = host.clock
        dueAfterLast = host.nextTimerDelay
        let frame = host.render()
        firstFrame = (0..<frame.height).map { frame.line($0) }
    }

    /// Before the host handles `event`.
    public func willHandle(_ event: Event, host: Host) {
        addWait(host)
        if !quitByEvent {
            let frame = host.render()
            frameBeforeThis = (0..<frame.height).map { frame.line($0) }
        }
        stepsBefore = steps.count
        switch event {
        case .key(let key): steps.append(.key(key))
        case .paste(let text): steps.append(.text(text))
        case .resize(let cols, let rows): steps.append(.resize(cols, rows))
        case .tick: break
        case .mouse(let mouse):
            switch mouse.kind {
            case .press:
                pressed = (mouse.column, mouse.row)
                dragged = nil
            case .drag:
                if pressed != nil { dragged = (mouse.column, mouse.row) }
            case .release:
                if let from = pressed {
                    if let to = dragged, to.column != from.column || to.row != from.row {
                        steps.append(.drag(from.column, from.row, to.column, to.row))
                    } else {
                        steps.append(.click(from.column, from.row))
                    }
                }
                pressed = nil
                dragged = nil
            case .scroll(let n):
                if case .scroll(let c, let r, let m)? = steps.last, c == mouse.column, r == mouse.row, (m > 0) == (n > 0) {
                    steps[steps.count - 1] = .scroll(c, r, m + n)
                } else {
                    steps.append(.scroll(mouse.column, mouse.row, n))
                }
            }
        }
    }

    /// After the host handled the event.
    public func didHandle(host: Host) {
        if host.quitCode != nil, !quitByEvent {
            // The key that quit is not replayed: the script ends on the screen it left.
            quitByEvent = true
            steps.removeSubrange(stepsBefore...)
        } else if !quitByEvent {
            frameBeforeLast = frameBeforeThis
        }
        lastClock = host.clock
        dueAfterLast = host.nextTimerDelay
    }

    /// A wait since the last event, when a timer fell due in it: the time that
    /// passed, to 10 ms (at least what the first timer needed). Time in which
    /// no timer was due changes nothing a script can see, and is left out.
    private func addWait(_ host: Host) {
        let delta = host.clock - lastClock
        guard let due = dueAfterLast, delta >= due, delta > 0 else { return }
        steps.append(.advance(max(due, delta / 10 * 10)))
    }

    /// The script, once the session ended (`host` as it was left).
    public func script(host: Host) -> String {
        if !quitByEvent { addWait(host) }
        let frame = host.render()
        let lines = (0..<frame.height).map { frame.line($0) }
        var out = [
            // The path is the user's file name (it can hold a newline and code): a literal only.
            "-- Recorded with `uihost record`: one session's keys, text, clicks and waits,",
            "-- replayed on the virtual clock. It ends on the screen the session left.",
            "test.case(\(LuaSource.string("recorded session of " + screen)), function()",
            "  local app = test.open(\(LuaSource.string(screen)), { size = \"\(size.cols)x\(size.rows)\" })",
        ]
        for statement in FuzzEvent.statements(steps) { out.append("  " + statement) }
        if let line = Recorder.distinctiveLine(lines, before: [firstFrame, frameBeforeLast]) {
            out.append("  app:expect(\(LuaSource.string(line)))")
        }
        out.append("  app:snapshot(\"recorded\")")
        out.append("end)")
        return out.joined(separator: "\n") + "\n"
    }

    /// What to expect of the final frame: a piece of text shown once in it,
    /// whole and as little tied to layout as can be. A row is split where
    /// layout put something between its texts — a border or rule glyph, or two
    /// spaces or more (the columns of a table, a label and its value) — and a
    /// piece is never cut. Prefers a piece the first frame did not show, then
    /// one the last event brought, then a whole row, then the one with the most
    /// letters; a piece that may have been cut by its component (ending in `…`)
    /// comes after one that was not. The bottom row (a footer of key hints) is
    /// left out while others remain.
    static func distinctiveLine(_ lines: [String], before: [[String]]) -> String? {
        let text = lines.joined(separator: "\n")
        var best: (score: Int, line: String)?
        for raw in lines.count > 3 ? lines.dropLast() : lines[...] {
            let pieces = Recorder.pieces(of: raw)
            for piece in pieces {
                guard piece.count >= 3, text.ranges(of: piece).count == 1 else { continue }
                var score = piece.filter { $0.isLetter || $0.isNumber }.count  // words say more than marks
                if pieces.count == 1 { score += 100 }
                if piece.hasSuffix("…") { score -= 200 }
                for (i, frame) in before.enumerated() where !frame.contains(where: { $0.contains(piece) }) {
                    score += i == 0 ? 1000 : 500
                }
                if best == nil || score > best!.score { best = (score, piece) }
            }
        }
        return best?.line
    }

    /// The texts of a row: split at box-drawing glyphs (U+2500…U+257F) and at
    /// runs of two spaces or more, trimmed, without the focus mark `›` before them.
    static func pieces(of row: String) -> [String] {
        var pieces: [String] = []
        var current = ""
        var spaces = 0
        func flush() {
            var piece = Substring(current)
            while piece.first == " " || piece.first == "›" { piece.removeFirst() }
            while piece.last == " " { piece.removeLast() }
            if !piece.isEmpty { pieces.append(String(piece)) }
            current = ""
        }
        for c in row {
            if let scalar = c.unicodeScalars.first, c.unicodeScalars.count == 1, (0x2500...0x257F).contains(scalar.value) {
                flush()
                spaces = 0
                continue
            }
            if c == " " {
                spaces += 1
                if spaces == 2 { flush() }
                if spaces >= 2 { continue }
            } else {
                spaces = 0
            }
            current.append(c)
        }
        flush()
        return pieces
    }
}
