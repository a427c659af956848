/// Interaction state the script does not own, kept across frames, keyed by the
/// address of the component's table: each kind's `ComponentState`s (declared
/// in its file), the one open menu, and whether the user scrolled by hand. A
/// table's values are dropped when the collector takes it
/// (`ComponentKinds.forEachCollected`, before each layout), so a new table at
/// the same address starts afresh.
final class InteractionState {
    /// The menu picker or dropdown whose popup is open (at most one is).
    var openMenu: UnsafeRawPointer?
    /// Set when the user scrolled content (wheel, keys) since focus last
    /// moved: focus out of view is then not scrolled back at the next layout.
    var scrolledByHand = false
    /// A store per kind of state, made at its first value. A short array
    /// scanned by identity, not a dictionary: a layout looks state up for
    /// each stateful node, and hashing cost more than the scan of a dozen.
    private var stores: [(key: ObjectIdentifier, store: any AnyStateStore)] = []

    private func store<Key: ComponentState>(_ key: Key.Type) -> StateStore<Key.Value>? {
        let wanted = ObjectIdentifier(key)
        for entry in stores where entry.key == wanted { return unsafeDowncast(entry.store, to: StateStore<Key.Value>.self) }
        return nil
    }

    /// The value of state `key` kept for the table at `id`; setting nil forgets it.
    subscript<Key: ComponentState>(key: Key.Type, id: UnsafeRawPointer) -> Key.Value? {
        get { store(key)?.values[id] }
        set {
            if let store = store(key) {
                store.values[id] = newValue
            } else if let newValue {
                let store = StateStore<Key.Value>(keyType: key)
                store.values[id] = newValue
                stores.append((ObjectIdentifier(key), store))
            }
        }
    }

    /// Takes the value of `key` kept for `id` out (a text field hands its
    /// editor over to its node for the layout).
    func remove<Key: ComponentState>(_ key: Key.Type, _ id: UnsafeRawPointer) -> Key.Value? {
        store(key)?.values.removeValue(forKey: id)
    }

    /// Whether any table has a value of `key` (most layouts find none to act on).
    func isEmpty<Key: ComponentState>(_ key: Key.Type) -> Bool {
        store(key)?.values.isEmpty ?? true
    }

    /// How many tables have a value of `key`.
    func count<Key: ComponentState>(_ key: Key.Type) -> Int {
        store(key)?.values.count ?? 0
    }

    /// The kinds of state that hold a value for the table at `id`
    /// (`ConformanceTests` checks that its kind declares each).
    func kinds(heldFor id: UnsafeRawPointer) -> [any ComponentState.Type] {
        stores.filter { $0.store.holds(id) }.map { $0.store.keyType }
    }

    /// Drops what was kept for the table at `id`: the collector took it, and a
    /// new table may get its address.
    func forget(_ id: UnsafeRawPointer) {
        if openMenu == id { openMenu = nil }
        for entry in stores { entry.store.forget(id) }
    }
}
