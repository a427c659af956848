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
    /// A store per kind of state, made at its first value.
    private var stores: [ObjectIdentifier: any AnyStateStore] = [:]

    /// The value of state `key` kept for the table at `id`; setting nil forgets it.
    subscript<Key: ComponentState>(key: Key.Type, id: UnsafeRawPointer) -> Key.Value? {
        get { stores[ObjectIdentifier(key)].map { unsafeDowncast($0, to: StateStore<Key>.self).values[id] } ?? nil }
        set {
            if let store = stores[ObjectIdentifier(key)] {
                unsafeDowncast(store, to: StateStore<Key>.self).values[id] = newValue
            } else if let newValue {
                let store = StateStore<Key>()
                store.values[id] = newValue
                stores[ObjectIdentifier(key)] = store
            }
        }
    }

    /// Takes the value of `key` kept for `id` out (a text field hands its
    /// editor over to its node for the layout).
    func remove<Key: ComponentState>(_ key: Key.Type, _ id: UnsafeRawPointer) -> Key.Value? {
        guard let store = stores[ObjectIdentifier(key)] else { return nil }
        return unsafeDowncast(store, to: StateStore<Key>.self).values.removeValue(forKey: id)
    }

    /// Whether any table has a value of `key` (most layouts find none to act on).
    func isEmpty<Key: ComponentState>(_ key: Key.Type) -> Bool {
        stores[ObjectIdentifier(key)].map { unsafeDowncast($0, to: StateStore<Key>.self).values.isEmpty } ?? true
    }

    /// How many tables have a value of `key`.
    func count<Key: ComponentState>(_ key: Key.Type) -> Int {
        stores[ObjectIdentifier(key)].map { unsafeDowncast($0, to: StateStore<Key>.self).values.count } ?? 0
    }

    /// The kinds of state that hold a value for the table at `id`
    /// (`ConformanceTests` checks that its kind declares each).
    func kinds(heldFor id: UnsafeRawPointer) -> [any ComponentState.Type] {
        stores.values.filter { $0.holds(id) }.map(\.keyType)
    }

    /// Drops what was kept for the table at `id`: the collector took it, and a
    /// new table may get its address.
    func forget(_ id: UnsafeRawPointer) {
        if openMenu == id { openMenu = nil }
        for store in stores.values { store.forget(id) }
    }
}
