import CLuaShim

/// The host's own work for a script, counted where it is done: each table
/// entry the bridge reads and each byte of a Lua string it copies out. Tests
/// bound these by what a frame can show (its cells, `maxDisplayBytes`), which
/// no slow or loaded machine changes, where CPU seconds would. The counts are
/// plain increments in the state's runtime record, so they cost nothing a
/// per-key measure sees.
public struct LuaWork: Equatable, Sendable {
    /// Table entries the host read by index or in a walk (`rawGet(at:_:)` with
    /// an integer, `rawGetIndex`, `next`, `forEachPair`): the reads a script's
    /// array or table can multiply. A field read by name is not counted: a
    /// component has a fixed set of names, and counting them cost the per-key
    /// path 3% of its instructions.
    public var entriesRead: Int
    /// Bytes of Lua strings copied into the host (`LuaState.string`, display text).
    public var bytesCopied: Int

    public init(entriesRead: Int = 0, bytesCopied: Int = 0) {
        self.entriesRead = entriesRead
        self.bytesCopied = bytesCopied
    }

    /// The work done between `earlier` and this count.
    public static func - (later: LuaWork, earlier: LuaWork) -> LuaWork {
        LuaWork(entriesRead: later.entriesRead - earlier.entriesRead, bytesCopied: later.bytesCopied - earlier.bytesCopied)
    }
}

extension LuaState {
    /// The work counted so far for this state (coroutines included).
    public var work: LuaWork {
        LuaWork(entriesRead: Int(runtime.pointee.entriesRead), bytesCopied: Int(runtime.pointee.bytesCopied))
    }

    /// Counts `count` bytes of a string of `L` copied into the host by a
    /// reader that copies from the bytes in place (`LuaState.bytes`).
    @inlinable @inline(__always)
    public static func countCopied(_ L: OpaquePointer, _ count: Int) {
        uih_countbytes(L, count)
    }
}
