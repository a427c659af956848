import LuaBridge

/// `ui.expose` and `ui.call`: how the screen and plugins talk, by messages.
/// Arguments and results are deep copies (`pushMessageCopy`), so no side
/// reaches the other's tables; the callee runs under its own limits, and its
/// error is raised in the caller naming the callee (docs/API.md, "Plugins").
extension UIModule {
    static let messageFunctions: [(String, LuaSwiftFunction)] = [
        ("expose", expose), ("call", call),
    ]

    /// `ui.expose { name = function(…) … end, … }`: offers functions to be
    /// called by name. A plugin's are called as `plugin.name`.
    static let expose: LuaSwiftFunction = { L in
        let L = L!
        let s = LuaStack(L)
        let host = host(L)
        guard s.type(at: 1) == .table else { return argError(L, 1, "expose", "table of functions") }
        let origin = origin(L)
        var prefix = "", owner = "the screen"
        if case .plugin(let index) = origin, let plugin = host.plugins?.plugins[index] {
            prefix = plugin.name + "."
            owner = "plugin '\(plugin.name)'"
        }
        var found: [(String, Int32)] = []
        var problem: String?
        s.forEachPair(in: 1) {
            guard s.type(at: -2) == .string, let name = s.string(at: -2), isName(name) else {
                problem = "ui.expose: names must be identifiers (got \(s.type(at: -2) == .string ? "'\(HostLimits.shortened(s.string(at: -2) ?? ""))'" : host.kinds.typeName(L, -2)))"
                return false
            }
            guard s.type(at: -1) == .function else {
                problem = "ui.expose: \(name) must be a function (got \(host.kinds.typeName(L, -1)))"
                return false
            }
            s.pushCopy(of: -1)
            found.append((name, s.popRef()))
            return found.count <= ExposedFunctions.maxNames
        }
        defer { for (_, ref) in found { s.unref(ref) } }
        if let problem { return raise(L, problem) }
        for (name, ref) in found {
            s.pushRef(ref)
            s.move(1, to: LuaStack(host.L))
            let function = LuaRef(popping: host.lua)
            if let problem = host.exposed.expose(prefix + name, .init(origin: origin, owner: owner, function: function)) {
                return raise(L, "ui.expose: " + problem)
            }
        }
        return 0
    }

    private static func isName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first == "_" || (first.isASCII && first.properties.isAlphabetic) else { return false }
        return name.count <= 64 && name.unicodeScalars.allSatisfy { $0 == "_" || ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0))) }
    }

    /// `ui.call(name, …)`: calls an exposed function with copies of the
    /// arguments; returns copies of its results. The callee runs on a thread
    /// of its own (`onFreshThread`): `coroutine.running()` there is never the
    /// caller's coroutine, which it could otherwise keep and resume later.
    static let call: LuaSwiftFunction = { L in
        let L = L!
        let s = LuaStack(L)
        let host = host(L)
        guard let name = s.string(at: 1) else { return argError(L, 1, "call", "string") }
        let shown = HostLimits.shortened(name)
        guard let entry = host.exposed.entries[name] else {
            let guess = suggestion(for: name, among: host.exposed.names).map { " (did you mean '\($0)'?)" } ?? ""
            return raise(L, "ui.call: nothing is exposed as '\(shown)'\(guess)")
        }
        let nargs = s.top - 1
        guard s.reserve(8) else { return raise(L, "ui.call('\(shown)'): out of stack") }
        let called = onFreshThread(host, L) { co -> Int32 in
            guard co.reserve(nargs + 8) else { return raise(L, "ui.call('\(shown)'): too many arguments") }
            _ = entry.function.push(onto: co)
            var budget = LuaStack.MessageBudget(.init())
            for i in stride(from: 2, through: nargs + 1, by: 1) {
                if let problem = s.pushMessageCopy(of: i, budget: &budget) {
                    return raise(L, "ui.call('\(shown)'): argument #\(i - 1) cannot be sent: \(problem)")
                }
                s.move(1, to: co)
            }
            do throws(LuaError) {
                try host.limits.run(as: entry.origin) { () throws(LuaError) in
                    try host.lua.call(nargs: nargs, nresults: -1, on: co.L)
                }
            } catch {
                return s.raiseAsIs("ui.call('\(shown)'): \(entry.owner): " + error.message)
            }
            let results = co.top
            guard co.reserve(results + 8), s.reserve(results + 8) else { return raise(L, "ui.call('\(shown)'): too many results") }
            var back = LuaStack.MessageBudget(.init())
            for i in stride(from: 1, through: results, by: 1) {
                if let problem = co.pushMessageCopy(of: i, budget: &back) {
                    return raise(L, "ui.call('\(shown)'): result #\(i) cannot be sent back: \(problem)")
                }
            }
            // The copies only: the callee's own values stay behind on its thread.
            // Under them, the thread is removed as the call returns: they move down one.
            co.move(results, to: s)
            return results
        }
        switch called {
        case .success(let code): return code
        case .failure(let problem): return raise(L, "ui.call('\(shown)'): " + problem.message)
        }
    }
}
