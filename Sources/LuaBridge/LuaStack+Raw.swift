import CLua
import CLuaShim

/// The rest of Lua's stack API the host uses, one method per C call and
/// named after it, so code reading tables reads as it did with the raw calls
/// but imports only LuaBridge. Every method is inlinable and compiles to the
/// C call alone; none can raise a Lua error.
extension LuaStack {
    /// Lua's registry pseudo-index.
    @inlinable @inline(__always) public static var registryIndex: Int32 { uih_registryindex() }

    // MARK: - Reading

    /// `lua_tointegerx` without the flag: the value as an integer, 0 when it is not one
    /// (a string holding a number converts, so test the type first).
    @inlinable @inline(__always) public func toInteger(at index: Int32) -> Int64 { Int64(lua_tointegerx(L, index, nil)) }

    /// The number at `index` as an integer when its value is integral
    /// (`lua_tointegerx` with its flag; a string holding a number converts, so test the type first).
    @inlinable @inline(__always) public func exactInteger(at index: Int32) -> Int64? {
        var isInteger: Int32 = 0
        let n = lua_tointegerx(L, index, &isInteger)
        return isInteger != 0 ? Int64(n) : nil
    }

    /// `lua_tonumberx` without the flag: the value as a Double, 0 when it is not a number.
    @inlinable @inline(__always) public func toNumber(at index: Int32) -> Double { lua_tonumberx(L, index, nil) }

    /// The identity of a table, function, thread or userdata (`lua_topointer`); nil for other values.
    @inlinable @inline(__always) public func pointer(at index: Int32) -> UnsafeRawPointer? { lua_topointer(L, index) }

    /// The raw memory of a userdata (`lua_touserdata`).
    @inlinable @inline(__always) public func userdataPointer(at index: Int32) -> UnsafeMutableRawPointer? { lua_touserdata(L, index) }

    /// The thread at `index` as a stack (`lua_tothread`).
    @inlinable @inline(__always) public func thread(at index: Int32) -> LuaStack? { lua_tothread(L, index).map(LuaStack.init) }

    /// Whether the two values are primitively equal (`lua_rawequal`).
    @inlinable @inline(__always) public func rawEqual(_ a: Int32, _ b: Int32) -> Bool { lua_rawequal(L, a, b) != 0 }

    /// Whether the running function may yield (`lua_isyieldable`).
    @inlinable @inline(__always) public var isYieldable: Bool { lua_isyieldable(L) != 0 }

    // MARK: - Pushing and moving

    @inlinable @inline(__always) public func pushInteger<I: BinaryInteger>(_ n: I) { lua_pushinteger(L, lua_Integer(truncatingIfNeeded: n)) }
    @inlinable @inline(__always) public func pushNumber(_ d: Double) { lua_pushnumber(L, d) }
    @inlinable @inline(__always) public func pushLightUserdata(_ p: UnsafeMutableRawPointer?) { lua_pushlightuserdata(L, p) }

    /// Pushes the bytes as a Lua string.
    @inlinable @inline(__always) public func pushBytes(_ p: UnsafePointer<CChar>?, count: Int) { _ = lua_pushlstring(L, p, count) }

    /// Pushes a static string (a field name known at compile time) without copying it into a Swift String.
    @inlinable @inline(__always) public func push(_ s: StaticString) {
        s.utf8Start.withMemoryRebound(to: CChar.self, capacity: s.utf8CodeUnitCount) {
            _ = lua_pushlstring(L, $0, s.utf8CodeUnitCount)
        }
    }

    /// Moves `count` values from the top of this stack to the top of `target` (`lua_xmove`).
    @inlinable @inline(__always) public func move(_ count: Int32, to target: LuaStack) { lua_xmove(L, target.L, count) }

    /// `lua_rotate`.
    @inlinable @inline(__always) public func rotate(_ index: Int32, by n: Int32) { lua_rotate(L, index, n) }

    /// Copies the value at `from` into slot `to` (`lua_copy`).
    @inlinable @inline(__always) public func copy(_ from: Int32, into to: Int32) { lua_copy(L, from, to) }

    /// Pushes a new thread of this state (`lua_newthread`), charged to the
    /// script's instruction budget like one Lua makes.
    @inlinable @inline(__always) public func pushNewThread() -> LuaStack {
        let t = LuaStack(lua_newthread(L))
        uih_chargenewthread(L)
        return t
    }

    // MARK: - Tables

    /// Pushes `t[k]` for the table at `index` and the key on top (popped), without metamethods.
    @inlinable @inline(__always) @discardableResult
    public func rawGet(at index: Int32) -> LuaType {
        LuaState.countEntry(L)
        return LuaType(code: lua_rawget(L, index))
    }

    /// Pushes `t[n]` (`lua_rawgeti`); returns its type.
    @inlinable @inline(__always) @discardableResult
    public func rawGetIndex<I: BinaryInteger>(at index: Int32, _ n: I) -> LuaType {
        LuaState.countEntry(L)
        return LuaType(code: lua_rawgeti(L, index, lua_Integer(truncatingIfNeeded: n)))
    }

    /// `t[n] = v` for the value on top (popped), without metamethods (`lua_rawseti`).
    @inlinable @inline(__always) public func rawSetIndex<I: BinaryInteger>(at index: Int32, _ n: I) {
        lua_rawseti(L, index, lua_Integer(truncatingIfNeeded: n))
    }

    /// `lua_next`: pops a key and pushes the next pair; false at the end (nothing pushed).
    @inlinable @inline(__always) public func next(at index: Int32) -> Bool {
        LuaState.countEntry(L)
        return lua_next(L, index) != 0
    }

    /// Pops a table (or nil) and makes it the metatable of the value at `index`.
    @inlinable @inline(__always) public func setMetatable(at index: Int32) { lua_setmetatable(L, index) }

    /// Pushes the metatable of the value at `index`; false (nothing pushed) when it has none.
    @inlinable @inline(__always) public func pushMetatable(of index: Int32) -> Bool { lua_getmetatable(L, index) != 0 }

    /// Pushes the metatable registered as `name`; returns its type.
    @inlinable @inline(__always) @discardableResult
    public func pushRegisteredMetatable(_ name: String) -> LuaType {
        LuaType(code: lua_getfield(L, LuaStack.registryIndex, name))
    }

    // MARK: - Registry references

    /// Pops the value on top into the registry; returns its slot (`luaL_ref`).
    @inlinable @inline(__always) public func popRef() -> Int32 { luaL_ref(L, LuaStack.registryIndex) }

    /// Frees a registry slot (`luaL_unref`).
    @inlinable @inline(__always) public func unref(_ slot: Int32) { luaL_unref(L, LuaStack.registryIndex, slot) }

    /// Pushes the value in registry slot `slot`; returns its type.
    @inlinable @inline(__always) @discardableResult
    public func pushRef(_ slot: Int32) -> LuaType {
        LuaType(code: lua_rawgeti(L, LuaStack.registryIndex, lua_Integer(slot)))
    }

    // MARK: - Garbage

    /// A full collection.
    @inlinable @inline(__always) public func collectGarbage() { _ = uih_gccollect(L) }
}
