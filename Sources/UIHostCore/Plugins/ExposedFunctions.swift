import LuaBridge

/// The functions the screen and plugins offer each other with `ui.expose`,
/// called by name with `ui.call`: the screen's as `name`, a plugin's as
/// `plugin.name`. Messages, not shared tables (docs/API.md, "Plugins").
final class ExposedFunctions {
    struct Entry {
        let origin: Origin
        /// "the screen" or "plugin 'x'", for messages.
        let owner: String
        let function: LuaRef
    }

    /// At most this many names, so that exposing stays bounded work.
    static let maxNames = 1000

    private(set) var entries: [String: Entry] = [:]
    /// How deep `ui.call`s nest now, against `maxDepth`.
    var depth = 0
    static let maxDepth = 100

    var names: [String] { entries.keys.sorted() }

    /// Adds or replaces `name`; a problem when another owner holds it.
    func expose(_ name: String, _ entry: Entry) -> String? {
        if let held = entries[name], held.origin != entry.origin {
            return "'\(name)' is exposed by \(held.owner) already"
        }
        if entries[name] == nil, entries.count >= ExposedFunctions.maxNames {
            return "more than \(ExposedFunctions.maxNames) exposed functions"
        }
        entries[name] = entry
        return nil
    }

    func removeAll(of origin: Origin) {
        entries = entries.filter { $0.value.origin != origin }
    }
}
