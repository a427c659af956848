import CLuaShim

/// The host's own work for a script, counted where it is done: each table
/// entry the bridge reads by index or in a walk and each byte of a Lua string
/// it copies out. Tests bound these by what a frame can show (its cells,
/// `maxDisplayBytes`), which no slow or loaded machine changes, where CPU
/// seconds would. The counts are plain increments in the state's runtime
/// record, compiled into debug builds only (what `swift test` runs): the
/// release build's per-key path, where they cost 1% of its instructions
/// (Scripts/bench/perkey_callgrind.sh), has none, and counts nothing.
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

    /// Counts `count` bytes of a string of `L` copied into the host (by
    /// `LuaState.string`, or a reader copying from `LuaState.bytes`).
    @inlinable @inline(__always)
    public static func countCopied(_ L: OpaquePointer, _ count: Int) {
        #if DEBUG
        uih_countbytes(L, count)
        #endif
    }

    /// Counts one table entry of `L`'s state read by the bridge.
    @inlinable @inline(__always)
    static func countEntry(_ L: OpaquePointer) {
        #if DEBUG
        uih_countentry(L)
        #endif
    }
}
