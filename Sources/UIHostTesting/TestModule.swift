import CLua
import CLuaShim
import LuaBridge
import UIHostCore

/// The global `test` table and the methods of app handles (SPEC §4). Like the
/// `ui` table, every function is Swift reached through the C trampoline.
enum TestModule {
    static func install(_ run: ScriptRun) {
        let L = run.L
        lua_createtable(L, 0, 2)
        run.lua.setFunction("case", testCase)
        run.lua.setFunction("open", open)
        lua_setglobal(L, "test")

        _ = luaL_newmetatable(L, "uihost.app")
        lua_createtable(L, 0, 20)
        for (name, f) in methods { run.lua.setFunction(name, f) }
        lua_setfield(L, -2, "__index")
        run.lua.setFunction("__gc", close)
        LuaState.push(L, "uihost.app")
        lua_setfield(L, -2, "__name")
        lua_settop(L, -2)
    }

    static let methods: [(String, uih_SwiftFunction)] = [
        ("press", press), ("type", type), ("screen", screen), ("line", line),
        ("contains", contains), ("find", find), ("expect", { expect($0!, shown: true) }),
        ("expectNot", { expect($0!, shown: false) }), ("eval", eval), ("errors", errors),
        ("advance", advance), ("click", click), ("drag", drag), ("scroll", scroll), ("resize", resize), ("snapshot", snapshot),
    ]

    static func run(_ L: OpaquePointer) -> ScriptRun {
        LuaState.owner(of: L, as: ScriptRun.self)
    }

    static func raise(_ L: OpaquePointer, _ message: String) -> Int32 {
        LuaState.push(L, message)
        return UIH_RAISE_WHERE
    }

    static func argError(_ L: OpaquePointer, _ n: Int32, _ name: String, _ expected: String) -> Int32 {
        let got = String(cString: lua_typename(L, lua_type(L, n)))
        return raise(L, "bad argument #\(n) to '\(name)' (\(expected) expected, got \(got))")
    }

    /// The app whose handle is argument 1, or nil (with the error message pushed).
    static func app(_ L: OpaquePointer, _ method: String) -> App? {
        guard let p = luaL_testudata(L, 1, "uihost.app") else {
            _ = argError(L, 1, method, "app")
            return nil
        }
        let id = p.load(as: Int.self)
        guard let app = run(L).apps[id] else {
            LuaState.push(L, "\(method): this app was closed (apps live for the case that opened them)")
            return nil
        }
        run(L).lastApp = app
        return app
    }

    // MARK: - test

    static let testCase: uih_SwiftFunction = { L in
        let L = L!
        guard lua_type(L, 1) == LUA_TSTRING else { return argError(L, 1, "case", "string") }
        guard lua_type(L, 2) == LUA_TFUNCTION else { return argError(L, 2, "case", "function") }
        let name = LuaState.string(L, at: 1)
        lua_pushvalue(L, 2)
        let ref = luaL_ref(L, LUA_REGISTRYINDEX)
        run(L).cases.append(ScriptRun.Case(name: name, ref: ref))
        return 0
    }

