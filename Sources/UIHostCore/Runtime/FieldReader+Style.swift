import CLua
import CLuaShim
import LuaBridge

/// A run of rich text: `{ "Total: ", bold = true }`.
struct Span: Equatable {
    var text: String
    var style: Style
}

/// Reads of `style` tables and `spans`. The constructor has checked them; a
/// script that changes them later gets its problem reported and the rest drawn.
extension FieldReader {
    private static let attributeNames: [(StaticString, Style.Attributes)] = [
        ("bold", .bold), ("dim", .dim), ("italic", .italic), ("underline", .underline),
        ("reverse", .reverse), ("strike", .strike),
    ]

    /// The style table in field `key`, or nil. A string there is not a style
    /// (`ui.tabs{ style = "bottom" }` keeps its meaning), and is left alone.
    func style(_ key: StaticString) -> Style? {
        reader.pushName(key)
        defer { lua_settop(L, -2) }
        switch lua_rawget(L, table) {
        case LUA_TTABLE: return readStyle(at: lua_absindex(L, -1), path: fieldName(key))
        case LUA_TNIL, LUA_TSTRING: return nil
        default:
            reader.problem("\(fieldName(key)) must be a table (got \(reader.typeName(-1)))")
            return nil
        }
    }

    func isTable(_ key: StaticString) -> Bool {
        reader.pushName(key)
        defer { lua_settop(L, -2) }
        return lua_rawget(L, table) == LUA_TTABLE
    }

    /// The style keys of the table at `t` (a style, or a span).
    func readStyle(at t: Int32, path: String) -> Style {
        var style = Style.plain
        style.fg = color("fg", in: t, path: path)
        style.bg = color("bg", in: t, path: path)
        for (name, attribute) in FieldReader.attributeNames {
            reader.pushName(name)
            if lua_rawget(L, t) == LUA_TBOOLEAN, lua_toboolean(L, -1) != 0 { style.attributes.insert(attribute) }
            lua_settop(L, -2)
        }
        return style
    }

    private func color(_ key: StaticString, in t: Int32, path: String) -> Color {
        reader.pushName(key)
        defer { lua_settop(L, -2) }
        switch lua_rawget(L, t) {
        case LUA_TNIL: return .default
        case LUA_TSTRING:
            let text = LuaState.string(L, at: -1)
            if let color = Color(parsing: text) { return color }
            reader.problem("\(path).\(key) must be \(Color.expected)" + Color.problem(got: HostLimits.shortened(text)))
        case LUA_TNUMBER:
            var isInt: Int32 = 0
            let n = lua_tointegerx(L, -1, &isInt)
            if isInt != 0, (0...255).contains(n) { return .palette(Int(n)) }
            reader.problem("\(path).\(key) must be \(Color.expected) (got \(reader.typeName(-1)))")
        default:
            reader.problem("\(path).\(key) must be \(Color.expected) (got \(reader.typeName(-1)))")
        }
        return .default
    }

    /// The spans in field `key`, or nil when there are none.
    func spans(_ key: StaticString) -> [Span]? {
        reader.pushName(key)
        defer { lua_settop(L, -2) }
        guard lua_rawget(L, table) == LUA_TTABLE else { return nil }
        let list = lua_gettop(L)
        let n = reader.boundedLength(list, limit: HostLimits.maxArrayRead, path: fieldName(key))
        var result: [Span] = []
        result.reserveCapacity(n)
        for i in stride(from: 1, through: n, by: 1) {
            switch lua_rawgeti(L, list, lua_Integer(i)) {
            case LUA_TSTRING, LUA_TNUMBER:
                result.append(Span(text: text(at: -1), style: .plain))
            case LUA_TTABLE:
                let span = lua_absindex(L, -1)
                var text = ""
                if lua_rawgeti(L, span, 1) != LUA_TNIL { text = self.text(at: -1) }
                lua_settop(L, -2)
                reader.pushName("text")
                if lua_rawget(L, span) != LUA_TNIL, text.isEmpty { text = self.text(at: -1) }
                lua_settop(L, -2)
                result.append(Span(text: text, style: readStyle(at: span, path: "\(fieldName(key))[\(i)]")))
            default:
                reader.problem("\(fieldName(key))[\(i)] must be a string or table (got \(reader.typeName(-1)))")
            }
            lua_settop(L, -2)
        }
        return result.isEmpty ? nil : result
    }

    private func text(at index: Int32) -> String {
        if lua_type(L, index) == LUA_TNUMBER {
            return lua_isinteger(L, index) != 0 ? String(lua_tointegerx(L, index, nil)) : String(lua_tonumberx(L, index, nil))
        }
        return lua_type(L, index) == LUA_TSTRING ? LuaState.string(L, at: index) : ""
    }
}
