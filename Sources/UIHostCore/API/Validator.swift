import LuaBridge

/// Checks a component table against its schema, reading it raw (no
/// metamethods run) so that checking never raises. Messages are worded like
/// Lua's own: `ui.list: items[3].title must be a string (got nil)`.
/// Strings are read to at most `HostLimits.maxDisplayBytes` and keys to
/// `HostLimits.maxKeyBytes`: one longer is no field name, colour or choice
/// anyway, and a key of 10 MB in each of 10^5 items would otherwise be
/// copied 10^5 times.
struct Validator {
    let L: OpaquePointer
    let kinds: ComponentKinds
    /// Stop after this many problems (the constructor only reports the first).
    var limit = Int.max

    var s: LuaStack { LuaStack(L) }

    /// Every problem with the table at `index`, in a stable order.
    /// A sheet or drawer placed among children would draw nothing: what it is
    /// and how it is shown instead.
    static func overlayHint(_ kind: Kind?) -> String? {
        switch kind {
        case .sheet?: "ui.sheet, which is not placed among children: show it with ui.present(sheet)"
        case .drawer?: "ui.drawer, which is not placed among children: give it to the screen as drawer = …"
        default: nil
        }
    }

    func problems(at index: Int32, schema: Schema) -> [String] {
        locatedProblems(at: index, schema: schema).map(\.message)
    }

    /// A problem and the path of the field it is about (`items[2].title`,
    /// `[3]` for a child), for finding the field's line (FieldLocator).
    struct Located {
        let message: String
        let path: [FieldLocator.Step]?
    }

    func locatedProblems(at index: Int32, schema: Schema) -> [Located] {
        let t = s.absolute(index)
        let name = schema.kind.constructorName
        var found: [Located] = []
        let count = s.rawLength(at: t)
        var unknown: [String] = []
        var unknownNames: [String] = []
        if count > HostLimits.maxArrayRead {
            // A sparse table's length can be any border: 2^40 as easily as 3.
            return [Located(message: "\(name): \(count) children (at most \(HostLimits.maxArrayRead))", path: nil)]
        }

        // Positional children.
        for i in stride(from: 1, through: count, by: 1) {
            s.rawGet(at: t, i)
            let child: [FieldLocator.Step] = [.index(i)]
            if !schema.hasChildren {
                unknown.append("[\(i)]")
            } else if let childKind = schema.childKind, kinds.kind(L, at: -1) != childKind {
                found.append(Located(message: "\(name): child [\(i)] must be a \(childKind.constructorName) (got \(describe(-1)))", path: child))
            } else if kinds.kind(L, at: -1) == nil {
                found.append(Located(message: "\(name): child [\(i)] must be a component (got \(describe(-1)))", path: child))
            } else if let overlay = Validator.overlayHint(kinds.kind(L, at: -1)) {
                found.append(Located(message: "\(name): child [\(i)] is a \(overlay)", path: child))
            }
            s.pop()
            if found.count >= limit { return found }
        }

        // Named fields, in sorted order so messages are stable.
        var keys: [String] = []
        s.forEachPair(in: t) {
            if unknown.count + unknownNames.count >= HostLimits.maxProblems {
                // Enough to report; the rest of a huge table is not worth reading.
                return false
            }
            if let key = s.string(at: -2, maxBytes: HostLimits.maxKeyBytes) {
                if schema.fields[key] == nil { unknownNames.append(key) } else { keys.append(key) }
            } else if s.isInteger(at: -2), let k = s.integer(at: -2) {
                if k < 1 || k > count { unknown.append("[\(k)]") }
            } else {
                unknown.append("[\(describe(-2)) key]")
            }
            return true
        }
        for key in keys.sorted() {
            guard let type = schema.fields[key] else { continue }
            s.rawGet(at: t, key)
            if let problem = check(-1, type, path: key) {
                // The message starts with the field's path (`items[2].title must be …`).
                let written = problem.prefix { $0 != " " && $0 != ":" }
                let path = written.hasPrefix(key) ? FieldLocator.steps(String(written)) : nil
                found.append(Located(message: "\(name): \(problem)", path: path ?? [.name(key)]))
            }
            s.pop()
            if found.count >= limit { return found }
        }
        if keys.contains(where: { Sizing.watched.contains($0) }) {
            kinds.sizesUsed = true
            for (lo, hi) in [("minWidth", "maxWidth"), ("minHeight", "maxHeight")] {
                if let a = integerField(t, lo), let b = integerField(t, hi), a > b {
                    found.append(Located(message: "\(name): \(lo) (\(a)) is more than \(hi) (\(b))", path: [.name(hi)]))
                }
            }
            if Sizing.fixedHeight.contains(schema.kind.rawValue), let share = shareField(t, "height") {
                found.append(Located(message: "\(name): height '\(share)' is a share of rows, but a \(name) has a fixed height "
                                     + "(give a row count, or put a spacer beside it)", path: [.name("height")]))
            }
        }
        for key in unknown + unknownNames.sorted() {
            var message = "\(name): unknown field '\(HostLimits.shortened(key))'"
            if let guess = suggestion(for: key, among: schema.fields.keys) { message += " (did you mean '\(guess)'?)" }
            found.append(Located(message: message, path: FieldLocator.steps(key)))
        }
        return Array(found.prefix(limit))
    }

