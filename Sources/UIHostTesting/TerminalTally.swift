import TerminalIO
import UIHostCore

/// What an interactive terminal would have been sent, for `app:stats()`: the
/// frames go through the very `ScreenWriter` the interactive loop uses (with
/// colours on), after each event and each wake-up of the clock, as the loop
/// draws, so that a test can hold a byte or frame budget on the real output.
struct TerminalTally {
    private var writer = ScreenWriter(colors: true)
    private(set) var keys = 0
    /// Frames that sent something (an update with nothing to change sends no byte).
    private(set) var frames = 0
    private(set) var bytes = 0
    private(set) var lastFrameBytes = 0

    mutating func countKey() { keys += 1 }

    /// Brings the tallied terminal to the host's current frame.
    mutating func draw(_ host: Host) {
        let out = writer.update(to: host.render()).utf8.count
        if out > 0 {
            frames += 1
            bytes += out
            lastFrameBytes = out
        }
    }

    /// Frames one `advance` may draw (a spinner draws one every 80 ms): past
    /// this, the rest of the time passes in one step, so that a test's
    /// `advance(1e9)` ends.
    static let maxFramesPerAdvance = 10_000

    /// Steps of an `advance` of `ms`: the interactive loop wakes for the next
    /// timer and every 80 ms while something animates, and draws each time.
    static func nextStep(left ms: Int, timerDelay: Int?, animating: Bool) -> Int {
        var step = ms
        if let timerDelay { step = min(step, max(1, timerDelay)) }
        if animating { step = min(step, 80) }
        return max(1, step)
    }
}
