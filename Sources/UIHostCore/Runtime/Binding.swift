import LuaBridge

/// A key bound by the script: `keys = { ["ctrl-s"] = { "Save", fn } }` on a
/// component or the screen (active while focus is inside it), or
/// `ui.bind("ctrl-k", "Palette", fn)` for the whole app. Read at layout, so
/// that a key press looks bindings up without reading Lua.
struct Binding {
    let key: Key
    /// The name as the script spelt it: where to find the function again.
    let name: String
    let desc: String
    let source: Source
    /// Who bound it (`ui.bind`): its function runs under their limits.
    var origin: Origin = .app
    /// One of several keys of one entry (`[{ "d", "delete" }] = …`): found
    /// again by scanning the `keys` table, since no string indexes it.
    var shared = false
    /// In the footer (`show = false` and an empty description keep it to help).
    var show = true
    /// The help's heading it goes under (`group = "Navigation"`).
    var group: String? = nil
    /// Footer and help list bindings with an `order` first, lowest first.
    var order: Int? = nil

    enum Source: Hashable {
        /// `component.keys[name]` of the node with this anchor in the current layout.
        case component(Int32)
        /// `ui.bind`: the function's registry reference.
        case app(Int32)
        /// A command's `keys` (`ui.command`, plugins): its index in the registry.
        case command(Int)
    }

    /// The key as the footer shows it: `^S`, `f2`, `M-x`, `esc`.
    var shortName: String { Binding.shortName(key) }

    static func shortName(_ key: Key) -> String {
        switch key {
        case .ctrl(let c): return "^" + c.uppercased()
        case .character(let c): return String(c)
        default:
            let (modifiers, base) = key.parts
            guard !modifiers.isEmpty else { return key.name }
            var prefix = ""
            if modifiers.contains(.ctrl) { prefix += "^" }
            if modifiers.contains(.alt) { prefix += "M-" }
            if modifiers.contains(.shift) { prefix += "S-" }
            if case .character(let c) = base, modifiers.contains(.ctrl) { return prefix + c.uppercased() }
            return prefix + base.name
        }
    }

    /// The keys of one action as the footer shows them: `d/delete`. A loop,
    /// not `joined(separator:)`: the first frame's footer was its first use,
    /// which cost a scan of the Swift runtime's conformance records.
    static func shortNames(_ keys: [Key]) -> String {
        var names = ""
        for key in keys {
            if !names.isEmpty { names += "/" }
            names += shortName(key)
        }
        return names
    }
}

/// What a binding's table may hold, checked by the constructors (`Validator`)
/// and read again at each layout (a handler may have changed it). An entry of
/// `keys` is a key name to a binding (`ctrl-s = { "Save", fn }`), an array of
/// names to one (`[{ "d", "delete" }] = { "Delete", fn }`), or a binding that
/// names its keys (`{ "Delete", fn, keys = { "d", "delete" } }`).
enum BindingTable {
    /// The key names of the entry whose key is at `k` and value at `v`, as
    /// spelt; nil with a problem when they are not names.
    static func names(_ L: OpaquePointer, key k: Int32, value v: Int32, kinds: ComponentKinds) -> (names: [String], problem: String?) {
        let s = LuaStack(L)
        let k = s.absolute(k), v = s.absolute(v)
        switch s.type(at: k) {
        case .string where !s.isInteger(at: k):
            return ([LuaState.string(L, at: k)], nil)
        case .table:
            return list(L, k, path: "keys[{…}]", kinds: kinds)
        case .number where s.isInteger(at: k):
            let path = "keys[\(s.integer(at: k) ?? 0)]"
            guard s.type(at: v) == .table else {
                return ([], "\(path) must be a table { \"description\", function, keys = { … } } (got \(kinds.typeName(L, v)))")
            }
            s.push("keys")
            defer { s.pop() }
            guard s.rawGet(at: v) == .table else { return ([], "\(path).keys must be a list of key names (got \(kinds.typeName(L, -1)))") }
            return list(L, s.absolute(-1), path: "\(path).keys", kinds: kinds)
        default:
            return ([], "keys: a key name must be a string (got \(kinds.typeName(L, k)))")
        }
    }

    /// The strings of the array at `t`: one name at least, `maxKeysPerBinding` at most.
    private static func list(_ L: OpaquePointer, _ t: Int32, path: String, kinds: ComponentKinds) -> ([String], String?) {
        let s = LuaStack(L)
        let n = s.rawLength(at: t)
        guard n > 0 else { return ([], "\(path) must list one key name at least") }
        guard n <= maxKeysPerBinding else { return ([], "\(path) lists \(n) keys (at most \(maxKeysPerBinding))") }
        return s.withTable(at: t) { list in
            var names: [String] = []
            for i in 1...n {
                guard let name = list.string(i) else {
                    list.rawGet(i)
                    return ([], "\(path)[\(i)] must be a key name (got \(kinds.typeName(L, -1)))")
                }
                names.append(name)
            }
            return (names, nil)
        }
    }

    /// A binding lists a few keys: `up`, `k`, `ctrl-p`.
    static let maxKeysPerBinding = 8

