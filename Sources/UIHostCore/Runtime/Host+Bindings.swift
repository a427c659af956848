import LuaBridge

/// Key bindings of the script (`keys = { … }`, `ui.bind`), the footer that
/// hints at them and the help overlay that lists them (`?`, f1).
extension Host {
    /// Whether any binding could take a key now: when not, a key press does
    /// no more than it did before bindings existed.
    var mayHaveBindings: Bool {
        if !appBindings.isEmpty || !commands.byKey.isEmpty { return true }
        guard let layer = topLayer else { return false }
        if layer.hasBindings { return true }
        if case .drawer = layer.kind, let screen = layers.first { return screen.hasBindings }
        return false
    }

    /// The bindings active now, the winning one per key: the focused
    /// component's and its ancestors' (innermost first, the top layer's root
    /// last; an open drawer adds its screen's), then the app-wide ones. Kept
    /// until the layout, the focus or `ui.bind` changes.
    func activeBindings() -> [Binding] {
        guard mayHaveBindings else { return [] }
        let layer = topLayer
        let focus = layer.flatMap { navigator.focus[$0.kind] }
        let generations = BindingCache.Generations(layout: compositor.generation, app: appBindings.generation,
                                                   commands: commands.generation)
        if let cache = bindingCache, cache.generations == generations, cache.layer == layer?.kind, cache.focus == focus {
            return cache.list
        }
        var list: [Binding] = []
        // Keys seen by name (one name a key): a `Set<Key>` cost the Swift
        // runtime a scan of every conformance record (`Key: Hashable`) at the
        // first frame of a screen with bindings; `String`'s is looked up anyway.
        var seen: Set<String> = []
        func add(_ nodes: some Sequence<Node>) {
            for node in nodes {
                for binding in node.bindings where seen.insert(binding.key.name).inserted { list.append(binding) }
            }
        }
        if let layer {
            if let node = navigator.focused(in: layer), !node.bindingScope.isEmpty {
                add(node.bindingScope.reversed())
            } else {
                add(CollectionOfOne(layer.root))
            }
            if case .drawer = layer.kind, let screen = layers.first { add(CollectionOfOne(screen.root)) }
        }
        for binding in appBindings.list where seen.insert(binding.key.name).inserted { list.append(binding) }
        for (index, command) in commands.commands.enumerated() {
            guard let key = command.key, commands.byKey[key] == index, seen.insert(key.name).inserted else { continue }
            list.append(Binding(key: key, name: key.name, desc: command.title, source: .command(index)))
        }
        bindingCache = BindingCache(generations: generations, layer: layer?.kind, focus: focus, list: list)
        return list
    }

    /// Runs the binding for `key`, if one is active; whether there was one.
    func runBinding(for key: Key) -> Bool {
        guard mayHaveBindings, let binding = activeBindings().first(where: { $0.key == key }) else { return false }
        switch binding.source {
        case .component(let anchor):
            dispatcher.runBinding(anchor: anchor, name: binding.name, shared: binding.shared)
        case .app(let ref):
            s.pushRef(ref)
            dispatcher.invoke(nargs: 0, as: binding.origin)
        case .command(let index):
            invalidation.layout = true
            runCommand(at: index)
        }
        return true
    }

    /// `ui.bind(name, desc, fn)`: replaces the owner's app-wide binding of
    /// the same key (`AppBindings`); the footer shows it from the next layout.
    func bind(_ key: Key, name: String, desc: String, functionRef ref: Int32, origin: Origin) -> String? {
        let problem = appBindings.bind(key, name: name, desc: desc, functionRef: ref, origin: origin) { owner in
            if case .plugin(let index) = owner, let plugin = plugins?.plugins[index] { return "plugin '\(plugin.name)'" }
            return "the screen"
        }
        if problem == nil { invalidation.layout = true }
        return problem
    }

    // MARK: - Footer and help

    /// What the footer shows, in order: the active bindings it may show (the
    /// keys of one action together, `d/delete`; those with an `order` first),
    /// `? Keys`, then `q Quit` on the root screen (`esc Back` on a pushed one).
    /// A host key a binding took is left out, and so are the keys a focused
    /// text field types (`?` and `q`): help is then `f1`.
    func footerHints() -> [(key: String, desc: String)] {
        let active = activeBindings()
        func free(_ key: Key) -> Bool { !active.contains { $0.key == key } }
        var hints = BindingHint.merged(active).filter(\.show).map {
            (key: Binding.shortNames($0.keys), desc: $0.desc)
        }
        let typing = topLayer.flatMap { navigator.focused(in: $0) }?.takesText ?? false
        if typing {
            if free(.function(1)) { hints.append((key: "f1", desc: "Keys")) }
        } else if free(.character("?")) {
            hints.append((key: "?", desc: "Keys"))
        }
        if typing && navigationDepth == 1 && !hasOverlay {
            // q types here; there is nothing to go back to.
        } else if navigationDepth == 1 && !hasOverlay {
            if free(.character("q")) { hints.append((key: "q", desc: "Quit")) }
        } else if free(.esc) {
            hints.append((key: "esc", desc: "Back"))
        }
        return hints
    }

