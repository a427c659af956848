/// What a container of a column or row worked out from its children: each
/// answer depends on the whole subtree and is asked at every level above it,
/// so it is worked out once per layout (deeply nested containers would
/// otherwise cost the square of their depth). A container forgets it when a
/// child changes size in place (`Node.forgetMeasures`) and works it out again.
struct MeasureCache {
    /// Whether a child is flexible (the container is, then).
    var flexible: Bool?
    /// Whether a child grows with the space left (a spacer, or a share).
    var grows: Bool?
    /// The columns wanted on one line.
    var natural: Int?
    /// The rows at the last width measured.
    var rows: (width: Int, height: Int)?

    /// The rows measured at `width`, if that was the last width.
    func rows(at width: Int) -> Int? {
        guard let rows, rows.width == width else { return nil }
        return rows.height
    }
}
