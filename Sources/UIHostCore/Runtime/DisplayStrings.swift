import Glibc
import LuaBridge

/// Where a script's string becomes text the host shows. Only its first
/// `HostLimits.maxDisplayBytes` are ever copied out of Lua: the rest of a
/// 100 MB string costs nothing, and everything the host builds from it
/// afterwards (wrapped lines, cells, rows) is bounded by that copy. Every
/// display field is read here — by `FieldReader.string`, the rows of lists,
/// tables, trees, logs and popups, toasts, messages — so that no path forgets
/// the bound; editable values (`FieldReader.editableString`) are the one
/// exception.
extension LuaStack {
    /// The string at `index` (which must be one) as display text.
    func displayString(at index: Int32) -> String {
        LuaState.string(L, at: index, maxBytes: HostLimits.maxDisplayBytes)
    }
}

/// The display strings of a tree read, with the long ones kept by where Lua
/// keeps their bytes: one string shown in many places (a 20 MB string as the
/// title of 10^5 items) is copied once, not once per place, and one shown on
/// every frame is copied once, not once per key. An entry is reused only when
/// its bytes still match (a collected string's address may come back with
/// other text), which costs a compare, not a copy. Entries not read for a
/// whole layout are dropped.
///
/// With `maxBytes: .max` it reads editable values whole: a 10 MB text area
/// is then compared on each key, not copied and decoded again.
final class DisplayStrings {
    private struct Entry {
        /// The length of the Lua string, and how many of its bytes `text` holds.
        let count: Int
        let kept: Int
        let text: String
    }

    /// Shorter strings are copied each time: a frame's labels cost no lookup.
    let cachedFrom: Int
    /// The bytes of a string kept, at most.
    let maxBytes: Int

    init(cachedFrom: Int = 256, maxBytes: Int = HostLimits.maxDisplayBytes) {
        self.cachedFrom = cachedFrom
        self.maxBytes = maxBytes
    }

    private var current: [UnsafeRawPointer: Entry] = [:]
    private var previous: [UnsafeRawPointer: Entry] = [:]

    /// The string at `index` of `L` (which must be one) as display text.
    func string(_ L: OpaquePointer, at index: Int32) -> String {
        let bytes = LuaState.bytes(L, at: index)
        guard bytes.count >= cachedFrom, let base = bytes.baseAddress else {
            LuaState.countCopied(L, min(bytes.count, maxBytes))
            return BoundedText.prefix(of: bytes, maxBytes: maxBytes)
        }
        let key = UnsafeRawPointer(base)
        if let entry = current[key] ?? previous[key], entry.count == bytes.count, DisplayStrings.matches(entry, bytes) {
            current[key] = entry
            return entry.text
        }
        let kept = bytes.count > maxBytes ? BoundedText.cutIndex(in: bytes, maxBytes: maxBytes) : bytes.count
        let text = BoundedText.prefix(of: bytes, maxBytes: maxBytes)
        LuaState.countCopied(L, kept)
        current[key] = Entry(count: bytes.count, kept: kept, text: text)
        return text
    }

    /// A new layout: what the last two did not read goes.
    func startLayout() {
        // Most screens show no long string: nothing to turn over.
        guard !current.isEmpty || !previous.isEmpty else { return }
        swap(&previous, &current)
        current.removeAll(keepingCapacity: true)
    }

    /// Whether the text of `entry` still holds the first bytes of `bytes`
    /// (text decoded from invalid UTF-8 never does: it is copied again).
    private static func matches(_ entry: Entry, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let same = entry.text.utf8.withContiguousStorageIfAvailable { text in
            text.count >= entry.kept && memcmp(text.baseAddress!, bytes.baseAddress!, entry.kept) == 0
        }
        return same ?? false
    }
}
