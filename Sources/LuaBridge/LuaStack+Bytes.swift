import CLua

/// Strings as bytes, for codecs that read or build long strings without
/// making a Swift `String` of them (a 10 MB JSON document is read in place).
extension LuaStack {
    /// The bytes of the string at `index` (not converted from a number) and
    /// their count; valid while the string stays on the stack.
    public func bytes(at index: Int32, count: inout Int) -> UnsafePointer<UInt8>? {
        guard lua_type(L, index) == LUA_TSTRING, let p = lua_tolstring(L, index, &count) else { return nil }
        return UnsafeRawPointer(p).assumingMemoryBound(to: UInt8.self)
    }

    /// Pushes `bytes` as one Lua string.
    public func push(bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer {
            _ = lua_pushlstring(L, UnsafeRawPointer($0.baseAddress ?? UnsafePointer(bitPattern: 1)!).assumingMemoryBound(to: CChar.self), $0.count)
        }
    }
}

extension LuaStack {
    /// Replaces the number at `index` with its string as Lua spells it
    /// (`lua_tolstring` converts in place); a string stays as it is.
    public func convertNumberToString(at index: Int32) {
        guard lua_type(L, index) == LUA_TNUMBER else { return }
        _ = lua_tolstring(L, index, nil)
    }
}
