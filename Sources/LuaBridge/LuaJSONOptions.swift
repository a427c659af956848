/// The bounds and choices of `ui.json.encode` / `ui.json.decode`
/// (docs/API.md, "JSON"). Every bound is checked as the work goes, so a
/// document past one stops there with an error naming the place, never after
/// the host built (or allocated for) all of it.
public struct LuaJSONOptions: Sendable {
    /// How deep arrays and objects may nest: a document of 10^5 `[` is refused
    /// at the first one past this, before it costs a table per level.
    public var maxDepth = 1000
    /// The longest document `decode` reads and `encode` writes.
    public var maxBytes = 64 << 20
    /// Longest number text: beyond it no double gains a digit, and a
    /// 10^6-digit number would only cost time to convert.
    public var maxNumberLength = 400
    /// Objects as `{ keys = {…}, values = {…} }`, in document order
    /// (decode), and such tables written as objects in that order (encode).
    public var ordered = false
    /// Spaces per level when encoding; 0 writes one line without spaces.
    public var indent = 0

    public init() {}

    public static let maxIndent = 16
}
