/// Cutting text to a number of bytes: what a host does before it keeps a
/// string a script made, which can be as long as the script's memory allows.
/// The cut falls on a UTF-8 character boundary and is marked with `…`, and
/// the result, mark included, is at most the bytes asked for.
public enum BoundedText {
    /// What marks text cut short: U+2026, three bytes of UTF-8.
    public static let mark = "\u{2026}"
    @usableFromInline static let markBytes = 3

    /// The text of `bytes` (invalid UTF-8 becoming U+FFFD), cut to at most
    /// `maxBytes` bytes of it when longer.
    @inlinable
    public static func prefix(of bytes: UnsafeBufferPointer<UInt8>, maxBytes: Int) -> String {
        guard bytes.count > maxBytes else { return String(decoding: bytes, as: UTF8.self) }
        let kept = bytes.prefix(cutIndex(in: bytes, maxBytes: maxBytes))
        return String(decoding: UnsafeBufferPointer(rebasing: kept), as: UTF8.self) + mark
    }

    /// `text` cut to at most `maxBytes` bytes of UTF-8 when longer.
    public static func prefix(of text: String, maxBytes: Int) -> String {
        guard text.utf8.count > maxBytes else { return text }
        var text = text
        return text.withUTF8 { prefix(of: $0, maxBytes: maxBytes) }
    }

    /// How many of `bytes` to keep before the mark: room is left for it, and
    /// a character the limit would split is dropped whole. Only the three
    /// bytes a character can continue by are looked at (invalid UTF-8 may
    /// continue for ever), so the cut costs nothing however long the text.
    public static func cutIndex(in bytes: UnsafeBufferPointer<UInt8>, maxBytes: Int) -> Int {
        var end = max(0, maxBytes - markBytes)
        var steps = 0
        while end > 0, steps < 3, bytes[end] & 0xC0 == 0x80 {
            end -= 1
            steps += 1
        }
        return end
    }
}
