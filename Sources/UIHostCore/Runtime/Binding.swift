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

    enum Source: Equatable {
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
}

/// What a binding's table may hold, checked by the constructors (`Validator`)
/// and read again at each layout (a handler may have changed it).
enum BindingTable {
    /// The description and whether the function is there, for the entry on top
    /// of the stack: `{ "Save", fn }` or `{ desc = "Save", run = fn }`. Returns a
    /// problem (without the component's name) or nil.
    static func problem(_ L: OpaquePointer, name: String, at index: Int32, kinds: ComponentKinds) -> String? {
        let s = LuaStack(L)
        let v = s.absolute(index)
        let path = "keys[\"\(HostLimits.shortened(name))\"]"
        guard Key(name: name) != nil else {
            return "\(path) is not a key name" + Key.didYouMean(name)
        }
        guard s.type(at: v) == .table else {
            return "\(path) must be a table { \"description\", function } (got \(kinds.typeName(L, v)))"
        }
        let top = s.top
        defer { s.top = top }
        if description(L, v) == nil { return "\(path) needs a description" }
        if !pushRun(L, v) { return "\(path).run must be a function (got \(kinds.typeName(L, -1)))" }
        return nil
    }

    /// The description of the binding table at `v`: `[1]` or `desc`, a non-empty string.
    static func description(_ L: OpaquePointer, _ v: Int32) -> String? {
        let s = LuaStack(L)
        defer { s.pop() }
        if s.rawGetIndex(at: v, 1) != .string {
            s.pop()
            s.push("desc")
            guard s.rawGet(at: v) == .string else { return nil }
        }
        let text = s.displayString(at: -1)
        return text.isEmpty ? nil : text
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

    /// The bindings in the `keys` table at `t`, sorted by key name; bad entries
    /// are left out (the constructor reported them, or `report` does).
    static func read(_ L: OpaquePointer, _ t: Int32, anchor: Int32, kinds: ComponentKinds, report: (String) -> Void) -> [Binding] {
        let s = LuaStack(L)
        let t = s.absolute(t)
        var result: [Binding] = []
        s.pushNil()
        var count = 0
        while s.next(at: t) {
            count += 1
            if count > HostLimits.maxArrayRead { s.pop(2); break }
            if s.type(at: -2) == .string {
                let name = s.displayString(at: -2)
                if let problem = problem(L, name: name, at: -1, kinds: kinds) {
                    report(problem)
                } else if let key = Key(name: name), let desc = description(L, s.absolute(-1)) {
                    result.append(Binding(key: key, name: name, desc: desc, source: .component(anchor)))
                }
            } else {
                report("keys: a key name must be a string (got \(kinds.typeName(L, -2)))")
            }
            s.pop()
        }
        result.sort { $0.name < $1.name }
        return result
    }
}
