import LuaBridge
import UIHostCore

/// The global `test` table and the methods of app handles (docs/API.md §10). Like the
/// `ui` table, every function is Swift reached through the C trampoline.
enum TestModule {
    static func install(_ run: ScriptRun) {
        let s = run.lua.stack
        s.pushNewTable(fieldCount: 2)
        s.setFunction("case", testCase)
        s.setFunction("open", open)
        s.setGlobal("test")

        s.pushMetatable(named: appMetatable)
        s.pushNewTable(fieldCount: 20)
        for (name, f) in methods { s.setFunction(name, f) }
        s.setField("__index", at: -2)
        s.setFunction("__gc", close)
        s.push(appMetatable)
        s.setField("__name", at: -2)
        s.pop()
    }

    /// The registry name of the app handles' metatable (and their type in messages).
    static let appMetatable = "uihost.app"

    static let methods: [(String, LuaSwiftFunction)] = [
        ("press", press), ("type", type), ("screen", screen), ("line", line),
        ("contains", contains), ("find", find), ("expect", { expect(LuaStack($0!), shown: true) }),
        ("expectNot", { expect(LuaStack($0!), shown: false) }), ("eval", eval), ("errors", errors),
        ("advance", advance), ("click", click), ("drag", drag), ("scroll", scroll), ("snapshot", snapshot),
        ("cursor", cursor), ("stats", stats), ("tree", tree), ("resize", resize),
    ]

    static func run(_ s: LuaStack) -> ScriptRun {
        LuaState.owner(of: s.L, as: ScriptRun.self)
    }

    /// The app whose handle is argument 1, or nil (with the error message pushed).
    static func app(_ s: LuaStack, _ method: String) -> App? {
        guard let id = s.userdata(at: 1, metatable: appMetatable, as: Int.self) else {
            _ = s.argumentError(1, method, expected: "app")
            return nil
        }
        guard let app = run(s).apps[id] else {
            s.push("\(method): this app was closed (apps live for the case that opened them)")
            return nil
        }
        run(s).lastApp = app
        return app
    }

    // MARK: - test

    static let testCase: LuaSwiftFunction = { L in
        let s = LuaStack(L!)
        guard let name = s.string(at: 1) else { return s.argumentError(1, "case", expected: "string") }
        // test.case(name, fn) or test.case(name, { sizes = … }, fn)
        let hasOptions = s.type(at: 2) == .table
        let fn: Int32 = hasOptions ? 3 : 2
        guard s.type(at: fn) == .function else { return s.argumentError(fn, "case", expected: "function") }
        // Cases are listed before the first runs (so that a crash cannot hide
        // the rest): one registered later would never run.
        guard run(s).loading else {
            return s.raise("test.case: cases are registered while the script loads, not inside a case (\"\(name)\")")
        }
        var sizes: [Size?] = [nil]
        if hasOptions {
            switch s.withTable(at: 2, { CaseOptions.read($0) }) {
            case .failure(let problem): return s.raise("test.case: \(problem.message) (\"\(name)\")")
            case .success(let matrix): if let matrix { sizes = matrix }
            }
        }
        let run = run(s)
        for size in sizes {
            s.pushCopy(of: fn)
            run.cases.append(ScriptRun.Case(name: CaseOptions.name(name, size: size), function: LuaFunction(popping: s, of: run.lua), size: size))
        }
        return 0
    }

