import CLua
import CLuaShim

/// The stack of one Lua thread, seen from Swift: the state's main thread or a
/// coroutine that called a Swift function. A non-owning view (one pointer,
/// every method inlinable), so reading through it costs what the raw C calls
/// cost; the `LuaState` (or the Lua call that passed the thread) keeps it alive.
///
/// Only the calls that cannot raise a Lua error are offered here: raw reads
/// and writes, pushes, type tests. Whatever can raise goes through
/// `LuaState.call` or a protected helper of the shim.
@frozen
public struct LuaStack {
    public let L: OpaquePointer

    @inlinable @inline(__always) public init(_ L: OpaquePointer) { self.L = L }

    // MARK: - The top

    /// The number of values on the stack; setting it drops values or pads with nil.
    @inlinable @inline(__always) public var top: Int32 {
        get { lua_gettop(L) }
        nonmutating set { lua_settop(L, newValue) }
    }

    @inlinable @inline(__always) public func pop(_ count: Int32 = 1) { lua_settop(L, -count - 1) }

    /// `index` as a positive index that stays valid while values are pushed.
    @inlinable @inline(__always) public func absolute(_ index: Int32) -> Int32 { lua_absindex(L, index) }

    /// Makes room for `count` more values; false when the stack cannot grow.
    @inlinable @inline(__always) public func reserve(_ count: Int32) -> Bool { lua_checkstack(L, count) != 0 }

    // MARK: - Reading

    @inlinable @inline(__always) public func type(at index: Int32) -> LuaType {
        LuaType(code: lua_type(L, index))
    }

    /// Lua's name for the type of the value at `index` ("nil", "table"…).
    public func typeName(at index: Int32) -> String {
        String(cString: lua_typename(L, lua_type(L, index)))
    }

    @inlinable @inline(__always) public func isInteger(at index: Int32) -> Bool { lua_isinteger(L, index) != 0 }

    /// The value as an integer when it is a number with an integral value.
    @inlinable @inline(__always) public func integer(at index: Int32) -> Int64? {
        var isNumber: Int32 = 0
        let n = lua_tointegerx(L, index, &isNumber)
        return isNumber != 0 && lua_type(L, index) == LUA_TNUMBER ? Int64(n) : nil
    }

    /// The value as a Double when it is a number (strings are not converted).
    @inlinable @inline(__always) public func number(at index: Int32) -> Double? {
        lua_type(L, index) == LUA_TNUMBER ? lua_tonumberx(L, index, nil) : nil
    }

    /// The value's truth as Lua sees it: only nil and false are false.
    @inlinable @inline(__always) public func truth(at index: Int32) -> Bool { lua_toboolean(L, index) != 0 }

    /// The value when it is a boolean.
    @inlinable @inline(__always) public func boolean(at index: Int32) -> Bool? {
        lua_type(L, index) == LUA_TBOOLEAN ? lua_toboolean(L, index) != 0 : nil
    }

    /// The value when it is a string (numbers are not converted, so the stack
    /// never changes); invalid UTF-8 becomes U+FFFD.
    @inlinable @inline(__always) public func string(at index: Int32) -> String? {
        lua_type(L, index) == LUA_TSTRING ? LuaState.string(L, at: index) : nil
    }

    /// The value when it is a string, at most its first `maxBytes` bytes
    /// (`LuaState.string(_:at:maxBytes:)`).
    @inlinable @inline(__always) public func string(at index: Int32, maxBytes: Int) -> String? {
        lua_type(L, index) == LUA_TSTRING ? LuaState.string(L, at: index, maxBytes: maxBytes) : nil
    }

    /// `#t` without metamethods.
    @inlinable @inline(__always) public func rawLength(at index: Int32) -> Int { Int(lua_rawlen(L, index)) }

    // MARK: - Pushing