    /// The rows of the help overlay: every active binding (those kept out of
    /// the footer too; ungrouped first, then each `group` under its heading),
    /// then the keys of the focused component as its kind declares them
    /// (`Component.keys`), then the host's keys. A key a binding took is left
    /// out of the later parts.
    func helpRows() -> [HelpRow] {
        let active = activeBindings()
        func taken(_ key: Key) -> Bool { active.contains { $0.key == key } }
        var rows: [HelpRow] = []
        let merged = BindingHint.merged(active)
        func row(_ hint: BindingHint) -> HelpRow { HelpRow(key: hint.keys.map(\.name).joined(separator: "/"), desc: hint.desc) }
        rows += merged.filter { $0.group == nil }.map(row)
        var groups: [String] = []
        for hint in merged { if let g = hint.group, !groups.contains(g) { groups.append(g) } }
        for group in groups {
            if !rows.isEmpty { rows.append(HelpRow(key: "", desc: "")) }
            rows.append(HelpRow(key: "", desc: group, heading: true))
            rows += merged.filter { $0.group == group }.map(row)
        }
        let specs = topLayer.flatMap { navigator.focused(in: $0) }?.keySpecs ?? []
        var componentKeys: Set<Key> = []
        let component = specs.compactMap { spec -> HelpRow? in
            // A text field's typing has no key to take.
            if spec.keys.isEmpty { return HelpRow(key: spec.names, desc: spec.description) }
            let keys = spec.keys.filter { !taken($0) }
            guard !keys.isEmpty else { return nil }
            componentKeys.formUnion(keys)
            // Two names at most keep the column narrow; the docs list them all.
            return HelpRow(key: keys.prefix(2).map(\.name).joined(separator: "/"), desc: spec.description)
        }
        if !rows.isEmpty, !component.isEmpty { rows.append(HelpRow(key: "", desc: "")) }
        rows += component
        var own: [(key: Key, desc: String)] = [
            (.tab, "Next component"),
            (.enter, "Activate"),
            (.esc, "Close or go back"),
            (.character("q"), "Quit (first screen)"),
            (.ctrl("c"), "Quit at once"),
        ]
        // Tab and Enter mean nothing where nothing takes the focus (a screen of bindings alone).
        if topLayer?.focusables.isEmpty ?? true { own.removeAll { $0.key == .tab || $0.key == .enter } }
        if navigator.topHasDrawer { own.append((.function(2), "Open the drawer")) }
        // The palette opens only when there are commands to run.
        if !commands.isEmpty { own.insert((.ctrl("p"), "Command palette"), at: 3) }
        // What the focused component says of a key is closer to the truth.
        own.removeAll { taken($0.key) || componentKeys.contains($0.key) }
        if !rows.isEmpty, !own.isEmpty { rows.append(HelpRow(key: "", desc: "")) }
        return rows + own.map { HelpRow(key: $0.key.name, desc: $0.desc) }
    }

    var helpIsOpen: Bool { compositor.help != nil }

    func openHelp() {
        compositor.help = helpRows()
    }

    func closeHelp() {
        compositor.help = nil
    }
}

/// What `activeBindings()` found, and for which layout and focus.
struct BindingCache {
    /// What the list was worked out from: the layout, `ui.bind`'s bindings, the commands.
    struct Generations: Equatable {
        let layout, app, commands: Int
    }

    let generations: Generations
    let layer: Layer.Kind?
    let focus: FocusKey?
    let list: [Binding]
}

extension Dispatcher {
    /// Calls `component.keys[name]`'s function with the component; a
    /// `shared` key is found in the entry that lists it.
    func runBinding(anchor: Int32, name: String, shared: Bool = false) {
        s.restoringTop {
            pushComponent(anchor)
            let component = s.top
            guard s.type(at: component) == .table else { return }
            lua.push("keys")
            guard s.rawGet(at: component) == .table else { return }
            let keys = s.top
            if shared {
                guard BindingTable.pushEntry(L, in: keys, listing: name, kinds: reader.kinds) else { return }
            } else {
                lua.push(name)
                guard s.rawGet(at: keys) == .table else { return }
            }
            guard BindingTable.pushRun(L, s.top) else { return }
            pushProxy(anchor)      // the component as the script holds it
            invoke(nargs: 1, as: limits.origin(ofComponentAt: component, on: L))
        }
    }
}
