import CLua
import CLuaShim
import LuaBridge

/// Checks a component table against its schema, reading it raw (no
/// metamethods run) so that checking never raises. Messages are worded like
/// Lua's own: `ui.list: items[3].title must be a string (got nil)`.
struct Validator {
    let L: OpaquePointer
    let kinds: ComponentKinds
    /// Stop after this many problems (the constructor only reports the first).
    var limit = Int.max

    /// Every problem with the table at `index`, in a stable order.
    func problems(at index: Int32, schema: Schema) -> [String] {
        let t = lua_absindex(L, index)
        let name = schema.kind.constructorName
        var found: [String] = []
        let count = Int(lua_rawlen(L, t))
        var unknown: [String] = []
        var unknownNames: [String] = []
        if count > HostLimits.maxArrayRead {
            // A sparse table's length can be any border: 2^40 as easily as 3.
            return ["\(name): \(count) children (at most \(HostLimits.maxArrayRead))"]
        }

        // Positional children.
        for i in stride(from: 1, through: count, by: 1) {
            lua_rawgeti(L, t, lua_Integer(i))
            if !schema.hasChildren {
                unknown.append("[\(i)]")
            } else if let childKind = schema.childKind, kinds.kind(L, at: -1) != childKind {
                found.append("\(name): child [\(i)] must be a \(childKind.constructorName) (got \(describe(-1)))")
            } else if kinds.kind(L, at: -1) == nil {
                found.append("\(name): child [\(i)] must be a component (got \(describe(-1)))")
            }
            lua_settop(L, -2)
            if found.count >= limit { return found }
        }

        // Named fields, in sorted order so messages are stable.
        var keys: [String] = []
        lua_pushnil(L)
        while lua_next(L, t) != 0 {
            if unknown.count + unknownNames.count >= HostLimits.maxProblems {
                // Enough to report; the rest of a huge table is not worth reading.
                lua_settop(L, -3)
                break
            }
            if lua_type(L, -2) == LUA_TSTRING {
                let key = LuaState.string(L, at: -2)
                if schema.fields[key] == nil { unknownNames.append(key) } else { keys.append(key) }
            } else if lua_isinteger(L, -2) != 0 {
                let k = lua_tointegerx(L, -2, nil)
                if k < 1 || k > count { unknown.append("[\(k)]") }
            } else {
                unknown.append("[\(describe(-2)) key]")
            }
            lua_settop(L, -2)
        }
        for key in keys.sorted() {
            guard let type = schema.fields[key] else { continue }
            lua_getfield_raw(L, t, key)
            if let problem = check(-1, type, path: key) { found.append("\(name): \(problem)") }
            lua_settop(L, -2)
            if found.count >= limit { return found }
        }
        for key in unknown + unknownNames.sorted() {
            var message = "\(name): unknown field '\(HostLimits.shortened(key))'"
            if let guess = suggestion(for: key, among: schema.fields.keys) { message += " (did you mean '\(guess)'?)" }
            found.append(message)
        }
        return Array(found.prefix(limit))
    }