    static let open: LuaSwiftFunction = { L in
        let s = LuaStack(L!)
        guard let given = s.string(at: 1) else { return s.argumentError(1, "open", expected: "string") }
        let run = run(s)
        // As the test script means it, wherever `uihost test` runs from.
        let path = ProjectPaths.resolve(given, fromTestScript: run.path)
        // A sized case's apps open at its size unless they say otherwise.
        let assets = run.options.assets ?? ProjectPaths.assetsFolder(forScreen: path) ?? "Assets"
        var options = HostOptions(size: run.caseSize ?? run.options.size, assetsDirectory: assets, log: { _ in })
        options.limits = run.options.limits
        options.coverage = run.coverage
        var countsBytes = false
        if s.type(at: 2) == .table {
            // The message is raised after `withTable` has restored the stack
            // (which would drop a message pushed inside it).
            if let problem = s.withTable(at: 2, { readOpenOptions($0, into: &options) }) { return s.raise(problem) }
            countsBytes = s.withTable(at: 2) { $0.bool("stats") } ?? false
            options.pluginDirectories = options.pluginDirectories.map { ProjectPaths.resolve($0, fromTestScript: run.path) }
            options.allowedPaths = options.allowedPaths.map { ProjectPaths.resolve($0, fromTestScript: run.path) }
        }
        guard FileSystem.exists(path) else {
            // The file it looked for, absolute: the test's project (or the current folder) made plain.
            let looked = path.hasPrefix("/") ? path : FileSystem.join(FileSystem.realPath(".") ?? ".", path)
            return s.raise("test.open: cannot open \(given): no file \(looked)")
        }
        let host: Host
        do throws(LuaError) {
            host = try Host(script: path, options: options)
        } catch {
            return s.raise("test.open: " + error.message)
        }
        let id = run.nextAppID
        run.nextAppID += 1
        let app = App(id: id, host: host, path: path, countsBytes: countsBytes)
        run.apps[id] = app
        run.lastApp = app
        s.pushUserdata(id, metatable: appMetatable)
        return 1
    }

    /// `test.open`'s options table: size, assets, maxInstructions, allow and
    /// plugins; a problem or nil.
    private static func readOpenOptions(_ t: LuaTable, into options: inout HostOptions) -> String? {
        if let text = t.string("size") {
            guard let size = Size(parsing: text), size.isWithin(0...1000) else {
                return "test.open: size must look like 80x24 (got '\(text)')"
            }
            options.size = size
        }
        if let assets = t.string("assets") { options.assetsDirectory = assets }
        // A budget of the app's own, so that a test of the limits stops its app
        // in a fraction of a second instead of spending the default 10^8.
        if t.type("maxInstructions") != .nil {
            guard t.type("maxInstructions") == .number, let n = t.int("maxInstructions"), n > 0 else {
                return "test.open: maxInstructions must be a positive integer"
            }
            options.maxInstructions = Int64(n)
        }
        // allow = "io,os" or { "io", "os" }
        var names: [String] = []
        switch t.type("allow") {
        case .string: names = t.string("allow")!.split(separator: ",").map(String.init)
        case .table:
            t.withTable("allow") { list in
                for i in stride(from: 1, through: list.count, by: 1) { names.append(list.string(i) ?? "?") }
            }
        case .nil: break
        default: return "test.open: allow must be a string or a table of strings"
        }
        for name in names {
            guard let cap = Capability(rawValue: name) else {
                return "test.open: unknown capability '\(name)' (expected io, os, fs or all)"
            }
            options.allow.insert(cap)
        }
        if let problem = readScreenInputs(t, into: &options) { return problem }
        return readPluginOptions(t, into: &options)
    }

