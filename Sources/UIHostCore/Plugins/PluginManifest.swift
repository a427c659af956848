import LuaBridge

/// What a plugin's `plugin.lua` returns, checked like a constructor's table:
/// every field has a type, an unknown field is named with a near miss.
/// Functions (`setup`, each command's `run`) stay in the Lua table; this
/// records that they are there.
struct PluginManifest {
    struct Command {
        let id: String
        let title: String
        let key: Key?
        let keyName: String?
    }

    struct MenuItem {
        let title: String
        let command: String
    }

    var name: String
    var version: String?
    var requires: String?
    var description: String?
    var permissions: [Capability] = []
    var commands: [Command] = []
    /// Menu name → its items, in the order of the names.
    var menus: [(name: String, items: [MenuItem])] = []
    /// Screen name → file, relative to the plugin's folder.
    var screens: [(name: String, file: String)] = []

    static let fields = ["name", "version", "requires", "description", "permissions", "setup", "commands", "menus", "screens"]
    static let commandFields = ["id", "title", "keys", "run", "description"]
    static let menuItemFields = ["title", "command"]
    /// What a plugin may ask for: `all` is never given to a plugin.
    static let permissionNames = ["io", "os", "fs"]

    /// Reads the manifest at the top of `s`; every problem, or the manifest.
    static func read(_ s: LuaStack, folder: String) -> Result<PluginManifest, Problems> {
        var problems: [String] = []
        let manifest = s.withTable(at: -1) { t -> PluginManifest in
            var m = PluginManifest(name: folder)
            unknownFields(t, known: fields, in: "the manifest", into: &problems)
            if let name = text(t, "name", in: "", &problems) {
                if name.isEmpty || !name.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }) {
                    problems.append("name must be letters, digits, '-' or '_' (got \"\(HostLimits.shortened(name))\")")
                } else if name != folder {
                    // The folder is what --grant, messages and `ui.call("NAME.fn")` go by.
                    problems.append("name \"\(name)\" differs from its folder '\(HostLimits.shortened(folder))'; a plugin's name is its folder's name")
                } else {
                    m.name = name
                }
            }
            m.version = text(t, "version", in: "", &problems)
            m.requires = text(t, "requires", in: "", &problems)
            m.description = text(t, "description", in: "", &problems)
            check(t, "setup", .function, in: "", &problems)
            switch t.type("permissions") {
            case .nil: break
            case .table:
                t.withTable("permissions") { list in
                    for i in stride(from: 1, through: min(list.count, 16), by: 1) {
                        guard let p = list.string(i) else {
                            problems.append("permissions[\(i)] must be a string (got \(list.rawGet(i).name))")
                            continue
                        }
                        guard let cap = Capability(rawValue: p), permissionNames.contains(p) else {
                            problems.append("unknown permission '\(HostLimits.shortened(p))' (expected io, os or fs)"
                                            + didYouMean(p, permissionNames))
                            continue
                        }
                        if !m.permissions.contains(cap) { m.permissions.append(cap) }
                    }
                }
            default: problems.append("permissions must be a table of strings (got \(t.type("permissions").name))")
            }
            m.commands = readCommands(t, &problems)
            m.menus = readMenus(t, &problems)
            m.screens = readScreens(t, &problems)
            return m
        }
        return problems.isEmpty ? .success(manifest) : .failure(Problems(list: problems))
    }

    struct Problems: Error {
        let list: [String]
    }

    private static func readCommands(_ t: LuaTable, _ problems: inout [String]) -> [Command] {
        var commands: [Command] = []
        switch t.type("commands") {
        case .nil: return []
        case .table: break
        default:
            problems.append("commands must be a table of commands (got \(t.type("commands").name))")
            return []
        }
        t.withTable("commands") { list in
            for i in stride(from: 1, through: min(list.count, HostLimits.maxProblems * 100), by: 1) {
                let place = "commands[\(i)]"
                let command = list.withTable(i) { c -> Command? in
                    unknownFields(c, known: commandFields, in: place, into: &problems)
                    let id = text(c, "id", in: place, &problems, required: true)
                    let title = text(c, "title", in: place, &problems, required: true)
                    _ = text(c, "description", in: place, &problems)
                    check(c, "run", .function, in: place, &problems, required: true)
                    var key: Key?
                    let keyName = text(c, "keys", in: place, &problems)
                    if let keyName {
                        key = Key(name: keyName)
                        if key == nil {
                            problems.append("\(place).keys: unknown key name '\(HostLimits.shortened(keyName))'" + Key.didYouMean(keyName))
                        }
                    }
                    guard let id, let title else { return nil }
                    return Command(id: id, title: title, key: key, keyName: keyName)
                } ?? nil
                if let command {
                    if commands.contains(where: { $0.id == command.id }) {
                        problems.append("\(place): the command id '\(command.id)' is used twice")
                    } else {
                        commands.append(command)
                    }
                } else if list.rawGet(i) != .table {
                    problems.append("\(place) must be a table (got \(list.rawGet(i).name))")
                }
            }
        }
        return commands
    }

    private static func readMenus(_ t: LuaTable, _ problems: inout [String]) -> [(name: String, items: [MenuItem])] {
        var menus: [(name: String, items: [MenuItem])] = []
        guard t.type("menus") != .nil else { return [] }
        guard t.type("menus") == .table else {
            problems.append("menus must be a table such as { launcher = { { title = …, command = … } } } (got \(t.type("menus").name))")
            return []
        }
        t.withTable("menus") { table in
            var names: [String] = []
            table.stack.forEachPair(in: table.index) {
                if let name = table.stack.string(at: -2) { names.append(name) } else {
                    problems.append("menus: a menu is named by a string")
                }
                return names.count < 100
            }
            for name in names.sorted() {
                var items: [MenuItem] = []
                let ok = table.withTable(name) { list -> Bool in
                    for i in stride(from: 1, through: min(list.count, 1000), by: 1) {
                        let place = "menus.\(name)[\(i)]"
                        let item = list.withTable(i) { item -> MenuItem? in
                            unknownFields(item, known: menuItemFields, in: place, into: &problems)
                            let title = text(item, "title", in: place, &problems, required: true)
                            let command = text(item, "command", in: place, &problems, required: true)
                            guard let title, let command else { return nil }
                            return MenuItem(title: title, command: command)
                        } ?? nil
                        if let item { items.append(item) } else if list.rawGet(i) != .table {
                            problems.append("\(place) must be a table (got \(list.rawGet(i).name))")
                        }
                    }
                    return true
                }
                if ok == nil { problems.append("menus.\(name) must be a table of items") }
                menus.append((name, items))
            }
        }
        return menus
    }

    private static func readScreens(_ t: LuaTable, _ problems: inout [String]) -> [(name: String, file: String)] {
        var screens: [(name: String, file: String)] = []
        guard t.type("screens") != .nil else { return [] }
        guard t.type("screens") == .table else {
            problems.append("screens must be a table such as { clock = \"clock.lua\" } (got \(t.type("screens").name))")
            return []
        }
        t.withTable("screens") { table in
            let s = table.stack
            s.forEachPair(in: table.index) {
                guard let name = s.string(at: -2), let file = s.string(at: -1) else {
                    problems.append("screens: each entry is name = \"file.lua\"")
                    return problems.count < HostLimits.maxProblems
                }
                if file.hasPrefix("/") || file.split(separator: "/").contains("..") || !file.hasSuffix(".lua") {
                    problems.append("screens.\(name): \"\(HostLimits.shortened(file))\" must be a .lua file inside the plugin's folder")
                } else {
                    screens.append((name, file))
                }
                return screens.count < 1000
            }
        }
        return screens.sorted { $0.name < $1.name }
    }

    // MARK: - Fields

    private static func didYouMean(_ word: String, _ known: [String]) -> String {
        suggestion(for: word, among: known).map { " (did you mean '\($0)'?)" } ?? ""
    }

    private static func unknownFields(_ t: LuaTable, known: [String], in place: String, into problems: inout [String]) {
        var unknown: [String] = []
        t.stack.forEachPair(in: t.index) {
            if let key = t.stack.string(at: -2) {
                if !known.contains(key) { unknown.append(key) }
            } else if t.stack.type(at: -2) != .number {
                unknown.append("(\(t.stack.type(at: -2).name) key)")
            }
            return unknown.count < 20
        }
        for key in unknown.sorted() {
            problems.append("unknown field '\(HostLimits.shortened(key))' in \(place)" + didYouMean(key, known))
        }
    }

    private static func text(_ t: LuaTable, _ key: String, in place: String, _ problems: inout [String], required: Bool = false) -> String? {
        let type = t.type(key)
        if type == .string { return t.string(key) }
        let name = place.isEmpty ? key : "\(place).\(key)"
        if type != .nil || required {
            problems.append("\(name) must be a string (got \(type.name))")
        }
        return nil
    }

    private static func check(_ t: LuaTable, _ key: String, _ expected: LuaType, in place: String, _ problems: inout [String], required: Bool = false) {
        let type = t.type(key)
        guard type != expected, type != .nil || required else { return }
        let name = place.isEmpty ? key : "\(place).\(key)"
        problems.append("\(name) must be a \(expected.name) (got \(type.name))")
    }
}
