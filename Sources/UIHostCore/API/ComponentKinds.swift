import LuaBridge

/// The metatables that mark a table as a component of a kind. Each state has
/// one per registered component, made when a constructor of that kind first
/// runs; a component is recognised by its metatable's identity: a scan of a
/// few dozen pointers, cheaper than hashing one.
final class ComponentKinds {
    /// Index in `Registry.all` → its metatable's address, nil until made.
    /// Made on demand like the schemas below: all 34 at start (each with its
    /// methods and proxy metamethods) were a twentieth of `render`'s
    /// instructions, and a screen uses a few kinds.
    private var metatables: [UnsafeRawPointer?] = Array(repeating: nil, count: Registry.all.count)
    /// Index in `Registry.all` → the metatable's registry reference.
    private var refs: [Int32] = Array(repeating: 0, count: Registry.all.count)
    /// The one finalizer of every kind (its upvalue the array below) and the
    /// set of watched field names, which each metatable gets.
    private let finalizerRef: Int32
    private let watchedRef: Int32
    /// The addresses of component tables the garbage collector took since the
    /// last `forEachCollected`, as light userdata in an array (a registry reference).
    private let collectedRef: Int32
    /// Whether a script has used a size field (`width`, `minHeight`, …):
    /// until then layout reads none of them, so screens without sizes do not
    /// pay for them on every key. Set by a constructor that gets one, and by
    /// the proxies' `__newindex` when one is assigned later (`sizeFlagRef`).
    var sizesUsed = false
    /// A table whose [1] the proxies set when a size field is assigned, and
    /// whose [2] they set when a script fetches a component's method.
    private let sizeFlagRef: Int32
    /// The array of component proxies scripts wrote into since the host last
    /// took it (`takeWrites`), one longer than `LuaStack.maxRecordedWrites` past that.
    private let writtenRef: Int32
    /// Index in `Registry.all` → its schema, made when a constructor of that
    /// kind first runs: building all of them (and the field specs of every
    /// kind) before the first frame was a tenth of `render`'s start-up, and a
    /// screen uses a few kinds. Per host, so no lock: a state runs on one thread.
    private var schemas: [Schema?] = Array(repeating: nil, count: Registry.all.count)

    /// The schema of `Registry.all[index]`.
    func schema(_ index: Int) -> Schema {
        if let schema = schemas[index] { return schema }
        let schema = Schema(Registry.all[index])
        schemas[index] = schema
        return schema
    }

    init(_ L: OpaquePointer) {
        let s = LuaStack(L)
        s.pushNewTable()
        s.pushCopy(of: -1)
        collectedRef = s.popRef()
        // One finalizer for every kind, the array its upvalue.
        s.push(ComponentKinds.collected, upvalues: 1)
        finalizerRef = s.popRef()
        s.pushNewTable(arrayCount: 1)
        sizeFlagRef = s.popRef()
        s.pushNewTable(fieldCount: Int32(Sizing.watched.count))
        for name in Sizing.watched {
            s.push(true)
            s.setField(name, at: -2)
        }
        watchedRef = s.popRef()
        s.pushNewTable(arrayCount: Int32(LuaStack.maxRecordedWrites + 1))
        writtenRef = s.popRef()
    }

    /// The registry reference of `Registry.all[index]`'s metatable, made at
    /// the first call.
    private func metatableRef(_ L: OpaquePointer, _ index: Int) -> Int32 {
        if refs[index] != 0 { return refs[index] }
        let s = LuaStack(L)
        let component = Registry.all[index]
        let name = component.kind.constructorName
        s.pushNewTable(fieldCount: 7)
        s.push(name)
        s.setField("__name", at: -2)
        // getmetatable(component) answers the kind; setmetatable on it is refused.
        s.push(name)
        s.setField("__metatable", at: -2)
        // Set before any table gets the metatable, so every component is finalized.
        s.pushRef(finalizerRef)
        s.setField("__gc", at: -2)
        if component.methods.isEmpty {
            s.pushNil()
        } else {
            s.pushNewTable(fieldCount: Int32(component.methods.count))
            for (name, f) in component.methods {
                s.setFunction(name, f)
            }
        }
        s.pushRef(watchedRef)
        s.pushRef(sizeFlagRef)
        s.pushRef(writtenRef)
        s.setProxyMetamethods(ofMetatableAt: -5)
        metatables[index] = s.pointer(at: -1)!
        refs[index] = s.popRef()
        return refs[index]
    }

