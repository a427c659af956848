import LuaBridge

/// Every command of the app: those a screen registers with `ui.command` and
/// those plugins contribute. The palette lists them; a command's `keys` runs it.
final class CommandRegistry {
    struct Command {
        let id: String
        let title: String
        let keyName: String?
        let key: Key?
        /// The plugin it comes from; nil for the screen's own.
        let plugin: Plugin?
        let run: LuaRef
        /// The title lowercased, as the palette's matching reads it.
        let folded: [Character]
    }

    private(set) var commands: [Command] = []
    private var byID: [String: Int] = [:]
    /// A command's keys → its index: consulted on a key only when not empty.
    private(set) var byKey: [Key: Int] = [:]
    /// Moves on at every change: the active bindings include the commands' keys.
    private(set) var generation = 0

    var isEmpty: Bool { commands.isEmpty }

    func command(_ id: String) -> Command? {
        byID[id].map { commands[$0] }
    }

    var ids: [String] { commands.map(\.id) }

    /// Adds or, for the screen's own command of the same id, replaces it. A
    /// problem when the id or the keys belong to another owner.
    func add(_ command: Command) -> String? {
        if let at = byID[command.id], commands[at].plugin != nil || command.plugin != nil {
            return "the command id '\(command.id)' is taken by " + CommandRegistry.describe(commands[at].plugin)
        }
        if let key = command.key, let other = byKey[key], commands[other].id != command.id {
            return "keys '\(command.keyName ?? "")' of '\(command.id)' are taken by '\(commands[other].id)' ("
                + CommandRegistry.describe(commands[other].plugin) + ")"
        }
        if let at = byID[command.id] {
            if let key = commands[at].key { byKey[key] = nil }
            commands[at] = command
        } else {
            byID[command.id] = commands.count
            commands.append(command)
        }
        if let key = command.key { byKey[key] = byID[command.id] }
        generation += 1
        return nil
    }

    /// Takes out the commands `match` picks (a plugin rolled back), keeping the others' order.
    func removeAll(where match: (Command) -> Bool) {
        let kept = commands.filter { !match($0) }
        guard kept.count != commands.count else { return }
        commands = []
        byID = [:]
        byKey = [:]
        for command in kept { _ = add(command) }
        generation += 1
    }

    static func describe(_ plugin: Plugin?) -> String {
        plugin.map { "plugin '\($0.name)'" } ?? "the screen"
    }

    static func fold(_ text: String) -> [Character] {
        Array(text.lowercased())
    }
}
