import LuaBridge

/// An item id as scripts write it: a number or a string.
enum ItemID: Equatable {
    case integer(Int64)
    case number(Double)
    case string(String)
}

/// The fields of a choice's item table (a picker's, a radio group's, a
/// dropdown's), as `items(_:)` and a data source's rows read them; each
/// kind's `ItemClass` declares them with what they mean there.
enum ChoiceItemFields {
    static let id = Field<ItemID?>("id", .stringOrNumber, default: .described("its index"), luaType: "ui.ItemID",
                                   doc: "the script's own identifier") { $0.id($1) }
    static let title = Field.string("title", doc: "the shown text")
    static let icon = Field.string("icon", doc: "drawn before the title, with a space")
}

extension FieldReader {
    /// The rows of an item array (strings, or tables with `title`/`icon`/`id`);
    /// an item without an id has its index as id.
    func items(_ key: StaticString) -> [(row: Popup.Row, id: ItemID)] {
        var result: [(row: Popup.Row, id: ItemID)] = []
        reader.pushName(key)
        guard s.rawGet(at: table) == .table else {
            if s.type(at: -1) != .nil {
                reader.problem("\(kind.constructorName).\(key) must be a table (got \(reader.typeName(-1)))")
            }
            s.pop()
            return result
        }
        let list = s.top
        let n = reader.boundedLength(list, limit: HostLimits.maxArrayRead, path: "\(kind.constructorName).\(key)")
        result.reserveCapacity(n)
        for i in stride(from: 1, through: n, by: 1) {
            switch s.rawGetIndex(at: list, i) {
            case .string:
                result.append((Popup.Row(title: reader.displayString(at: -1), icon: nil), .integer(Int64(i))))
            case .table:
                let item = FieldReader(reader: reader, table: s.absolute(-1), kind: kind, itemPath: "\(key)[\(i)]")
                let row = Popup.Row(title: item[ChoiceItemFields.title] ?? "", icon: item[ChoiceItemFields.icon])
                result.append((row, item[ChoiceItemFields.id] ?? .integer(Int64(i))))
            default:
                reader.problem("\(kind.constructorName).\(key)[\(i)] must be a table (got \(reader.typeName(-1)))")
                result.append((Popup.Row(title: "", icon: nil), .integer(Int64(i))))
            }
            s.pop()
        }
        s.pop()
        return result
    }

    func id(_ key: StaticString) -> ItemID? {
        reader.pushName(key)
        defer { s.pop() }
        switch s.rawGet(at: table) {
        case .number:
            return s.isInteger(at: -1) ? .integer(s.toInteger(at: -1)) : .number(s.toNumber(at: -1))
        case .string:
            // Kept like a display string: two ids that agree in their first
            // `HostLimits.maxDisplayBytes` are one.
            return .string(reader.displayString(at: -1))
        default:
            return nil
        }
    }
}