    /// The problem with the value at `index` for a field of `type`, or nil.
    func check(_ index: Int32, _ type: FieldType, path: String) -> String? {
        let v = lua_absindex(L, index)
        let t = lua_type(L, v)
        if t == LUA_TNIL { return nil }   // every field is optional unless a schema says otherwise
        func wrong() -> String { "\(path) must be \(type.expected) (got \(describe(v)))" }
        switch type {
        case .string:
            return t == LUA_TSTRING ? nil : wrong()
        case .boolean:
            return t == LUA_TBOOLEAN ? nil : wrong()
        case .function:
            return t == LUA_TFUNCTION ? nil : wrong()
        case .number(let lo, let hi):
            guard t == LUA_TNUMBER else { return wrong() }
            let n = lua_tonumberx(L, v, nil)
            if let lo, n < lo { return "\(path) must be at least \(format(lo)) (got \(format(n)))" }
            if let hi, n > hi { return "\(path) must be at most \(format(hi)) (got \(format(n)))" }
            return nil
        case .integer(let lo, let hi):
            guard t == LUA_TNUMBER else { return wrong() }
            var isInt: Int32 = 0
            let n = lua_tointegerx(L, v, &isInt)
            if isInt == 0 { return "\(path) must be an integer (got \(describe(v)))" }
            if let lo, n < lo { return "\(path) must be at least \(lo) (got \(n))" }
            if let hi, n > hi { return "\(path) must be at most \(hi) (got \(n))" }
            return nil
        case .choice(let options):
            guard t == LUA_TSTRING else { return wrong() }
            let s = LuaState.string(L, at: v)
            if options.contains(s) { return nil }
            return "\(path) must be one of " + options.map { "'\($0)'" }.joined(separator: ", ") + " (got '\(s)')"
        case .component(let kind):
            guard let actual = kinds.kind(L, at: v) else { return wrong() }
            if let kind, actual != kind { return "\(path) must be \(type.expected) (got a \(actual.constructorName))" }
            return nil
        case .height:
            if t == LUA_TSTRING, LuaState.string(L, at: v) == "fit" { return nil }
            guard t == LUA_TNUMBER else { return wrong() }
            let n = lua_tonumberx(L, v, nil)
            if n > 0 && n <= 1 { return nil }
            if lua_isinteger(L, v) != 0, n >= 1 { return nil }
            return "\(path) must be a fraction up to 1.0, a row count or \"fit\" (got \(format(n)))"
        case .stringOrNumber:
            return t == LUA_TSTRING || t == LUA_TNUMBER ? nil : wrong()
        case .items(let schema):
            guard t == LUA_TTABLE else { return wrong() }
            let n = Int(lua_rawlen(L, v))
            guard n > 0 else { return nil }
            if n > HostLimits.maxListItems { return "\(path) has \(n) entries (at most \(HostLimits.maxListItems))" }
            for i in 1...n {
                lua_rawgeti(L, v, lua_Integer(i))
                defer { lua_settop(L, -2) }
                if let problem = checkItem(-1, schema, path: "\(path)[\(i)]") { return problem }
            }
            return nil
        }
    }

    private func checkItem(_ index: Int32, _ schema: ItemSchema, path: String) -> String? {
        let item = lua_absindex(L, index)
        if lua_type(L, item) == LUA_TSTRING, schema.required == ["title"] { return nil }
        guard lua_type(L, item) == LUA_TTABLE else {
            return "\(path) must be a table (got \(describe(item)))"
        }
        for key in schema.names {
            lua_getfield_raw(L, item, key)
            defer { lua_settop(L, -2) }
            if lua_type(L, -1) == LUA_TNIL {
                if schema.required.contains(key) { return "\(path).\(key) must be \(schema.fields[key]!.expected) (got nil)" }
                continue
            }
            if let problem = check(-1, schema.fields[key]!, path: "\(path).\(key)") { return problem }
        }
        // Items may carry the script's own data, but a near miss of a known field is a typo.
        var typo: String?
        lua_pushnil(L)
        while lua_next(L, item) != 0 {
            if typo == nil, lua_type(L, -2) == LUA_TSTRING {
                let key = LuaState.string(L, at: -2)
                if schema.fields[key] == nil, let guess = suggestion(for: key, among: schema.fields.keys) {
                    typo = "\(path): unknown field '\(HostLimits.shortened(key))' (did you mean '\(guess)'?)"
                }
            }
            lua_settop(L, -2)
        }
        return typo
    }

    func describe(_ index: Int32) -> String {
        kinds.typeName(L, index)
    }


    private func format(_ d: Double) -> String {
        d == d.rounded() && abs(d) < 1e15 ? String(Int(d)) : String(d)
    }
}
