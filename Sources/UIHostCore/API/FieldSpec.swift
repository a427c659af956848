import LuaBridge

/// One field of a component, declared once (inside a `Field` when a node reads
/// its value): the constructor validates it, the constructor may write its
/// default into the table, and the LuaLS stubs and the field tables of
/// docs/API.md (its meaning column too) are written from it.
struct FieldSpec: Sendable {
    let name: String
    let type: FieldType
    var defaultValue: FieldDefault = .none
    /// Written into the table by the constructor when the script left it unset,
    /// so that `onAppear` and tests read the truth before any interaction.
    var writtenDefault: WrittenDefault? = nil
    /// The LuaLS type of the stubs, when `type` does not say it (handlers, items, aliases).
    var luaType: String? = nil
    /// The type column of docs/API.md, when `type` does not say it.
    var docsType: String? = nil
    /// What it means, as the meaning column of docs/API.md says it: a phrase in
    /// Markdown, without a capital or a full stop (`the words on the chip`). The
    /// stubs' `---@field` line says it as a sentence (`stubDoc`).
    let doc: String
}

extension FieldSpec {
    /// The same field, its meaning said for another kind (`confirm` of an
    /// alert, which has one button).
    func saying(_ doc: String) -> FieldSpec {
        FieldSpec(name: name, type: type, defaultValue: defaultValue, writtenDefault: writtenDefault,
                  luaType: luaType, docsType: docsType, doc: doc)
    }

    /// `doc` as the stubs' sentence: links as their text, a capital, the
    /// default, a full stop (`The words on the chip (default "").`).
    var stubDoc: String { FieldSpec.sentence(doc, defaultValue: defaultValue) }

    static func sentence(_ phrase: String, defaultValue: FieldDefault = .none) -> String {
        // `[data source](#data-sources)` reads as `data source` in an editor's hover.
        var text = phrase.replacing(/\[([^\]]*)\]\([^)]*\)/) { String($0.1) }
        if let first = text.first { text = first.uppercased() + text.dropFirst() }
        switch defaultValue {
        case .none: break
        case .value(let literal): text += " (default \(literal.lua))"
        case .described(let words): text += " (default \(words))"
        }
        return text + "."
    }
}

/// What a field is when the script leaves it unset.
enum FieldDefault: Equatable, Sendable {
    case none
    case value(LuaLiteral)
    /// Worked out when read (`the art's line count`), in the words of docs/API.md.
    case described(String)
}

/// A constant as Lua source writes it.
enum LuaLiteral: Equatable, Sendable {
    case string(String)
    case boolean(Bool)
    case integer(Int)
    case number(Double)
    case emptyTable

    var lua: String {
        switch self {
        case .string(let s): LuaSource.string(s)
        case .boolean(let b): b ? "true" : "false"
        case .integer(let n): String(n)
        case .number(let d): String(d)
        case .emptyTable: "{}"
        }
    }
}

/// A default the constructor writes back (`selected` of lists, pickers, tabs, dropdowns).
enum WrittenDefault: Equatable, Sendable {
    /// 1, when the `items` (`rows`) array or data source (or, for `.children`, the positional entries) is not empty.
    case firstIndex(of: Counted)
    /// The first item's id (its index when it has none), unless field `unless` is set.
    case firstItemID(unless: String)

    enum Counted: Sendable { case items, rows, children }
}

// MARK: - Declaring fields

extension FieldSpec {
    /// A function the host calls, with its LuaLS signature: `fun(button: ui.Button)`.
    static func handler(_ name: String, _ signature: String, doc: String) -> FieldSpec {
        FieldSpec(name: name, type: .function, luaType: signature, doc: doc)
    }

    /// A data source's `count`: instead of an array, so many rows (`noun`) read by a function.
    static func count(of array: String, noun: String) -> FieldSpec {
        FieldSpec(name: "count", type: .integer(min: 0, max: HostLimits.maxDataSourceRows),
                  doc: "with a [data source](#data-sources): how many \(noun)s there are, instead of `\(array)`")
    }

    /// A data source's function: the row (`noun`) at a 1-based index, which is `returns`.
    static func rowFunction(_ name: String, _ signature: String, noun: String, returns: String) -> FieldSpec {
        FieldSpec(name: name, type: .function, luaType: signature,
                  doc: "with `count`: `\(name)(i)` returns \(noun) `i` (\(returns)); called only for the \(noun)s shown, once each per frame")
    }
}

extension FieldSpec {
    /// What every focusable component takes: `autofocus`, `onFocus`, `onBlur`.
    static let focusFields: [FieldSpec] = [
        autofocus.spec,
        .handler("onFocus", "fun(component: ui.Component)",
                 doc: "`onFocus(component)`: it got the focus (Tab, arrows, a click, `ui.focus`, initial focus)"),
        .handler("onBlur", "fun(component: ui.Component)",
                 doc: "`onBlur(component)`: it lost the focus to another component of its layer"),
    ]

    /// Read raw by the tree reader: anything but `true` asks for nothing.
    static let autofocus = Field.bool("autofocus", default: false,
                                      doc: "takes the initial focus of its screen, sheet or drawer (the first that asks); see [Focus](#focus)")
}
