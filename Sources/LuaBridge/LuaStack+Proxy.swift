import CLua
import CLuaShim

/// Component proxies: a component a script holds is an empty table whose
/// fields live in a storage table behind it. Being empty, every write a
/// script makes into it reaches its `__newindex`, which stores the value in
/// the storage and records the proxy (shim.c): the host then reads again
/// only the components a script changed. The host itself reads and writes
/// the storage raw, as it always read component tables.
extension LuaStack {
    /// Past this many different proxies written between two layouts, the
    /// record says "more" and the host reads everything.
    public static let maxRecordedWrites = Int(UIH_MAX_WRITTEN)

    /// Pops, in the order pushed, the kind's methods (a table, or nil), the
    /// set of watched field names, the flag table and the array of written
    /// proxies; gives the metatable at `metatable` the proxy's `__index`,
    /// `__newindex`, `__len` and `__pairs`. A write of a watched name sets
    /// `flag[1]`; fetching a method sets `flag[2]`.
    public func setProxyMetamethods(ofMetatableAt metatable: Int32) {
        uih_setproxymetamethods(L, metatable)
    }

    /// The registry field of the weak-keyed table of component owners, which
    /// `makeProxy` keeps: a component's entry is given to its storage.
    public static let componentOwnersKey = UIH_OWNERS_KEY

    /// Makes the table at `index` a proxy (its metatable is the caller's to
    /// set): its fields move into a new storage table behind it, so that the
    /// table a script gave a constructor stays the component it holds.
    public func makeProxy(at index: Int32) {
        uih_makeproxy(L, index)
    }

    /// Pushes the storage of the proxy at `index` and returns true; pushes
    /// nothing and returns false when the value there is not a proxy.
    @inlinable @inline(__always) public func pushStorage(of index: Int32) -> Bool {
        uih_pushstorage(L, index) != 0
    }

    /// As `pushStorage(of:)`, making the component at `index` a proxy first
    /// when it is not one yet (components become proxies when the host first
    /// reads them). False, nothing pushed, for a value that is no component.
    @inlinable @inline(__always) public func pushStorageMakingProxy(of index: Int32) -> Bool {
        uih_pushstoragemaking(L, index) != 0
    }

    /// Where the fields of the table at `index` are: its storage, pushed, when
    /// it is a proxy; else the table itself (its absolute index, nothing pushed).
    @inlinable @inline(__always) public func fieldsIndex(of index: Int32) -> Int32 {
        let i = absolute(index)
        return uih_pushstorage(L, i) != 0 ? top : i
    }

    /// Replaces the proxy at `index` with its storage (nothing when it is not one).
    @inlinable @inline(__always) public func replaceWithStorage(at index: Int32) {
        let i = absolute(index)
        if uih_pushstorage(L, i) != 0 { copy(-1, into: i); pop() }
    }

    /// Whether a field of the proxy at `index` has held a plain table (not a
    /// component): a write inside that table reaches no metamethod.
    @inlinable @inline(__always) public func holdsPlainTables(_ index: Int32) -> Bool {
        uih_holdsplaintables(L, index) != 0
    }

    /// Pushes a table of `next`, `rawget`, `rawset` and `rawlen` that look
    /// through proxies: a script's raw access reaches a component's fields,
    /// and its `rawset` is a recorded write.
    public func pushRawFunctions() {
        uih_pushrawfunctions(L)
    }
}