    /// `args = { "a", … }` (`ui.args`), `env = { NAME = "value" }` (what
    /// `ui.env` may read: only these names) and `allowPaths = { "DIR", … }`.
    private static func readScreenInputs(_ t: LuaTable, into options: inout HostOptions) -> String? {
        switch t.type("args") {
        case .nil: break
        case .table:
            let bad = t.withTable("args") { list -> Bool in
                for i in stride(from: 1, through: list.count, by: 1) {
                    guard list.rawGet(i) == .string || list.rawGet(i) == .number, let a = list.string(i) else { return true }
                    options.arguments.append(a)
                }
                return false
            } ?? false
            if bad { return "test.open: args must be a list of strings" }
        default: return "test.open: args must be a list of strings"
        }
        switch t.type("env") {
        case .nil: break
        case .table:
            var problem: String?
            t.withTable("env") { table in
                let s = table.stack
                s.forEachPair(in: table.index) {
                    guard s.type(at: -2) == .string, let name = s.string(at: -2) else {
                        problem = "test.open: env is keyed by variable name"
                        return false
                    }
                    switch s.type(at: -1) {
                    case .string: options.environment[name] = .some(s.string(at: -1))
                    // `false`: the name is given, the variable unset.
                    case .boolean where !s.truth(at: -1): options.environment[name] = .some(nil)
                    default:
                        problem = "test.open: env.\(name) must be a string (or false for an unset variable)"
                        return false
                    }
                    return true
                }
            }
            if let problem { return problem }
        default: return "test.open: env must be a table such as { HOME = \"/home/me\" }"
        }
        switch t.type("allowPaths") {
        case .nil: return nil
        case .table:
            let bad = t.withTable("allowPaths") { list -> Bool in
                for i in stride(from: 1, through: list.count, by: 1) {
                    guard let dir = list.string(i) else { return true }
                    options.allowedPaths.append(dir)
                }
                return false
            } ?? false
            return bad ? "test.open: allowPaths must be a list of folders" : nil
        default: return "test.open: allowPaths must be a list of folders"
        }
    }

    /// `plugins = "DIR"` or `{ "DIR", … }` (relative to where the test runs, like
    /// the screen's path), and `grant = { NAME = { "os" } }` or `{ NAME = "io,os" }`.
    private static func readPluginOptions(_ t: LuaTable, into options: inout HostOptions) -> String? {
        switch t.type("plugins") {
        case .string: options.pluginDirectories.append(t.string("plugins")!)
        case .table:
            let bad = t.withTable("plugins") { list -> Bool in
                for i in stride(from: 1, through: list.count, by: 1) {
                    guard let dir = list.string(i) else { return true }
                    options.pluginDirectories.append(dir)
                }
                return false
            } ?? false
            if bad { return "test.open: plugins must be a folder or a list of folders" }
        case .nil: break
        default: return "test.open: plugins must be a folder or a list of folders"
        }
        switch t.type("grant") {
        case .nil: return nil
        case .table: break
        default: return "test.open: grant must be a table such as { clock = { \"os\" } }"
        }
        var problem: String?
        t.withTable("grant") { table in
            let s = table.stack
            s.forEachPair(in: table.index) {
                guard let name = s.string(at: -2) else { problem = "test.open: grant is keyed by plugin name"; return false }
                var names: [String] = []
                if let text = s.string(at: -1) {
                    names = text.split(separator: ",").map(String.init)
                } else {
                    s.withTable(at: -1) { list in
                        for i in stride(from: 1, through: list.count, by: 1) { names.append(list.string(i) ?? "?") }
                    }
                }
                for n in names {
                    guard let cap = Capability(rawValue: n), cap != .all else {
                        problem = "test.open: grant.\(name): unknown permission '\(n)' (expected io, os or fs)"
                        return false
                    }
                    options.grants[name, default: []].insert(cap)
                }
                return true
            }
        }
        return problem
    }

    static let close: LuaSwiftFunction = { L in
        let s = LuaStack(L!)
        if let id = s.userdata(at: 1, metatable: appMetatable, as: Int.self) {
            run(s).apps[id] = nil
        }
        return 0
    }

    // MARK: - Driving

    static let press: LuaSwiftFunction = { L in
        let s = LuaStack(L!)
        guard let app = app(s, "press") else { return LuaTrampoline.raiseWhere }
        for i in stride(from: 2, through: s.top, by: 1) {
            guard let name = s.string(at: i) else { return s.argumentError(i, "press", expected: "key name") }
            if name.hasPrefix("wait:"), let ms = Int(name.dropFirst(5)), ms >= 0 {
                app.advance(ms)
            } else if let key = Key(name: name) {
                app.send(.key(key))
            } else {
                return s.raise("press: unknown key name '\(name)'" + Key.didYouMean(name))
            }
        }
        return 0
    }

