/// `--idle 30m`: how long a session may go without input from its browser.
public enum IdleTime {
    /// Seconds from `90s`, `30m`, `2h` or a bare number of seconds; 0 (`0`,
    /// `0m`) for never; nil for anything else.
    public static func seconds(_ text: String) -> Int? {
        var digits = Substring(text)
        var unit = 1
        switch text.last {
        case "s": unit = 1
        case "m": unit = 60
        case "h": unit = 3600
        default: unit = 0
        }
        if unit != 0 { digits = digits.dropLast() } else { unit = 1 }
        guard !digits.isEmpty, digits.allSatisfy({ ("0"..."9").contains($0) }), let n = Int(digits), n >= 0, n <= 7 * 24 * 3600 / unit else { return nil }
        return n * unit
    }

    /// `30 minutes`, `90 seconds`, `2 hours`: for the message a page shows.
    public static func describe(_ seconds: Int) -> String {
        func plural(_ n: Int, _ unit: String) -> String { "\(n) \(unit)\(n == 1 ? "" : "s")" }
        if seconds % 3600 == 0 { return plural(seconds / 3600, "hour") }
        if seconds % 60 == 0 { return plural(seconds / 60, "minute") }
        return plural(seconds, "second")
    }
}
