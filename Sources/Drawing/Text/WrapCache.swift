/// Wrapped lines of the texts laid out lately: a long text is wrapped once,
/// not on every key press (layout runs after every event).
public final class WrapCache {
    private struct Key: Hashable {
        let text: String
        let width: Int
        let wrap: Bool
    }
    private var entries: [Key: [String]] = [:]

    public init() {}

    public func lines(_ text: String, width: Int, wrap: Bool) -> [String] {
        let key = Key(text: text, width: width, wrap: wrap)
        if let hit = entries[key] { return hit }
        let lines = wrap
            ? TextLayout.wrap(text, width: width)
            : text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        if entries.count >= 256 { entries.removeAll(keepingCapacity: true) }
        entries[key] = lines
        return lines
    }
}
