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
        for component in Registry.all {
            let name = component.kind.constructorName
            LuaStack(L).pushNewTable(fieldCount: 2)
            LuaStack(L).push(name)
            LuaStack(L).setField("__name", at: -2)
            // getmetatable(component) answers the kind; setmetatable on it is refused.
            LuaStack(L).push(name)
            LuaStack(L).setField("__metatable", at: -2)
            metatables.append(LuaStack(L).pointer(at: -1)!)
            refs.append(LuaStack(L).popRef())
        }
        self.metatables = metatables
        self.refs = refs
    }

    /// The index in `Registry.all` of the component at `index`, or nil when it is not one.
    private func registryIndex(_ L: OpaquePointer, at index: Int32) -> Int? {
        guard LuaStack(L).type(at: index) == .table, LuaStack(L).pushMetatable(of: index) else { return nil }
        let p = LuaStack(L).pointer(at: -1)
        LuaStack(L).pop()
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
        if let kind = kind(L, at: index) { return "a " + kind.constructorName }
        return LuaStack(L).typeName(at: index)
    }

    /// Marks the table at `index` as a component of the registry's entry `component`.
    func mark(_ L: OpaquePointer, at index: Int32, as component: Int) {
        let t = LuaStack(L).absolute(index)
        LuaStack(L).pushRef(refs[component])
        LuaStack(L).setMetatable(at: t)
    }
}
