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
        let document = MarkdownDocument(bytes.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? [])
        if entries.count >= MarkdownCache.maxEntries { entries.removeAll(keepingCapacity: true) }
        if let bytes {
            stack.pushCopy(of: -1)
            entries[id] = Entry(text: LuaRef(popping: stack, of: lua), address: UnsafeRawPointer(bytes), count: count, document: document)
        }
        return document
    }

    /// The collector took the table: its document goes too.
    func forget(_ id: UnsafeRawPointer) {
        entries[id] = nil
    }
}