    static let open: uih_SwiftFunction = { L in
        let L = L!
        guard lua_type(L, 1) == LUA_TSTRING else { return argError(L, 1, "open", "string") }
        let path = LuaState.string(L, at: 1)
        let run = run(L)
        var options = HostOptions(size: run.options.size, assetsDirectory: run.options.assets,
                                  maxInstructions: run.options.maxInstructions, maxMemory: run.options.maxMemory, log: { _ in })
        options.maxSeconds = run.options.maxSeconds
        if lua_type(L, 2) == LUA_TTABLE {
            lua_getfield_raw(L, 2, "size")
            if lua_type(L, -1) == LUA_TSTRING {
                let s = LuaState.string(L, at: -1)
                let parts = s.split(separator: "x", omittingEmptySubsequences: false)
                guard parts.count == 2, let c = Int(parts[0]), let r = Int(parts[1]), c >= 0, r >= 0, c <= 1000, r <= 1000 else {
                    return raise(L, "test.open: size must look like 80x24 (got '\(s)')")
                }
                options.size = Size(cols: c, rows: r)
            }
            lua_getfield_raw(L, 2, "assets")
            if lua_type(L, -1) == LUA_TSTRING { options.assetsDirectory = LuaState.string(L, at: -1) }
            // allow = "io,os" or { "io", "os" }
            var names: [String] = []
            switch lua_getfield_raw(L, 2, "allow") {
            case LUA_TSTRING: names = LuaState.string(L, at: -1).split(separator: ",").map(String.init)
            case LUA_TTABLE:
                for i in stride(from: 1, through: Int(lua_rawlen(L, -1)), by: 1) {
                    lua_rawgeti(L, -1, lua_Integer(i))
                    names.append(lua_type(L, -1) == LUA_TSTRING ? LuaState.string(L, at: -1) : "?")
                    lua_settop(L, -2)
                }
            case LUA_TNIL: break
            default: return raise(L, "test.open: allow must be a string or a table of strings")
            }
            for name in names {
                guard let cap = Capability(rawValue: name) else {
                    return raise(L, "test.open: unknown capability '\(name)' (expected io, os or all)")
                }
                options.allow.insert(cap)
            }
        }
        guard FileSystem.exists(path) else { return raise(L, "test.open: cannot open \(path)") }
        let host: Host
        do throws(LuaError) {
            host = try Host(script: path, options: options)
        } catch {
            return raise(L, "test.open: " + error.message)
        }
        let id = run.nextAppID
        run.nextAppID += 1
        let app = App(id: id, host: host, path: path)
        run.apps[id] = app
        run.lastApp = app
        let p = lua_newuserdatauv(L, MemoryLayout<Int>.size, 0)!
        p.storeBytes(of: id, as: Int.self)
        _ = lua_getfield(L, LUA_REGISTRYINDEX, "uihost.app")
        lua_setmetatable(L, -2)
        return 1
    }

    static let close: uih_SwiftFunction = { L in
        let L = L!
        if let p = luaL_testudata(L, 1, "uihost.app") {
            run(L).apps[p.load(as: Int.self)] = nil
        }
        return 0
    }

    // MARK: - Driving

    static let press: uih_SwiftFunction = { L in
        let L = L!
        guard let app = app(L, "press") else { return UIH_RAISE_WHERE }
        let n = lua_gettop(L)
        for i in stride(from: 2, through: n, by: 1) {
            guard lua_type(L, i) == LUA_TSTRING else { return argError(L, i, "press", "key name") }
            let name = LuaState.string(L, at: i)
            if name.hasPrefix("wait:"), let ms = Int(name.dropFirst(5)), ms >= 0 {
                app.host.advance(ms)
            } else if let key = Key(name: name) {
                app.host.send(.key(key))
            } else {
                return raise(L, "press: unknown key name '\(name)'")
            }
        }
        return 0
    }

    static let type: uih_SwiftFunction = { L in
        let L = L!
        guard let app = app(L, "type") else { return UIH_RAISE_WHERE }
        guard lua_type(L, 2) == LUA_TSTRING else { return argError(L, 2, "type", "string") }
        for c in LuaState.string(L, at: 2) {
            let key: Key = c == " " ? .space : (c == "\n" ? .enter : (c == "\t" ? .tab : .character(c)))
            app.host.send(.key(key))
        }
        return 0
    }

    static let advance: uih_SwiftFunction = { L in
        let L = L!
        guard let app = app(L, "advance") else { return UIH_RAISE_WHERE }
        guard lua_type(L, 2) == LUA_TNUMBER else { return argError(L, 2, "advance", "number") }
        app.host.advance(Int(max(0, min(lua_tonumberx(L, 2, nil), 1e12))))
        return 0
    }

    static let click: uih_SwiftFunction = { L in
        let L = L!
        guard let app = app(L, "click") else { return UIH_RAISE_WHERE }
        var col = 0, row = 0
        if lua_type(L, 2) == LUA_TSTRING {
            let text = LuaState.string(L, at: 2)
            guard let at = app.host.render().find(text) else {
                return raise(L, "click: \"\(text)\" is not on the screen\n" + App.framed(app.host.render()))
            }
            col = at.x + 1
            row = at.y + 1
        } else if lua_type(L, 2) == LUA_TNUMBER, lua_type(L, 3) == LUA_TNUMBER {
            col = Int(clamping: lua_tointegerx(L, 2, nil))
            row = Int(clamping: lua_tointegerx(L, 3, nil))
        } else {
            return argError(L, 2, "click", "text or column and row")
        }
        app.host.send(.mouse(MouseEvent(.press, column: col, row: row)))
        app.host.send(.mouse(MouseEvent(.release, column: col, row: row)))
        return 0
    }

