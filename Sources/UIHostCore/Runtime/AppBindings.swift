import LuaBridge

/// `ui.bind`'s app-wide bindings, in the order bound, and who owns each key:
/// a key bound by one owner (the screen, a plugin) is not another's, so a
/// plugin cannot take over the screen's ctrl-s and read what follows.
/// `generation` moves on every change, so that what was worked out from
/// them (the active bindings, the footer) is known to be stale.
final class AppBindings {
    private let lua: LuaState
    private(set) var list: [Binding] = []
    private(set) var generation = 0

    init(lua: LuaState) {
        self.lua = lua
    }

    var isEmpty: Bool { list.isEmpty }

    /// Binds `key` to the function at `ref` (taken: released on refusal or
    /// when replaced), replacing the owner's own binding of that key. A
    /// problem when the key is another owner's (`ownerName` says whose) or the
    /// owner has bound too many keys.
    func bind(_ key: Key, name: String, desc: String, functionRef ref: Int32, origin: Origin,
              ownerName: (Origin) -> String) -> String? {
        let binding = Binding(key: key, name: name, desc: HostLimits.label(desc), source: .app(ref), origin: origin,
                              show: !desc.isEmpty)
        let held = list.firstIndex { $0.key == key }
        if held == nil, list.lazy.filter({ $0.origin == origin }).count >= HostLimits.maxCommandsPerOwner {
            lua.stack.unref(ref)
            return "ui.bind: more than \(HostLimits.maxCommandsPerOwner) bindings from one owner"
        }
        if let held, list[held].origin != origin {
            lua.stack.unref(ref)
            return "ui.bind: \(name) is bound by \(ownerName(list[held].origin)) already"
        }
        if let held {
            release(list[held])
            list[held] = binding
        } else {
            list.append(binding)
        }
        generation += 1
        return nil
    }

    /// Takes back every binding of `origin` (a plugin rolled back).
    func removeAll(of origin: Origin) {
        for binding in list where binding.origin == origin { release(binding) }
        list.removeAll { $0.origin == origin }
        generation += 1
    }

    private func release(_ binding: Binding) {
        if case .app(let ref) = binding.source { lua.stack.unref(ref) }
    }
}