    /// What is wrong with the entry whose key is at `k` and value at `v`
    /// (without the component's name), or nil.
    static func problem(_ L: OpaquePointer, key k: Int32, value v: Int32, kinds: ComponentKinds) -> String? {
        let s = LuaStack(L)
        let v = s.absolute(v)
        let (names, listProblem) = self.names(L, key: k, value: v, kinds: kinds)
        if let listProblem { return listProblem }
        // Spelled only for a message: a binding that checks out needs none
        // (and `joined` here was the first of its kind a start ran, a scan of
        // the Swift runtime's conformance records).
        let stringKey = s.type(at: k) == .string
        var path: String {
            names.count == 1 && stringKey
                ? "keys[\"\(HostLimits.shortened(names[0]))\"]" : "keys[{ \(names.map { "\"\(HostLimits.shortened($0))\"" }.joined(separator: ", ")) }]"
        }
        for name in names where Key(name: name) == nil {
            return "keys[\"\(HostLimits.shortened(name))\"] is not a key name" + Key.didYouMean(name)
        }
        guard s.type(at: v) == .table else {
            return "\(path) must be a table { \"description\", function } (got \(kinds.typeName(L, v)))"
        }
        if description(L, v) == nil { return "\(path) needs a description" }
        let run = s.restoringTop { pushRun(L, v) ? nil : "\(path).run must be a function (got \(kinds.typeName(L, -1)))" }
        if let run { return run }
        for (field, type, expected) in [("show", LuaType.boolean, "a boolean"), ("group", .string, "a string"), ("order", .number, "a number")] {
            let problem = s.restoringTop { () -> String? in
                s.push(field)
                let t = s.rawGet(at: v)
                return t != .nil && t != type ? "\(path).\(field) must be \(expected) (got \(kinds.typeName(L, -1)))" : nil
            }
            if let problem { return problem }
        }
        return nil
    }

    /// The description of the binding table at `v`: `[1]` or `desc`, a string
    /// (empty: the binding is kept out of the footer).
    static func description(_ L: OpaquePointer, _ v: Int32) -> String? {
        LuaStack(L).withTable(at: v) { binding in
            binding.string(1, maxBytes: HostLimits.maxDisplayBytes) ?? binding.string("desc", maxBytes: HostLimits.maxDisplayBytes)
        }
    }

    /// Pushes the function of the binding table at `v` (`[2]` or `run`); false
    /// (with what was found pushed) when there is none.
    @discardableResult
    static func pushRun(_ L: OpaquePointer, _ v: Int32) -> Bool {
        let s = LuaStack(L)
        if s.rawGetIndex(at: v, 2) == .function { return true }
        s.pop()
        s.push("run")
        return s.rawGet(at: v) == .function
    }

    /// `show`, `group` and `order` of the binding table at `v`.
    private static func presentation(_ L: OpaquePointer, _ v: Int32) -> (show: Bool, group: String?, order: Int?) {
        LuaStack(L).withTable(at: v) { binding in
            (binding.bool("show") ?? true, binding.string("group").map(HostLimits.label),
             // NaN (`0/0`) is no order: it has no place among the others.
             binding.number("order").flatMap { $0.isNaN ? nil : Int(max(min($0, 1e9), -1e9)) })
        }
    }

    /// The bindings in the `keys` table at `t`: the array's entries in order,
    /// then the others sorted by their first key name (their order in the
    /// table is Lua's hash order); bad entries
    /// are left out (the constructor reported them, or `report` does).
    static func read(_ L: OpaquePointer, _ t: Int32, anchor: Int32, kinds: ComponentKinds, report: (String) -> Void) -> [Binding] {
        let s = LuaStack(L)
        let t = s.absolute(t)
        var entries: [(position: Int, first: String, bindings: [Binding])] = []
        var count = 0
        s.forEachPair(in: t) {
            count += 1
            if count > HostLimits.maxArrayRead { return false }
            let v = s.absolute(-1)
            if let problem = problem(L, key: -2, value: v, kinds: kinds) {
                report(problem)
            } else if let desc = description(L, v) {
                let (names, _) = self.names(L, key: -2, value: v, kinds: kinds)
                let shared = s.type(at: -2) != .string
                let (show, group, order) = presentation(L, v)
                let bindings = names.compactMap { name in
                    Key(name: name).map {
                        Binding(key: $0, name: name, desc: desc, source: .component(anchor), shared: shared,
                                show: show && !desc.isEmpty, group: group, order: order)
                    }
                }
                let position = s.isInteger(at: -2) ? Int(clamping: s.integer(at: -2) ?? 0) : Int.max
                entries.append((position, names[0], bindings))
            }
            return true
        }
        entries.sort { ($0.position, $0.first) < ($1.position, $1.first) }
        return entries.flatMap(\.bindings)
    }

    /// Pushes the binding table of the entry of the `keys` table at `t` that
    /// lists `name`; false (nothing pushed) when none does.
    static func pushEntry(_ L: OpaquePointer, in t: Int32, listing name: String, kinds: ComponentKinds) -> Bool {
        let s = LuaStack(L)
        let t = s.absolute(t)
        s.pushNil()
        while s.next(at: t) {
            if s.type(at: -1) == .table, names(L, key: -2, value: -1, kinds: kinds).names.contains(name) {
                s.remove(at: -2)
                return true
            }
            s.pop()
        }
        return false
    }
}
