import CLua
import CLuaShim

/// Running a chunk in globals of its own: a plugin's files see its
/// environment table as `_ENV`, never the screen's globals.
extension LuaStack {
    /// Pops the table on top and makes it the `_ENV` of the chunk at `index`
    /// (counted with the table pushed; a function just loaded, whose first
    /// upvalue is `_ENV`).
    public func setEnvironment(ofChunkAt index: Int32) {
        let f = absolute(index)
        if lua_setupvalue(L, f, 1) == nil { pop() }
    }

    /// Removes the value at `index`, moving those above it down.
    @inlinable @inline(__always) public func remove(at index: Int32) { uih_remove(L, index) }

    /// Pushes `f` as a Lua function with the `count` values on top as its
    /// upvalues (popped); `f` reads them at `upvalueIndex(1)`…
    public func push(_ f: LuaSwiftFunction, upvalues count: Int32) {
        uih_pushswiftclosure(L, f, count)
    }

    /// The pseudo-index of upvalue `i` (1-based) of the running Swift closure.
    @inlinable @inline(__always) public static func upvalueIndex(_ i: Int32) -> Int32 { uih_upvalueindex(i + 1) }
}