    /// The problem with the value at `index` for a field of `type`, or nil.
    func check(_ index: Int32, _ type: FieldType, path: String) -> String? {
        let v = s.absolute(index)
        let t = s.type(at: v)
        if t == .nil { return nil }   // every field is optional unless a schema says otherwise
        func wrong() -> String { "\(path) must be \(type.expected) (got \(describe(v)))" }
        switch type {
        case .string:
            // A number is text as Lua would print it, as when a handler sets one (FieldReader.string).
            return t == .string || t == .number ? nil : wrong()
        case .boolean:
            return t == .boolean ? nil : wrong()
        case .function:
            return t == .function ? nil : wrong()
        case .number(let lo, let hi):
            guard t == .number else { return wrong() }
            let n = s.number(at: v) ?? 0
            if let lo, n < lo { return "\(path) must be at least \(format(lo)) (got \(format(n)))" }
            if let hi, n > hi { return "\(path) must be at most \(format(hi)) (got \(format(n)))" }
            return nil
        case .integer(let lo, let hi):
            guard t == .number else { return wrong() }
            guard let n = s.integer(at: v) else { return "\(path) must be an integer (got \(describe(v)))" }
            if let lo, n < lo { return "\(path) must be at least \(lo) (got \(n))" }
            if let hi, n > hi { return "\(path) must be at most \(hi) (got \(n))" }
            return nil
        case .choice(let options):
            guard t == .string else { return wrong() }
            let value = s.string(at: v, maxBytes: HostLimits.maxDisplayBytes) ?? ""
            return options.contains(value) ? nil : Validator.choiceProblem(path, value: value, options: options)
        case .component(let kind):
            guard let actual = kinds.kind(L, at: v) else { return wrong() }
            if let kind, actual != kind { return "\(path) must be \(type.expected) (got a \(actual.constructorName))" }
            return nil
        case .height:
            if t == .string, s.string(at: v, maxBytes: HostLimits.maxDisplayBytes) == "fit" { return nil }
            guard t == .number else { return wrong() }
            let n = s.number(at: v) ?? 0
            if n > 0 && n <= 1 { return nil }
            if s.isInteger(at: v), n >= 1 { return nil }
            return "\(path) must be a fraction up to 1.0, a row count or \"fit\" (got \(format(n)))"
        case .stringOrNumber:
            return t == .string || t == .number ? nil : wrong()
        case .style:
            guard t == .table else { return wrong() }
            return checkStyle(v, path: path)
        case .choiceOrStyle(let options):
            if t == .table { return checkStyle(v, path: path) }
            return check(v, .choice(options), path: path)
        case .rows, .numbers:
            return t == .table ? nil : wrong()
        case .size:
            if t == .number {
                guard let n = s.integer(at: v) else { return "\(path) must be an integer (got \(describe(v)))" }
                if n < 0 { return "\(path) must be at least 0 (got \(n))" }
                if n > Sizing.maxCells { return "\(path) must be at most \(Sizing.maxCells) (got \(n))" }
                return nil
            }
            guard t == .string else { return wrong() }
            let text = s.string(at: v, maxBytes: HostLimits.maxDisplayBytes) ?? ""
            if Dimension.parse(string: text) != nil { return nil }
            return "\(path) must be a cell count, a percentage 0%…100% or a share 1fr…\(Dimension.maxFraction)fr (got '\(HostLimits.shortened(text))')"
        case .sizes:
            guard t == .table else { return wrong() }
            let n = s.rawLength(at: v)
            guard n <= GridNode.maxTracks else { return "\(path) must have at most \(GridNode.maxTracks) sizes (got \(n))" }
            for i in stride(from: 1, through: Int(n), by: 1) {
                s.rawGet(at: v, i)
                defer { s.pop() }
                if let problem = check(-1, .size, path: "\(path)[\(i)]") { return problem }
            }
            return nil
        case .suggestions:
            // The entries are read, and checked, only as far as a completion needs.
            return t == .table || t == .function ? nil : wrong()
        case .padding:
            if t == .number { return check(v, .integer(min: 0, max: 100), path: path) }
            guard t == .table else { return wrong() }
            guard s.rawLength(at: v) == 2 else { return "\(path) must be a number or { rows, columns }" }
            for i in 1...2 {
                s.rawGet(at: v, i)
                defer { s.pop() }
                if let problem = check(-1, .integer(min: 0, max: 100), path: "\(path)[\(i)]") { return problem }
            }
            return nil
        case .spans:
            guard t == .table else { return wrong() }
            return checkSpans(v, path: path)
        case .bindings:
            guard t == .table else { return wrong() }
            var problem: String?
            var count = 0
            s.forEachPair(in: v) {
                count += 1
                guard count <= HostLimits.maxArrayRead else { return false }
                problem = BindingTable.problem(L, key: -2, value: -1, kinds: kinds)
                return problem == nil
            }
            return problem
        case .items(let schema):
            guard t == .table else { return wrong() }
            let n = s.rawLength(at: v)
            guard n > 0 else { return nil }
            if n > HostLimits.maxListItems { return "\(path) has \(n) entries (at most \(HostLimits.maxListItems))" }
            // The script's own keys found to be no near miss of a field: the
            // items of a list share their keys, and "did you mean" over every
            // field for each item's own was most of the launcher's checking.
            var ownKeys: [String] = []
            for i in 1...n {
                s.rawGet(at: v, i)
                defer { s.pop() }
                if let problem = checkItem(-1, schema, path: "\(path)[\(i)]", ownKeys: &ownKeys) { return problem }
            }
            return nil
        }
    }

