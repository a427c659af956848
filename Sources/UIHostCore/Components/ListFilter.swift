/// A list's `filter = true`: what is typed picks the items whose title holds
/// its characters in order (letters compared without case), as fzf or
/// Bubble Tea's list filter them; the characters matched are drawn marked.
enum ListFilter {
    /// At most this many items are looked at: a huge list is filtered in its
    /// first part only, never read whole on a key.
    static let maxItems = 10_000
    /// A query longer than this is cut: it is typed, not pasted whole.
    static let maxQuery = 256

    /// The character offsets in `title` that match `query` in order, the
    /// earliest each time; nil when it does not match. An empty query
    /// matches everything with nothing marked.
    static func match(_ query: String, in title: String) -> [Int]? {
        guard !query.isEmpty else { return [] }
        var wanted = query.lowercased().makeIterator()
        var next = wanted.next()
        var marks: [Int] = []
        for (offset, c) in title.enumerated() {
            guard let w = next else { break }
            if c.lowercased() == String(w) {
                marks.append(offset)
                next = wanted.next()
            }
        }
        return next == nil ? marks : nil
    }
}

/// What a filtering list keeps between frames: the query typed so far.
struct ListFilterState: ComponentState {
    var query = ""

    /// Kept: what the user typed.
    static let keptAcrossReload = true
    /// The list reads its matches when it is read: a new query reads it again.
    static let changesWhatIsRead = true
    /// Only the list: its new rows may change its size, which the layout then follows.
    static let belongsToItsNode = true
}