    /// Integer arguments from `first` on, or nil (with the error pushed) when one is not.
    static func integers(_ L: OpaquePointer, from first: Int32, count: Int32, _ name: String) -> [Int]? {
        var values: [Int] = []
        for i in first..<(first + count) {
            guard lua_type(L, i) == LUA_TNUMBER else {
                _ = argError(L, i, name, "number")
                return nil
            }
            values.append(Int(clamping: lua_tointegerx(L, i, nil)))
        }
        return values
    }

    /// `app:drag(c1, r1, c2, r2)`: press, move, release.
    static let drag: uih_SwiftFunction = { L in
        let L = L!
        guard let app = app(L, "drag") else { return UIH_RAISE_WHERE }
        guard let v = integers(L, from: 2, count: 4, "drag") else { return UIH_RAISE_WHERE }
        app.host.send(.mouse(MouseEvent(.press, column: v[0], row: v[1])))
        app.host.send(.mouse(MouseEvent(.drag, column: v[2], row: v[3])))
        app.host.send(.mouse(MouseEvent(.release, column: v[2], row: v[3])))
        return 0
    }

    /// `app:scroll(col, row, n)`: the wheel, n > 0 down.
    static let scroll: uih_SwiftFunction = { L in
        let L = L!
        guard let app = app(L, "scroll") else { return UIH_RAISE_WHERE }
        guard let v = integers(L, from: 2, count: 3, "scroll") else { return UIH_RAISE_WHERE }
        for _ in 0..<min(v[2].magnitude, 10_000) {
            app.host.send(.mouse(MouseEvent(.scroll(v[2] > 0 ? 1 : -1), column: v[0], row: v[1])))
        }
        return 0
    }

    /// `app:resize(cols, rows)`: the terminal changed size (negative counts are 0).
    static let resize: uih_SwiftFunction = { L in
        let L = L!
        guard let app = app(L, "resize") else { return UIH_RAISE_WHERE }
        guard let v = integers(L, from: 2, count: 2, "resize") else { return UIH_RAISE_WHERE }
        guard v[0] <= 1000, v[1] <= 1000 else { return raise(L, "resize: at most 1000x1000 (got \(v[0])x\(v[1]))") }
        app.host.send(.resize(cols: v[0], rows: v[1]))
        return 0
    }

    // MARK: - Reading the frame

    static let screen: uih_SwiftFunction = { L in
        let L = L!
        guard let app = app(L, "screen") else { return UIH_RAISE_WHERE }
        LuaState.push(L, app.host.render().text)
        return 1
    }

    static let line: uih_SwiftFunction = { L in
        let L = L!
        guard let app = app(L, "line") else { return UIH_RAISE_WHERE }
        guard lua_isinteger(L, 2) != 0 else { return argError(L, 2, "line", "integer") }
        LuaState.push(L, app.host.render().line(Int(clamping: lua_tointegerx(L, 2, nil)) - 1))
        return 1
    }

    static let contains: uih_SwiftFunction = { L in
        let L = L!
        guard let app = app(L, "contains") else { return UIH_RAISE_WHERE }
        guard lua_type(L, 2) == LUA_TSTRING else { return argError(L, 2, "contains", "string") }
        lua_pushboolean(L, app.host.render().find(LuaState.string(L, at: 2)) != nil ? 1 : 0)
        return 1
    }

    static let find: uih_SwiftFunction = { L in
        let L = L!
        guard let app = app(L, "find") else { return UIH_RAISE_WHERE }
        guard lua_type(L, 2) == LUA_TSTRING else { return argError(L, 2, "find", "string") }
        guard let at = app.host.render().find(LuaState.string(L, at: 2)) else {
            lua_pushnil(L)
            return 1
        }
        lua_pushinteger(L, lua_Integer(at.x + 1))
        lua_pushinteger(L, lua_Integer(at.y + 1))
        return 2
    }