    /// `ownKeys`: keys known to be no near miss of a field (a few, noted here).
    private func checkItem(_ index: Int32, _ schema: ItemSchema, path: String, ownKeys: inout [String]) -> String? {
        let item = s.absolute(index)
        if s.type(at: item) == .string, schema.required == ["title"] { return nil }
        guard s.type(at: item) == .table else {
            return "\(path) must be a table (got \(describe(item)))"
        }
        for key in schema.names {
            s.rawGet(at: item, key)
            defer { s.pop() }
            if s.type(at: -1) == .nil {
                if schema.required.contains(key) { return "\(path).\(key) must be \(schema.fields[key]!.expected) (got nil)" }
                continue
            }
            if let problem = check(-1, schema.fields[key]!, path: "\(path).\(key)") { return problem }
        }
        // Items may carry the script's own data, but a near miss of a known field is a typo.
        var typo: String?
        s.forEachPair(in: item) {
            if typo == nil, let key = s.string(at: -2, maxBytes: HostLimits.maxKeyBytes),
               schema.fields[key] == nil, !ownKeys.contains(key) {
                if let guess = suggestion(for: key, among: schema.fields.keys) {
                    typo = "\(path): unknown field '\(HostLimits.shortened(key))' (did you mean '\(guess)'?)"
                } else if ownKeys.count < 16 {
                    ownKeys.append(key)
                }
            }
            return true
        }
        return typo
    }

    private func integerField(_ t: Int32, _ key: String) -> Int? {
        s.rawGet(at: t, key)
        defer { s.pop() }
        return s.type(at: -1) == .number ? s.integer(at: -1).map(Int.init) : nil
    }

    /// The field's text when it is a share (`"2fr"`).
    private func shareField(_ t: Int32, _ key: String) -> String? {
        s.rawGet(at: t, key)
        defer { s.pop() }
        guard s.type(at: -1) == .string, let text = s.string(at: -1, maxBytes: HostLimits.maxDisplayBytes) else { return nil }
        return Dimension.parse(string: text)?.isFraction == true ? text : nil
    }

    /// `align must be one of 'left', 'center', 'right' (got 'centre'; did you mean 'center'?)`:
    /// the words for a choice not among `options`, at construction and when read again.
    static func choiceProblem(_ path: String, value: String, options: [String]) -> String {
        let near = suggestion(for: value, among: options).map { "; did you mean '\($0)'?" } ?? ""
        return "\(path) must be one of " + options.map { "'\($0)'" }.joined(separator: ", ")
            + " (got '\(HostLimits.shortened(value))'\(near))"
    }

    func describe(_ index: Int32) -> String {
        kinds.typeName(L, index)
    }


    private func format(_ d: Double) -> String {
        d == d.rounded() && abs(d) < 1e15 ? String(Int(d)) : String(d)
    }
}