    /// A component table's finalizer: notes its address, which the allocator
    /// may hand to a new table once the collector frees it. It touches nothing
    /// but Lua (it may run in the middle of any allocation, or while the state closes).
    private static let collected: LuaSwiftFunction = { L in
        let s = LuaStack(L!)
        guard let table = s.pointer(at: 1) else { return 0 }
        let list = LuaStack.upvalueIndex(1)
        s.pushLightUserdata(UnsafeMutableRawPointer(mutating: table))
        s.rawSetIndex(at: list, s.rawLength(at: list) + 1)
        return 0
    }

    /// Calls `body` with the address of each component table collected since
    /// the last call, and forgets them. Cheap when there are none (every layout asks).
    func forEachCollected(_ L: OpaquePointer, _ body: (UnsafeRawPointer) -> Void) {
        let s = LuaStack(L)
        s.pushRef(collectedRef)
        defer { s.pop() }
        let list = s.top
        let n = s.rawLength(at: list)
        guard n > 0 else { return }
        for i in 1...n {
            s.rawGetIndex(at: list, i)
            if let p = s.userdataPointer(at: -1) { body(UnsafeRawPointer(p)) }
            s.pop()
        }
        for i in stride(from: n, through: 1, by: -1) {
            s.pushNil()
            s.rawSetIndex(at: list, i)
        }
    }

    /// Whether layout must read size fields: once true, true for good.
    func readsSizes(_ L: OpaquePointer) -> Bool {
        if sizesUsed { return true }
        let s = LuaStack(L)
        s.pushRef(sizeFlagRef)
        sizesUsed = s.rawGetIndex(at: -1, 1) != .nil
        s.pop(2)
        return sizesUsed
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

    /// Makes the table at `index` a component of the registry's entry
    /// `component`. A container's fields move at once into a storage table
    /// behind it, and it becomes the proxy whose writes are recorded
    /// (`takeWrites`); a leaf's stay in it until the host first reads it
    /// (`LuaStack.pushStorageMakingProxy`) or a script adds a field to it, so that a
    /// leaf made and never shown is one table. A container's children may be
    /// many: they move here, in the constructor, not in the host's first read.
    func wrap(_ L: OpaquePointer, at index: Int32, as component: Int) {
        let s = LuaStack(L)
        let t = s.absolute(index)
        if Registry.all[component].children.allowsChildren { s.makeProxy(at: t) }
        s.pushRef(metatableRef(L, component))
        s.setMetatable(at: t)
    }

    /// What scripts wrote into components since the last call: the proxies'
    /// addresses, or nil when that cannot tell what changed (more proxies
    /// than recorded, or a component's method was fetched: methods change
    /// state a layout reads whole). Empties the record.
    /// Whether a script wrote into a component (or used a method) since the
    /// record was last taken, without taking it.
    func hasWrites(_ L: OpaquePointer) -> Bool {
        let s = LuaStack(L)
        return s.restoringTop {
            s.pushRef(sizeFlagRef)
            if s.rawGetIndex(at: -1, 2) != .nil { return true }
            s.pushRef(writtenRef)
            return s.rawLength(at: -1) > 0
        }
    }

    func takeWrites(_ L: OpaquePointer) -> [UnsafeRawPointer]? {
        let s = LuaStack(L)
        s.pushRef(sizeFlagRef)
        let methodUsed = s.rawGetIndex(at: -1, 2) != .nil
        s.pop()
        if methodUsed {
            s.pushNil()
            s.rawSetIndex(at: -2, 2)
        }
        s.pop()
        s.pushRef(writtenRef)
        defer { s.pop() }
        let n = s.rawLength(at: -1)
        guard n > 0 else { return methodUsed ? nil : [] }
        var pointers: [UnsafeRawPointer] = []
        pointers.reserveCapacity(Int(n))
        for i in stride(from: n, through: 1, by: -1) {
            s.rawGetIndex(at: -1, i)
            if let p = s.pointer(at: -1) { pointers.append(p) }
            s.pop()
            s.pushNil()
            s.rawSetIndex(at: -2, i)
        }
        return methodUsed || n > LuaStack.maxRecordedWrites ? nil : pointers
    }
}
