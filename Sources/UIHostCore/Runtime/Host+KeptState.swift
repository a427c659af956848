import LuaBridge

/// What `--watch` carries over a reload: for each component of the shown
/// screen, what the user changed (typed values, choices, cursors, scroll
/// offsets, the open tab) and where focus was, by the component's identity:
/// its `id` field when it has one, else its place in the tree (child indexes
/// from the screen, or from the nearest component above it with an `id`; a
/// tab's page counts as a place). A reloaded screen gets it back for every
/// component whose identity and kind survived the edit; the rest start fresh.
/// Where a value it gives back differs from the one the reloaded script set,
/// the component's `onChange` runs with it, as if the user had made the
/// change again, so that what the script derives from it (a table filtered
/// by an input) agrees with it (`Node.restored`, in each kind's file).
public struct KeptState {
    enum Value: Equatable {
        case string(String), integer(Int), number(Double), boolean(Bool)
    }

    struct Component {
        let kind: ObjectIdentifier
        /// The fields the host writes into a component's table.
        var fields: [(String, Value)] = []
        /// What its kind keeps across a reload (`Component.state`), with the values.
        var state: [(key: any ComponentState.Type, value: Any)] = []
    }

    /// The file of the screen shown: state goes back only to the same screen.
    let screenFile: String?
    var components: [String: Component] = [:]
    /// The identity of the focused component.
    var focused: String?

    /// How many components have state to give back.
    public var count: Int { components.count }

    /// The fields the host writes back into components' tables (docs/API.md):
    /// what the user typed or chose, and what they opened.
    static let writtenFields: [StaticString] = ["value", "selected", "checked", "on", "expanded", "follow"]
}

extension HostLimits {
    /// Layouts a reload makes to give state back (one more per level of tabs
    /// whose open tab came back).
    static let keptStatePasses = 4
    /// Components whose state a reload keeps (a layout reads at most `maxComponents`).
    static let keptStateComponents = maxComponents
}

extension Host {
    /// The state of the shown screen's components, for `restore` on a reloaded host.
    public func keptState() -> KeptState {
        var kept = KeptState(screenFile: navigator.stack.last?.file)
        _ = render()
        guard let layer = layers.first else { return kept }
        let focusKey = navigator.focus[layer.kind]
        withComponents(of: layer) { node, identity in
            guard kept.components[identity] == nil else { return }
            var c = KeptState.Component(kind: ObjectIdentifier(type(of: node)))
            for field in KeptState.writtenFields {
                if let value = keptValue("\(field)") { c.fields.append(("\(field)", value)) }
            }
            for key in node.component?.state ?? [] where key.keptAcrossReload {
                if let value = key.value(in: interaction, at: node.id) { c.state.append((key, value)) }
            }
            kept.components[identity] = c
            if node.focusKey == focusKey { kept.focused = identity }
        }
        return kept
    }

    /// `field` of the component table on top of the stack, read raw, when it
    /// is a value a reload keeps.
    private func keptValue(_ field: String) -> KeptState.Value? {
        let s = lua.stack
        s.push(field)
        defer { s.pop() }
        switch s.rawGet(at: -2) {
        case .string: return .string(s.string(at: -1) ?? "")
        case .boolean: return .boolean(s.truth(at: -1))
        case .number:
            if let n = s.integer(at: -1), s.isInteger(at: -1) { return .integer(Int(n)) }
            return .number(s.number(at: -1) ?? 0)
        default: return nil
        }
    }

    /// Gives back what `keptState()` took from the host this one reloads, to
    /// the components that match; returns how many did. Fields are written
    /// raw, as the host writes them on a key; then, for each value that differs
    /// from what the reloaded script set, the component's `onChange` runs
    /// (`Node.restored`), in the order of the components.
    @discardableResult
    public func restore(_ kept: KeptState) -> Int {
        guard kept.screenFile != nil, kept.screenFile == navigator.stack.last?.file else { return 0 }
        var restored = Set<String>()
        // The fields given back that differ from the reloaded script's, by component.
        var changed: [String: [(String, KeptState.Value)]] = [:]
        // An open tab shows its page's components only once it is open again:
        // a pass per level of tabs, while components are still being found.
        for _ in 0..<HostLimits.keptStatePasses {
            _ = render()
            guard let layer = layers.first else { break }
            let before = restored.count
            var focusNode: Node?
            withComponents(of: layer) { node, identity in
                guard !restored.contains(identity), let c = kept.components[identity],
                      c.kind == ObjectIdentifier(type(of: node)) else { return }
                restored.insert(identity)
                let s = lua.stack
                for (field, value) in c.fields {
                    if keptValue(field) != value { changed[identity, default: []].append((field, value)) }
                    s.push(field)
                    switch value {
                    case .string(let text): s.push(text)
                    case .integer(let n): s.push(n)
                    case .number(let x): s.push(x)
                    case .boolean(let b): s.push(b)
                    }
                    s.rawSet(at: -3)
                }
                for (key, value) in c.state { key.restore(value, in: interaction, at: node.id) }
                if identity == kept.focused, node.isFocusable { focusNode = node }
            }
            if let focusNode { navigator.focus[layer.kind] = focusNode.focusKey }
            invalidation.layout = true
            if restored.count == before { break }
        }
        _ = render()
        if !changed.isEmpty, let layer = layers.first {
            var actions: [Action] = []
            withComponents(of: layer) { node, identity in
                guard let fields = changed.removeValue(forKey: identity) else { return }
                actions += fields.flatMap { node.restored($0.0, $0.1) }
            }
            // Anchors are this layout's: the handlers run before the next one.
            if !actions.isEmpty {
                handling { apply(actions) }
                _ = render()
            }
        }
        return restored.count
    }

    /// Calls `body` with each component of `layer` and its identity, its
    /// table on top of the stack (popped after).
    private func withComponents(of layer: Layer, _ body: (Node, String) -> Void) {
        let s = lua.stack
        var visited = 0
        func visit(_ node: Node, base: String, path: String) {
            guard visited < HostLimits.keptStateComponents else { return }
            visited += 1
            reader.pushTable(anchor: node.anchor)
            guard s.type(at: -1) == .table else {
                s.pop()
                return
            }
            var base = base
            var path = path
            reader.pushName("id")
            switch s.rawGet(at: -2) {
            case .string: base = "#s:" + (s.string(at: -1) ?? ""); path = ""
            case .number:
                base = "#n:" + (s.integer(at: -1).map { String($0) } ?? String(s.number(at: -1) ?? 0)); path = ""
            default: break
            }
            s.pop()
            let identity = base + "/" + path
            body(node, identity)
            s.pop()
            // The children of tabs are the open tab's: their place includes it.
            let page = (node as? TabsNode).map { "t\($0.selected)." } ?? ""
            for (i, child) in node.children.enumerated() {
                visit(child, base: base, path: path + (path.isEmpty ? "" : ".") + page + String(i))
            }
        }
        reader.resumed { visit(layer.root, base: "", path: "") }
    }
}
