import UIHostCore

/// Keys by name, read once: `"tab down enter ctrl-s wait:500"` (`wait:MS`
/// moves the app's clock on). Reading checks every name, so a sequence that
/// exists is one `ScriptApp.press` can send whole; reading it once matters
/// when it is long (a benchmark's thousands of keys).
public struct KeySequence: Sendable {
    enum Step: Sendable {
        case key(Key)
        case wait(Int)
    }
    let steps: [Step]

    /// The longest wait, a day: more is a mistake, not a test.
    public static let longestWait = 86_400_000

    /// Reads `text`; throws on an unknown name (with the name it is near) or a
    /// bad wait, naming it.
    public init(_ text: String) throws(ScriptHostError) {
        var steps: [Step] = []
        for name in text.split(separator: " ") {
            if name.hasPrefix("wait:") {
                guard let ms = Int(name.dropFirst(5)), ms >= 0, ms <= KeySequence.longestWait else {
                    throw ScriptHostError(message: "bad wait '\(name)' (expected wait:MS)")
                }
                steps.append(.wait(ms))
            } else if let key = Key(name: String(name)) {
                steps.append(.key(key))
            } else {
                throw ScriptHostError(message: "unknown key name '\(name)'" + Key.didYouMean(String(name)))
            }
        }
        self.steps = steps
    }

    public var isEmpty: Bool { steps.isEmpty }
}
