import LuaBridge

/// The parsed document of each `ui.markdown` shown lately, by table: parsed
/// once per text. A text is known again by its Lua string (same address and
/// length), which the entry keeps alive, so no other string can take its
/// address while the entry lives: a key costs a pointer comparison, not a
/// 10 MB comparison or a parse.
final class MarkdownCache {
    private struct Entry {
        let text: LuaRef
        let address: UnsafeRawPointer
        let count: Int
        let document: MarkdownDocument
    }

    private var entries: [UnsafeRawPointer: Entry] = [:]
    private static let maxEntries = 64

    /// The document of the table `id` whose text is the string on top of
    /// `stack` (a thread of `lua`), made when the text is new.
    func document(for id: UnsafeRawPointer, textOn stack: LuaStack, of lua: LuaState) -> MarkdownDocument {
        var count = 0
        let bytes = stack.bytes(at: -1, count: &count)
        if let bytes, let entry = entries[id], entry.address == UnsafeRawPointer(bytes), entry.count == count {
            return entry.document
        }
        let document = MarkdownDocument(bytes.map { MarkdownCache.bounded(UnsafeBufferPointer(start: $0, count: count)) } ?? [])
        if entries.count >= MarkdownCache.maxEntries { entries.removeAll(keepingCapacity: true) }
        if let bytes {
            stack.pushCopy(of: -1)
            entries[id] = Entry(text: LuaRef(popping: stack, of: lua), address: UnsafeRawPointer(bytes), count: count, document: document)
        }
        return document
    }

    /// The host keeps at most this much of a text (its blocks and lines cost
    /// several times the text once all of it is shown).
    static let maxTextBytes = 64 << 20

    /// The text, or its first `maxTextBytes` (to a line's end) and a note that says so.
    static func bounded(_ text: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        guard text.count > maxTextBytes else { return Array(text) }
        var end = maxTextBytes
        while end > 0, text[end - 1] != 0x0A { end -= 1 }
        return Array(text[0..<(end > 0 ? end : maxTextBytes)])
            + Array("\n\n---\n\n*The text goes on for \(text.count >> 20) MiB in all; the first 64 MiB are shown.*\n".utf8)
    }

    /// The collector took the table: its document goes too.
    func forget(_ id: UnsafeRawPointer) {
        entries[id] = nil
    }
}
