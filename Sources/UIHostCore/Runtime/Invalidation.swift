/// What must be redone before the next frame, shared by the parts of the host
/// that change what it shows: a handler ran, navigation moved, an error shows.
final class Invalidation {
    /// The script's tables may have changed: read and lay out again.
    var layout = true
    /// Only the drawing is stale (the banner changed).
    var drawing = true
    /// Components whose own fields the host wrote (by their anchor in the
    /// last layout) while nothing else changed: a cursor move writes one
    /// list's `selected`, and only that list needs reading again. The
    /// compositor reads the whole tree when `layout` is set, when any script
    /// ran since the last layout, or when it cannot tell what these writes
    /// affect (`Compositor.update`).
    private(set) var written: [Int32] = []
    /// More writes than this before a layout: reading everything is as cheap.
    static let maxWritten = 32

    /// The host wrote a field of the component at `anchor` (not inside a
    /// table the component holds: a nested table may be shared).
    func wrote(_ anchor: Int32) {
        drawing = true
        if written.count < Invalidation.maxWritten {
            if !written.contains(anchor) { written.append(anchor) }
        } else {
            layout = true
        }
    }

    /// Components that hold plain tables, after a script ran (what it changed
    /// inside them reaches no metamethod): read again as written ones are.
    /// Their count is bounded by the reader (`TreeReader.maxHolding`).
    func wroteInside(_ anchors: [Int32]) {
        drawing = true
        written.append(contentsOf: anchors)
    }

    /// Done with the writes: the layout they asked for was made.
    func clearWritten() {
        written.removeAll(keepingCapacity: true)
    }
}