    static func expect(_ L: OpaquePointer, shown: Bool) -> Int32 {
        let name = shown ? "expect" : "expectNot"
        guard let app = app(L, name) else { return UIH_RAISE_WHERE }
        guard lua_type(L, 2) == LUA_TSTRING else { return argError(L, 2, name, "string") }
        let text = LuaState.string(L, at: 2)
        let frame = app.host.render()
        if (frame.find(text) != nil) == shown { return 0 }
        let what = shown ? "expected the frame to show" : "expected the frame not to show"
        return raise(L, "\(what) \"\(text)\"\n" + App.framed(frame))
    }

    static let errors: uih_SwiftFunction = { L in
        let L = L!
        guard let app = app(L, "errors") else { return UIH_RAISE_WHERE }
        let errors = app.host.errors
        lua_createtable(L, Int32(errors.count), 0)
        for (i, e) in errors.enumerated() {
            LuaState.push(L, e)
            lua_rawseti(L, -2, lua_Integer(i + 1))
        }
        return 1
    }

    // MARK: - Eval

    /// Runs Lua in the app's own state; the results come back as plain values.
    static let eval: uih_SwiftFunction = { L in
        let L = L!
        guard let app = app(L, "eval") else { return UIH_RAISE_WHERE }
        guard lua_type(L, 2) == LUA_TSTRING else { return argError(L, 2, "eval", "string") }
        let code = LuaState.string(L, at: 2)
        let appLua = app.host.lua
        let A = appLua.L
        let base = lua_gettop(A)
        do throws(LuaError) {
            try appLua.load(code, chunkName: "=eval")
            try appLua.call(nargs: 0, nresults: LUA_MULTRET)
        } catch {
            lua_settop(A, base)
            return raise(L, "eval: " + error.message)
        }
        app.host.markChanged()
        let n = lua_gettop(A) - base
        lua_checkstack(L, n + 8)
        for i in stride(from: 1, through: n, by: 1) {
            if let problem = ValueCopier(from: A, to: L).copy(base + i) {
                lua_settop(A, base)
                return raise(L, "eval: " + problem)
            }
        }
        lua_settop(A, base)
        return n
    }
}


/// Copies nil, booleans, numbers, strings and tables of them from one state to
/// another (SPEC §4 `app:eval`); other values become their type name.
struct ValueCopier {
    let from: OpaquePointer
    let to: OpaquePointer

    /// Pushes a copy of `from[index]` onto `to`; returns a problem or nil.
    func copy(_ index: Int32, depth: Int = 0) -> String? {
        let i = lua_absindex(from, index)
        switch lua_type(from, i) {
        case LUA_TNIL, LUA_TNONE: lua_pushnil(to)
        case LUA_TBOOLEAN: lua_pushboolean(to, lua_toboolean(from, i))
        case LUA_TNUMBER:
            if lua_isinteger(from, i) != 0 { lua_pushinteger(to, lua_tointegerx(from, i, nil)) } else { lua_pushnumber(to, lua_tonumberx(from, i, nil)) }
        case LUA_TSTRING:
            var len = 0
            let p = lua_tolstring(from, i, &len)
            _ = lua_pushlstring(to, p, len)
        case LUA_TTABLE:
            guard depth < 32 else { return "table nested too deep (or a cycle)" }
            guard lua_checkstack(from, 4) != 0, lua_checkstack(to, 4) != 0 else { return "out of stack" }
            lua_createtable(to, 0, 0)
            lua_pushnil(from)
            while lua_next(from, i) != 0 {
                if let problem = copy(-2, depth: depth + 1) {
                    lua_settop(from, -3)
                    lua_settop(to, -2)
                    return problem
                }
                if let problem = copy(-1, depth: depth + 1) {
                    lua_settop(from, -3)
                    lua_settop(to, -3)
                    return problem
                }
                if lua_type(to, -2) == LUA_TNIL {
                    lua_settop(to, -3)
                } else {
                    lua_rawset(to, -3)
                }
                lua_settop(from, -2)
            }
        default:
            LuaState.push(to, String(cString: lua_typename(from, lua_type(from, i))))
        }
        return nil
    }
}
