import CLua

/// Where a Lua function is running: for messages that name a script's file and line.
public struct LuaCallerPlace: Sendable, Equatable {
    /// The chunk's source as loaded: `@path` for a file, else the chunk's text or `=name`.
    public let source: String
    /// The chunk's name as Lua's messages show it (`screens/x.lua`, possibly shortened).
    public let shortSource: String
    public let line: Int
}

extension LuaStack {
    /// The place of the Lua function `level` calls up from the running Swift
    /// function (1: its caller), or nil when that is no Lua code with a line.
    public func caller(level: Int32 = 1) -> LuaCallerPlace? {
        var ar = lua_Debug()
        guard lua_getstack(L, level, &ar) != 0, lua_getinfo(L, "Sl", &ar) != 0, ar.currentline > 0 else { return nil }
        let short = withUnsafePointer(to: ar.short_src) {
            $0.withMemoryRebound(to: CChar.self, capacity: Int(LUA_IDSIZE)) { String(cString: $0) }
        }
        return LuaCallerPlace(source: ar.source.map { String(cString: $0) } ?? "", shortSource: short, line: Int(ar.currentline))
    }
}

extension LuaStack {
    /// The chunk name of the Lua function at `index` (`@path` for a file,
    /// `=name` for a named chunk); nil for a C function or another value.
    public func chunkSource(ofFunctionAt index: Int32) -> String? {
        guard lua_type(L, index) == LUA_TFUNCTION, lua_iscfunction(L, index) == 0 else { return nil }
        var ar = lua_Debug()
        lua_pushvalue(L, index)
        guard lua_getinfo(L, ">S", &ar) != 0, let source = ar.source else { return nil }
        return String(cString: source)
    }
}