    static let type: LuaSwiftFunction = { L in
        let s = LuaStack(L!)
        guard let app = app(s, "type") else { return LuaTrampoline.raiseWhere }
        guard let text = s.string(at: 2) else { return s.argumentError(2, "type", expected: "string") }
        for c in text {
            let key: Key = c == " " ? .space : (c == "\n" ? .enter : (c == "\t" ? .tab : .character(c)))
            app.send(.key(key))
        }
        return 0
    }

    static let advance: LuaSwiftFunction = { L in
        let s = LuaStack(L!)
        guard let app = app(s, "advance") else { return LuaTrampoline.raiseWhere }
        guard let ms = s.number(at: 2) else { return s.argumentError(2, "advance", expected: "number") }
        app.advance(Int(max(0, min(ms, 1e12))))
        return 0
    }

    static let click: LuaSwiftFunction = { L in
        let s = LuaStack(L!)
        guard let app = app(s, "click") else { return LuaTrampoline.raiseWhere }
        var col = 0, row = 0
        if let text = s.string(at: 2) {
            guard let at = app.render().find(text) else {
                return s.raise("click: \"\(text)\" is not on the screen\n" + App.framed(app.render()))
            }
            col = at.x + 1
            row = at.y + 1
        } else if s.type(at: 2) == .number, s.type(at: 3) == .number {
            // A fraction reads as 0 (not an integer), as it always has.
            col = Int(clamping: s.integer(at: 2) ?? 0)
            row = Int(clamping: s.integer(at: 3) ?? 0)
        } else {
            return s.argumentError(2, "click", expected: "text or column and row")
        }
        app.send(.mouse(MouseEvent(.press, column: col, row: row)))
        app.send(.mouse(MouseEvent(.release, column: col, row: row)))
        return 0
    }

    /// Integer arguments from `first` on, or nil (with the error pushed) when one is not.
    static func integers(_ s: LuaStack, from first: Int32, count: Int32, _ name: String) -> [Int]? {
        var values: [Int] = []
        for i in first..<(first + count) {
            guard s.type(at: i) == .number else {
                _ = s.argumentError(i, name, expected: "number")
                return nil
            }
            values.append(Int(clamping: s.integer(at: i) ?? 0))
        }
        return values
    }

    /// `app:drag(c1, r1, c2, r2)`: press, move, release.
    static let drag: LuaSwiftFunction = { L in
        let s = LuaStack(L!)
        guard let app = app(s, "drag") else { return LuaTrampoline.raiseWhere }
        guard let v = integers(s, from: 2, count: 4, "drag") else { return LuaTrampoline.raiseWhere }
        app.send(.mouse(MouseEvent(.press, column: v[0], row: v[1])))
        app.send(.mouse(MouseEvent(.drag, column: v[2], row: v[3])))
        app.send(.mouse(MouseEvent(.release, column: v[2], row: v[3])))
        return 0
    }

    /// `app:scroll(col, row, n)`: the wheel, n > 0 down.
    static let scroll: LuaSwiftFunction = { L in
        let s = LuaStack(L!)
        guard let app = app(s, "scroll") else { return LuaTrampoline.raiseWhere }
        guard let v = integers(s, from: 2, count: 3, "scroll") else { return LuaTrampoline.raiseWhere }
        for _ in 0..<min(v[2].magnitude, 10_000) {
            app.send(.mouse(MouseEvent(.scroll(v[2] > 0 ? 1 : -1), column: v[0], row: v[1])))
        }
        return 0
    }

    /// `app:resize(cols, rows)`: the terminal changed size (negative counts are 0).
    static let resize: LuaSwiftFunction = { L in
        let s = LuaStack(L!)
        guard let app = app(s, "resize") else { return LuaTrampoline.raiseWhere }
        guard let v = integers(s, from: 2, count: 2, "resize") else { return LuaTrampoline.raiseWhere }
        guard v[0] <= 1000, v[1] <= 1000 else { return s.raise("resize: at most 1000x1000 (got \(v[0])x\(v[1]))") }
        app.send(.resize(cols: v[0], rows: v[1]))
        return 0
    }

