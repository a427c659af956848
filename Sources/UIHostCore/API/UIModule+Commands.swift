import LuaBridge

/// `ui.command`, `ui.run` and `ui.menu`: the command registry and the menus
/// plugins contribute to (docs/API.md, "Plugins").
extension UIModule {
    static let commandFunctions: [(String, LuaSwiftFunction)] = [
        ("command", command), ("run", run), ("menu", menu),
    ]

    static let commandFields = ["id", "title", "keys", "run", "description"]

    /// `ui.command{ id =, title =, keys =, run = }`: adds a command to the
    /// registry (the palette lists it; `keys` runs it). Registering an id again
    /// from the screen replaces its command; one a plugin holds is an error.
    static let command: LuaSwiftFunction = { L in
        let L = L!
        let s = LuaStack(L)
        let host = host(L)
        guard s.type(at: 1) == .table else { return argError(L, 1, "command", "table") }
        var problem: String?
        var fields: (id: String, title: String, keyName: String?, key: Key?)?
        s.withTable(at: 1) { t in
            t.stack.forEachPair(in: t.index) {
                guard let key = t.stack.string(at: -2), commandFields.contains(key) else {
                    let name = t.stack.string(at: -2) ?? "(\(t.stack.type(at: -2).name) key)"
                    // Not worded "unknown field": ui.command is no constructor of a component.
                    problem = "ui.command: a command has no field '\(HostLimits.shortened(name))'"
                        + (suggestion(for: name, among: commandFields).map { " (did you mean '\($0)'?)" } ?? "")
                        + "; its fields are id, title, keys, run, description"
                    return false
                }
                return true
            }
            if problem != nil { return }
            for (field, type) in [("id", LuaType.string), ("title", .string), ("run", .function)] where t.type(field) != type {
                problem = "ui.command: \(field) must be a \(type.name) (got \(t.type(field).name))"
                return
            }
            for field in ["keys", "description"] where t.type(field) != .nil && t.type(field) != .string {
                problem = "ui.command: \(field) must be a string (got \(t.type(field).name))"
                return
            }
            var key: Key?
            let keyName = t.string("keys")
            if let keyName {
                key = Key(name: keyName)
                if key == nil { problem = "ui.command: unknown key name '\(HostLimits.shortened(keyName))'" + Key.didYouMean(keyName) }
            }
            // The title is shown (the palette): read as a display string, kept to one row's worth.
            fields = (t.string("id")!, HostLimits.label(t.string("title", maxBytes: HostLimits.maxDisplayBytes)!), keyName, key)
        }
        if let problem { return raise(L, problem) }
        guard let fields else { return 0 }
        s.rawGet(at: 1, "run")
        s.move(1, to: LuaStack(host.L))
        let run = LuaRef(popping: host.lua)
        var plugin: Plugin?
        if case .plugin(let index) = origin(L) { plugin = host.plugins?.plugins[index] }
        if host.commands.command(fields.id) == nil,
           host.commands.commands.lazy.filter({ $0.plugin === plugin }).count >= HostLimits.maxCommandsPerOwner {
            return raise(L, "ui.command: more than \(HostLimits.maxCommandsPerOwner) commands from \(CommandRegistry.describe(plugin))")
        }
        if let problem = host.commands.add(.init(id: fields.id, title: fields.title, keyName: fields.keyName, key: fields.key,
                                                 plugin: plugin, run: run, folded: CommandRegistry.fold(fields.title))) {
            return raise(L, "ui.command: " + problem)
        }
        // Its keys are a binding now: the footer and help show it.
        host.invalidation.drawing = true
        return 0
    }

    /// `ui.run(id, …)`: runs a command now; its `ctx.args` holds copies of the
    /// arguments after `id`. True when it ran; false and the message when it
    /// failed (the banner shows it too).
    static let run: LuaSwiftFunction = { L in
        let L = L!
        let s = LuaStack(L)
        let host = host(L)
        guard let id = s.string(at: 1) else { return argError(L, 1, "run", "string") }
        guard let index = host.commands.commands.firstIndex(where: { $0.id == id }) else {
            let guess = suggestion(for: id, among: host.commands.ids).map { " (did you mean '\($0)'?)" } ?? ""
            return raise(L, "ui.run: no command '\(HostLimits.shortened(id))'\(guess)")
        }
        let nargs = s.top - 1
        guard s.reserve(8) else { return raise(L, "ui.run: out of stack") }
        // The arguments travel as a message: a command of another owner gets copies.
        s.pushNewTable(arrayCount: nargs)
        let args = s.top
        var budget = LuaStack.MessageBudget(.init())
        for i in stride(from: 2, through: nargs + 1, by: 1) {
            if let problem = s.pushMessageCopy(of: i, budget: &budget) {
                return raise(L, "ui.run('\(HostLimits.shortened(id))'): argument #\(i - 1) cannot be sent: \(problem)")
            }
            s.rawSet(at: args, Int(i - 1))
        }
        let error = onFreshThread(host, L) { co in
            s.pushCopy(of: args)
            s.move(1, to: co)
            return host.runCommand(at: index, on: co.L, args: co.top)
        }
        if case .failure(let problem) = error { return raise(L, "ui.run('\(HostLimits.shortened(id))'): " + problem.message) }
        guard case .success(let error) = error else { return 0 }
        s.push(error == nil)
        guard let error else { return 1 }
        LuaState.push(L, error.message)
        return 2
    }

    /// `ui.menu(name)`: a `ui.list` of the items plugins contribute to menu
    /// `name`, each running its command when chosen. Empty when none do.
    static let menu: LuaSwiftFunction = { L in
        let L = L!
        let s = LuaStack(L)
        let host = host(L)
        guard let name = s.string(at: 1) else { return argError(L, 1, "menu", "string") }
        let items = host.plugins?.menus[name] ?? []
        s.dropArguments()
        s.pushNewTable(fieldCount: 2)                        // 1 list
        s.pushNewTable(arrayCount: Int32(min(items.count, 1 << 20)))
        for (i, item) in items.enumerated() {
            s.pushNewTable(fieldCount: 4)
            s.withTable(at: -1) { entry in
                entry.set("title", item.title)
                entry.set("command", item.command)
                entry.set("subtitle", item.plugin)
            }
            s.setFunction("onSelect", runMenuItem)
            s.rawSet(at: -2, i + 1)
        }
        s.setField("items", at: 1)
        guard let index = Registry.all.firstIndex(where: { $0.kind == ListNode.kind }) else { return 1 }
        WrittenDefaults.write(L, at: 1, ListNode.fields)
        host.kinds.wrap(L, at: 1, as: index)
        return 1
    }

    /// A menu item's `onSelect(item)`: runs `item.command`.
    private static let runMenuItem: LuaSwiftFunction = { L in
        let L = L!
        let s = LuaStack(L)
        guard s.type(at: 1) == .table, s.rawGet(at: 1, "command") == .string, let id = s.string(at: -1) else { return 0 }
        let host = host(L)
        guard let index = host.commands.commands.firstIndex(where: { $0.id == id }) else {
            return raise(L, "menu item: no command '\(HostLimits.shortened(id))'")
        }
        if case .failure(let problem) = onFreshThread(host, L, { co in host.runCommand(at: index, on: co.L) }) {
            return raise(L, "menu item: " + problem.message)
        }
        return 0
    }
}