    @inlinable @inline(__always) public func pushNil() { lua_pushnil(L) }
    @inlinable @inline(__always) public func push(_ b: Bool) { lua_pushboolean(L, b ? 1 : 0) }
    @inlinable @inline(__always) public func push(_ n: Int) { lua_pushinteger(L, lua_Integer(n)) }
    @inlinable @inline(__always) public func push(_ n: Int64) { lua_pushinteger(L, lua_Integer(n)) }
    @inlinable @inline(__always) public func push(_ d: Double) { lua_pushnumber(L, d) }
    @inlinable @inline(__always) public func push(_ s: String) { LuaState.push(L, s) }
    /// Pushes a copy of the value at `index`.
    @inlinable @inline(__always) public func pushCopy(of index: Int32) { lua_pushvalue(L, index) }

    /// Pushes a new table with room for `arrayCount` items and `fieldCount` fields.
    @inlinable @inline(__always) public func pushNewTable(arrayCount: Int32 = 0, fieldCount: Int32 = 0) {
        lua_createtable(L, arrayCount, fieldCount)
    }

    /// Pushes the global table `_G`.
    @inlinable @inline(__always) public func pushGlobals() { _ = uih_getglobaltable(L) }

    // MARK: - Tables

    /// Pushes `t[i]` for the table at `index`, without metamethods; returns its type.
    @inlinable @inline(__always) @discardableResult
    public func rawGet(at index: Int32, _ i: Int) -> LuaType {
        LuaState.countEntry(L)
        return LuaType(code: lua_rawgeti(L, index, lua_Integer(i)))
    }

    /// Pushes `t[key]` for the table at `index`, without metamethods; returns its type.
    @inlinable @inline(__always) @discardableResult
    public func rawGet(at index: Int32, _ key: String) -> LuaType {
        LuaType(code: lua_getfield_raw(L, index, key))
    }

    /// `t[i] = v` without metamethods, for the table at `index` and the value on top (popped).
    @inlinable @inline(__always) public func rawSet(at index: Int32, _ i: Int) { lua_rawseti(L, index, lua_Integer(i)) }

    /// `t[k] = v` without metamethods: key below the value on top, both popped.
    @inlinable @inline(__always) public func rawSet(at index: Int32) { lua_rawset(L, index) }

    /// `t[name] = v` for a table the host made (no metatable, so nothing can
    /// raise), the value on top popped.
    @inlinable @inline(__always) public func setField(_ name: String, at index: Int32) { lua_setfield(L, index, name) }

    /// Pushes `t[name]` for a table the host made (no metatable); returns its type.
    @inlinable @inline(__always) @discardableResult
    public func getField(_ name: String, at index: Int32) -> LuaType {
        LuaType(code: lua_getfield(L, index, name))
    }

    /// Pushes `t[name]` of the table at `index`, first making it a new table
    /// when it is not one; true when it existed.
    @inlinable @inline(__always) @discardableResult
    public func pushSubtable(_ name: String, at index: Int32) -> Bool {
        luaL_getsubtable(L, index, name) != 0
    }

    /// Sets the global `name` to the value on top (popped). At set-up only:
    /// `_G` has no metatable then, so nothing can raise.
    @inlinable @inline(__always) public func setGlobal(_ name: String) { lua_setglobal(L, name) }

    /// Pushes the global `name`; returns its type. At set-up only (see `setGlobal`).
    @inlinable @inline(__always) @discardableResult
    public func getGlobal(_ name: String) -> LuaType {
        LuaType(code: lua_getglobal(L, name))
    }

    /// Steps through the table at `index` (`lua_next`): `body` sees the key at
    /// -2 and the value at -1, which it must leave in place; it returns false
    /// to stop. The stack is as before afterwards, on every path.
    @inlinable @inline(__always) public func forEachPair(in index: Int32, _ body: () -> Bool) {
        let t = lua_absindex(L, index)
        let top = lua_gettop(L)
        lua_pushnil(L)
        while lua_next(L, t) != 0 {
            LuaState.countEntry(L)
            let go = body()
            lua_settop(L, -2)
            if !go { break }
        }
        lua_settop(L, top)
    }
}