    // MARK: - Reading the frame

    static let screen: LuaSwiftFunction = { L in
        let s = LuaStack(L!)
        guard let app = app(s, "screen") else { return LuaTrampoline.raiseWhere }
        s.push(app.render().text)
        return 1
    }

    static let line: LuaSwiftFunction = { L in
        let s = LuaStack(L!)
        guard let app = app(s, "line") else { return LuaTrampoline.raiseWhere }
        guard s.isInteger(at: 2), let n = s.integer(at: 2) else { return s.argumentError(2, "line", expected: "integer") }
        s.push(app.render().line(Int(clamping: n) - 1))
        return 1
    }

    /// `app:cursor()`: the terminal cursor's `col, row` (1-based), or nil while hidden.
    static let cursor: LuaSwiftFunction = { L in
        let s = LuaStack(L!)
        guard let app = app(s, "cursor") else { return LuaTrampoline.raiseWhere }
        guard let at = app.render().cursor else {
            s.pushNil()
            return 1
        }
        s.push(at.x + 1)
        s.push(at.y + 1)
        return 2
    }

    static let contains: LuaSwiftFunction = { L in
        let s = LuaStack(L!)
        guard let app = app(s, "contains") else { return LuaTrampoline.raiseWhere }
        guard let text = s.string(at: 2) else { return s.argumentError(2, "contains", expected: "string") }
        s.push(app.render().find(text) != nil)
        return 1
    }

    static let find: LuaSwiftFunction = { L in
        let s = LuaStack(L!)
        guard let app = app(s, "find") else { return LuaTrampoline.raiseWhere }
        guard let text = s.string(at: 2) else { return s.argumentError(2, "find", expected: "string") }
        guard let at = app.render().find(text) else {
            s.pushNil()
            return 1
        }
        s.push(at.x + 1)
        s.push(at.y + 1)
        return 2
    }

    static func expect(_ s: LuaStack, shown: Bool) -> Int32 {
        let name = shown ? "expect" : "expectNot"
        guard let app = app(s, name) else { return LuaTrampoline.raiseWhere }
        guard let text = s.string(at: 2) else { return s.argumentError(2, name, expected: "string") }
        let frame = app.render()
        if (frame.find(text) != nil) == shown { return 0 }
        let what = shown ? "expected the frame to show" : "expected the frame not to show"
        return s.raise("\(what) \"\(text)\"\n" + App.framed(frame))
    }

    static let errors: LuaSwiftFunction = { L in
        let s = LuaStack(L!)
        guard let app = app(s, "errors") else { return LuaTrampoline.raiseWhere }
        let errors = app.host.errors
        s.pushNewTable(arrayCount: Int32(errors.count))
        for (i, e) in errors.enumerated() {
            s.push(e)
            s.rawSet(at: -2, i + 1)
        }
        return 1
    }

    // MARK: - Eval

    /// Runs Lua in the app's own state; the results come back as plain values
    /// (`LuaStack.copy`: nil, booleans, numbers, strings and tables of them).
    static let eval: LuaSwiftFunction = { L in
        let s = LuaStack(L!)
        guard let app = app(s, "eval") else { return LuaTrampoline.raiseWhere }
        guard let code = s.string(at: 2) else { return s.argumentError(2, "eval", expected: "string") }
        let appLua = app.host.lua
        let a = appLua.stack
        return a.restoringTop { () -> Int32 in
            let base = a.top
            do throws(LuaError) {
                try appLua.load(code, chunkName: "=eval")
                try appLua.call(nargs: 0, nresults: LuaState.allResults)
            } catch {
                return s.raise("eval: " + error.message)
            }
            app.host.markChanged()
            let n = a.top - base
            _ = s.reserve(n + 8)
            for i in stride(from: 1, through: n, by: 1) {
                if let problem = a.copy(base + i, to: s) { return s.raise("eval: " + problem) }
            }
            return n
        }
    }
}
