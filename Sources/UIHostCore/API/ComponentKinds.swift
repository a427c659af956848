import LuaBridge

/// The metatables that mark a table as a component of a kind. Each state has
/// one per registered component; a component is recognised by its metatable's
/// identity: a scan of a few dozen pointers, cheaper than hashing one.
final class ComponentKinds {
    /// Index in `Registry.all` → its metatable's address.
    private let metatables: [UnsafeRawPointer]
    /// Index in `Registry.all` → the metatable's registry reference.
    private let refs: [Int32]

    init(_ L: OpaquePointer) {
        var metatables: [UnsafeRawPointer] = [], refs: [Int32] = []
        let s = LuaStack(L)
        for component in Registry.all {
            let name = component.kind.constructorName
            s.pushNewTable(fieldCount: 2)
            s.push(name)
            s.setField("__name", at: -2)
            // getmetatable(component) answers the kind; setmetatable on it is refused.
            s.push(name)
            s.setField("__metatable", at: -2)
            metatables.append(s.pointer(at: -1)!)
            refs.append(s.popRef())
        }
        self.metatables = metatables
        self.refs = refs
    }

    /// The index in `Registry.all` of the component at `index`, or nil when it is not one.
    private func registryIndex(_ L: OpaquePointer, at index: Int32) -> Int? {
        let s = LuaStack(L)
        guard s.type(at: index) == .table, s.pushMetatable(of: index) else { return nil }
        let p = s.pointer(at: -1)
        s.pop()
        return p.flatMap { metatables.firstIndex(of: $0) }
    }

    /// The component type of the table at `index`, or nil when it is not one.
    func component(_ L: OpaquePointer, at index: Int32) -> (any Component.Type)? {
        registryIndex(L, at: index).map { Registry.all[$0] }
    }

    /// The kind of the component at `index`, or nil when it is not one.
    func kind(_ L: OpaquePointer, at index: Int32) -> Kind? {
        component(L, at: index)?.kind
    }

    /// `nil`, `number`, … or `a ui.button` for a component, for messages.
    func typeName(_ L: OpaquePointer, _ index: Int32) -> String {
        let s = LuaStack(L)
        if let kind = kind(L, at: index) { return "a " + kind.constructorName }
        return s.typeName(at: index)
    }

    /// Marks the table at `index` as a component of the registry's entry `component`.
    func mark(_ L: OpaquePointer, at index: Int32, as component: Int) {
        let s = LuaStack(L)
        let t = s.absolute(index)
        s.pushRef(refs[component])
        s.setMetatable(at: t)
    }
}
