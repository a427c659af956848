import CLua
import CLuaShim
import LuaBridge

/// An item id as scripts write it: a number or a string.
enum ItemID: Equatable {
    case integer(Int64)
    case number(Double)
    case string(String)
}

extension FieldReader {
    /// The rows of an item array (strings, or tables with `title`/`icon`/`id`);
    /// an item without an id has its index as id.
    func items(_ key: StaticString) -> [(row: Popup.Row, id: ItemID)] {
        var result: [(row: Popup.Row, id: ItemID)] = []
        reader.pushName(key)
        guard lua_rawget(L, table) == LUA_TTABLE else {
            if lua_type(L, -1) != LUA_TNIL {
                reader.problem("\(kind.constructorName).\(key) must be a table (got \(reader.typeName(-1)))")
            }
            lua_settop(L, -2)
            return result
        }
        let list = lua_gettop(L)
        let n = reader.boundedLength(list, limit: HostLimits.maxArrayRead, path: "\(kind.constructorName).\(key)")
        result.reserveCapacity(n)
        for i in stride(from: 1, through: n, by: 1) {
            switch lua_rawgeti(L, list, lua_Integer(i)) {
            case LUA_TSTRING:
                result.append((Popup.Row(title: LuaState.string(L, at: -1), icon: nil), .integer(Int64(i))))
            case LUA_TTABLE:
                let item = FieldReader(reader: reader, table: lua_absindex(L, -1), kind: kind, itemPath: "\(key)[\(i)]")
                let row = Popup.Row(title: item.string("title") ?? "", icon: item.string("icon"))
                result.append((row, item.id("id") ?? .integer(Int64(i))))
            default:
                reader.problem("\(kind.constructorName).\(key)[\(i)] must be a table (got \(reader.typeName(-1)))")
                result.append((Popup.Row(title: "", icon: nil), .integer(Int64(i))))
            }
            lua_settop(L, -2)
        }
        lua_settop(L, -2)
        return result
    }

    func id(_ key: StaticString) -> ItemID? {
        reader.pushName(key)
        defer { lua_settop(L, -2) }
        switch lua_rawget(L, table) {
        case LUA_TNUMBER:
            return lua_isinteger(L, -1) != 0 ? .integer(lua_tointegerx(L, -1, nil)) : .number(lua_tonumberx(L, -1, nil))
        case LUA_TSTRING:
            return .string(LuaState.string(L, at: -1))
        default:
            return nil
        }
    }
}
