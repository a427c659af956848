/// What must be redone before the next frame, shared by the parts of the host
/// that change what it shows: a handler ran, navigation moved, an error shows.
final class Invalidation {
    /// The script's tables may have changed: read and lay out again.
    var layout = true
    /// Only the drawing is stale (the banner changed).
    var drawing = true
}
