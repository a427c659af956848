/// A field a node reads, declared once in its kind's file: the spec (what the
/// constructor validates, what docs/API.md and the stubs say) and the reading
/// that gives the node its value, with the default and clamps the spec states.
/// A node reads `field[Fields.title]`, so the default the docs show is the one
/// the node gets, and no node keeps a default or a range of its own.
struct Field<Value: Sendable>: Sendable {
    /// The name, as the reader looks it up (its address keys the reader's name cache).
    let key: StaticString
    let spec: FieldSpec
    private let reading: @Sendable (FieldReader, StaticString) -> Value

    /// A field of `type` read by `read`, which is given the key; for the
    /// readings the declarations below do not cover (items, rows, spans).
    init(_ key: StaticString, _ type: FieldType, default value: FieldDefault = .none,
         writtenDefault: WrittenDefault? = nil, luaType: String? = nil, docsType: String? = nil,
         doc: String, read: @escaping @Sendable (FieldReader, StaticString) -> Value) {
        self.key = key
        spec = FieldSpec(name: "\(key)", type: type, defaultValue: value, writtenDefault: writtenDefault,
                         luaType: luaType, docsType: docsType, doc: doc)
        reading = read
    }

    func read(_ field: FieldReader) -> Value { reading(field, key) }
}

extension FieldReader {
    /// The value of `field` in this component, as its declaration reads it.
    subscript<Value>(_ field: Field<Value>) -> Value { field.read(self) }

    /// Writes `field`'s default into the table when the script left it unset
    /// (a `selected` that tells the truth before any move).
    func writeDefault(_ field: Field<Int>) {
        setDefault(field.key, integer: field.value(nil))
    }
}

// MARK: - Declaring fields

extension Field<String> {
    /// Text to show, `value` when unset.
    static func string(_ key: StaticString, default value: String, doc: String) -> Field {
        Field(key, .string, default: .value(.string(value)), doc: doc) { $0.string($1) ?? value }
    }

    /// A value the user edits (`ui.input`'s `value`): kept whole, "" when unset.
    static func editable(_ key: StaticString, doc: String) -> Field {
        Field(key, .string, default: .value(.string("")), doc: doc) { $0.editableString($1) ?? "" }
    }
}

extension Field<String?> {
    /// Text that may be absent (a placeholder shown only when set).
    static func string(_ key: StaticString, doc: String) -> Field {
        Field(key, .string, doc: doc) { $0.string($1) }
    }
}

extension Field<Bool> {
    static func bool(_ key: StaticString, default value: Bool, doc: String) -> Field {
        Field(key, .boolean, default: .value(.boolean(value)), doc: doc) { $0.bool($1) ?? value }
    }
}

extension Field<Int> {
    /// An integer clamped to `range` when read (the constructor refuses one
    /// outside it; a value written later is clamped), `value` when unset.
    static func integer(_ key: StaticString, _ range: ClosedRange<Int>, default value: Int,
                        writtenDefault: WrittenDefault? = nil, doc: String) -> Field {
        Field(key, .integer(min: range.lowerBound, max: range.upperBound), default: .value(.integer(value)),
              writtenDefault: writtenDefault, doc: doc) { $0.int($1, min: range.lowerBound, max: range.upperBound) ?? value }
    }

    /// A 1-based place among items, rows or tabs: at least 1, 1 when unset,
    /// written back as `counted` says. The node clamps it to what it counts.
    static func index(_ key: StaticString, counting counted: WrittenDefault.Counted, doc: String) -> Field {
        Field(key, .integer(min: 1, max: nil), default: .value(.integer(1)),
              writtenDefault: .firstIndex(of: counted), doc: doc) { $0.int($1, min: 1) ?? 1 }
    }
}

extension Field<Int> {
    /// `n` as reading the field gives it, for a reader other than a node's
    /// (a component's Lua method): clamped to the range, the default when nil.
    func value(_ n: Int?) -> Int {
        guard case .integer(let lo, let hi) = spec.type, case .value(.integer(let fallback)) = spec.defaultValue else {
            preconditionFailure("\(key) is not an integer with a default")
        }
        guard let n else { return fallback }
        return Swift.min(Swift.max(n, lo ?? Int.min), hi ?? Int.max)
    }
}

extension Field<Int?> {
    /// An integer clamped to `range` when read, nil when unset (the default
    /// worked out from other things, in `described`'s words).
    static func integer(_ key: StaticString, _ range: ClosedRange<Int>, described: String? = nil, doc: String) -> Field {
        Field(key, .integer(min: range.lowerBound, max: range.upperBound), default: described.map { .described($0) } ?? .none,
              doc: doc) { $0.int($1, min: range.lowerBound, max: range.upperBound) }
    }
}

extension Field<Double?> {
    /// A number clamped to `range` when read, nil when unset.
    static func number(_ key: StaticString, _ range: ClosedRange<Double>, doc: String) -> Field {
        Field(key, .number(min: range.lowerBound, max: range.upperBound), doc: doc) {
            $0.number($1).map { Swift.min(Swift.max($0, range.lowerBound), range.upperBound) }
        }
    }
}

extension Field<Style> {
    /// `style = { fg =, bg =, bold =, … }`; `value` (plain unless said) when unset.
    static func style(_ key: StaticString = "style", default value: Style = .plain, doc: String) -> Field {
        Field(key, .style, doc: doc) { $0.style($1) ?? value }
    }

    /// A style laid over `base`: what it leaves unset is `base`'s.
    static func style(_ key: StaticString = "style", over base: Style, doc: String) -> Field {
        Field(key, .style, doc: doc) { $0.style($1, over: base) }
    }
}

extension Field {
    /// One of `options`, as `parse` reads it: the first when unset or not one
    /// of them (the constructor refuses that; the reader reports it).
    static func choice(_ key: StaticString, _ options: [String], alias: String, doc: String,
                       as parse: @escaping @Sendable (String) -> Value?) -> Field {
        guard let first = parse(options[0]) else { preconditionFailure("\(key): \(options[0]) is not read as a value") }
        return Field(key, .choice(options), default: .value(.string(options[0])), luaType: alias, doc: doc) {
            $0.choice($1, options).flatMap(parse) ?? first
        }
    }
}

extension Field where Value: RawRepresentable & CaseIterable, Value.RawValue == String {
    /// One of the enum's cases by its name: the first case when unset.
    static func choice(_ key: StaticString, alias: String, doc: String) -> Field {
        choice(key, Value.allCases.map(\.rawValue), alias: alias, doc: doc, as: Value.init(rawValue:))
    }
}

extension Field<String> {
    /// One of `options` as the string itself: the first when unset.
    static func choice(_ key: StaticString, _ options: [String], alias: String, doc: String) -> Field {
        choice(key, options, alias: alias, doc: doc) { $0 }
    }
}
