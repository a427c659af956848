import LuaBridge

/// Reads component tables into nodes for one layout. Reads are raw (no
/// metamethods), so reading never raises; a field a handler set to a bad value
/// is reported as a problem naming component and field, and read as its default.
///
/// The state a read changes per node carries `@exclusivity(unchecked)`: its
/// accesses never overlap (nothing calls back into the reader while one is
/// open), and Swift's dynamic check of each was a fifth of a key's cost.
final class TreeReader {
    let L: OpaquePointer
    var s: LuaStack { LuaStack(L) }
    /// For the protected calls of data sources (`item(i)`), the only Lua a
    /// reader runs (TreeReader+Rows.swift). The host owns both.
    unowned let lua: LuaState
    /// A data source a plugin's screen gives runs under the plugin's limits.
    let limits: CallLimits
    let kinds: ComponentKinds
    /// The anchor table: anchor[n] is the component (the proxy scripts hold)
    /// of node n of the last layout, so that handlers reach the components
    /// the nodes came from.
    let anchorRef: Int32
    /// The storage table: storage[n] is the table holding the fields of
    /// anchor[n], which the host reads and writes raw.
    let storageRef: Int32
    /// Their indices on the stack while reading, else 0.
    @exclusivity(unchecked) private(set) var anchorIndex: Int32 = 0
    @exclusivity(unchecked) private(set) var storageIndex: Int32 = 0
    @exclusivity(unchecked) private var anchorCount: Int32 = 0
    private var previousCount: Int32 = 0
    /// The tables being read, outermost first: a short path (at most
    /// `maxDepth`), so a scan beats hashing.
    @exclusivity(unchecked) private var visiting: [UnsafeRawPointer] = []
    /// Components read by this layout, against `HostLimits.maxComponents`.
    @exclusivity(unchecked) var componentCount = 0
    /// Whether this layout reads size fields (`ComponentKinds.sizesUsed`).
    @exclusivity(unchecked) private(set) var readsSizes = false
    /// Read at every component (`Node.holdsProblem`): no dynamic exclusivity check.
    @exclusivity(unchecked) private(set) var problems: [String] = []
    private var problemSet: Set<String> = []
    static let maxDepth = 200

    /// The node of each anchor of the last layout (anchor n at n - 1), so
    /// that a component the host wrote is found and read again alone. Not
    /// retained (a retain and a release per node showed in the per-key cost):
    /// the tree holds its nodes, and only the current tree's are looked up.
    @exclusivity(unchecked) private var anchored: [Unmanaged<Node>?] = []
    /// Which anchors lost their node to a subtree read again (`forget`).
    @exclusivity(unchecked) private var forgotten: [Bool] = []
    /// The first anchor of each table read, to tell a table read in two places.
    @exclusivity(unchecked) private var firstAnchors = TableAnchors()
    /// The node read again in `reread`, while its replacement is read.
    @exclusivity(unchecked) private(set) var rereading: Node?
    /// The anchor the next node read takes instead of a new one (`reread`).
    @exclusivity(unchecked) private var pendingAnchor: Int32 = 0
    /// The old children a container read again may take as they are, by
    /// their tables, and the depth its children are read at (`keptChild`).
    @exclusivity(unchecked) var keptChildren = KeptChildren()
    @exclusivity(unchecked) var keptDepth = -1
    /// Components the last `reread` took as they were (kept children and theirs).
    @exclusivity(unchecked) var keptComponents = 0
    /// Whether the node being read sits under a container that keeps its
    /// subtree (`Node.keepsSubtree`): known before the node's own children
    /// are read, which its `underKeeper` is not (it is set once it returns).
    @exclusivity(unchecked) private var readingUnderKeeper = false
    /// Anchors of the last layout whose components hold plain tables (items,
    /// styles, spans, keys): a script may have changed what is inside them
    /// without a write into the component, so they are read again whenever a
    /// script ran. Nil once more than `maxHolding` of them (anchors a
    /// subtree read again left behind count until the next whole layout).
    @exclusivity(unchecked) private(set) var holdingTables: [Int32]? = []
    /// Components read but not made into nodes of their own, by the anchor of
    /// the node that shows them: a hidden child (by its stack) and a tab (by
    /// its tabs). A write into one reads that node again; -1 when two nodes
    /// hold one table (then it is read whole).
    @exclusivity(unchecked) private var heldBy: [UnsafeRawPointer: Int32] = [:]
    /// The anchor of the node whose children are being read (0 outside).
    @exclusivity(unchecked) private var holder: Int32 = 0
    /// Whether `begin` started a whole layout (not a drawing's `resume`).
    @exclusivity(unchecked) private var layingOut = false
    /// Anchors of the last whole layout, and the components in the tree
    /// since (subtrees read again change it): what bounds reading in part.
    @exclusivity(unchecked) private var wholeAnchors: Int32 = 0
    @exclusivity(unchecked) private(set) var liveComponents = 0

    let assets: AssetStore
    /// The host's interaction state, for the few reads that compare a field
    /// with what the last layout saw (a table's replaced `rows`).
    var interaction: InteractionState?
    let wrapCache = WrapCache()
    /// Every display string a tree read copies out of Lua, bounded (DisplayStrings.swift).
    private let displayStrings = DisplayStrings()
    /// The values of text fields, whole: a long one is not copied on every key.
    private let editableValues = DisplayStrings(maxBytes: .max)
    /// Parsed markdown documents, one per `ui.markdown` table and text.
    let markdownCache = MarkdownCache()

    /// Field names, interned once: reading `t.title` pushes the name from this
    /// array instead of hashing "title" into Lua's string table on every read
    /// (which is slow when a screen holds 10^6 strings).
    @exclusivity(unchecked) private var nameSlots: [UnsafeRawPointer: Int32] = [:]
    /// The slots of recently pushed names, direct-mapped by the name's address
    /// in raw memory: a hit costs neither hashing nor Swift's dynamic
    /// exclusivity check, which together made `pushName` the costliest step of
    /// reading a tree.
    private let recentNames = UnsafeMutablePointer<(name: UnsafeRawPointer?, slot: Int32)>.allocate(capacity: TreeReader.recentNamesCount)
    private static let recentNamesCount = 256
    private let namesRef: Int32
    @exclusivity(unchecked) private(set) var namesIndex: Int32 = 0

    /// Errors of data-source calls since the last `begin()`/`resume()`, reported
    /// by the compositor as handler errors.
    var rowErrors: [(message: String, traceback: String)] = []
    /// Data-source functions that ran into a limit: not called again (a
    /// runaway `item` would otherwise stall every frame).
    var stoppedSources: Set<UnsafeRawPointer> = []

    init(lua: LuaState, kinds: ComponentKinds, assets: AssetStore, limits: CallLimits) {
        self.lua = lua
        self.limits = limits
        self.L = lua.L
        self.kinds = kinds
        self.assets = assets
        let s = lua.stack
        s.pushNewTable(arrayCount: 32)
        namesRef = s.popRef()
        recentNames.initialize(repeating: (nil, 0), count: TreeReader.recentNamesCount)
        s.pushNewTable(arrayCount: 64)
        anchorRef = s.popRef()
        s.pushNewTable(arrayCount: 64)
        storageRef = s.popRef()
    }

    /// Pushes a field name.
    func pushName(_ key: StaticString) {
        let p = UnsafeRawPointer(key.utf8Start)
        let recent = recentNames + (Int(bitPattern: p) >> 2 & (TreeReader.recentNamesCount - 1))
        if recent.pointee.name == p, namesIndex != 0 {
            s.rawGetIndex(at: namesIndex, recent.pointee.slot)
            return
        }
        if let slot = nameSlots[p] {
            recent.pointee = (p, slot)
            if namesIndex != 0 {
                s.rawGetIndex(at: namesIndex, slot)
            } else {
                s.pushRef(namesRef)
                s.rawGetIndex(at: -1, slot)
                s.rotate(-2, by: 1)
                s.pop()
            }
            return
        }
        s.push(key)
        let slot = Int32(nameSlots.count + 1)
        s.pushRef(namesRef)
        s.pushCopy(of: -2)
        s.rawSetIndex(at: -2, slot)
        s.pop()
        nameSlots[p] = slot
        recent.pointee = (p, slot)
    }

    deinit {
        firstAnchors.deallocate()
        recentNames.deallocate()
    }

    /// Reading outside a layout (drawing): the names and the anchor table of
    /// the last layout go back on the stack until `end()`; the caller restores the top.
    func resume() {
        rowErrors.removeAll()
        s.pushRef(namesRef)
        namesIndex = s.top
        s.pushRef(anchorRef)
        anchorIndex = s.top
        s.pushRef(storageRef)
        storageIndex = s.top
    }

    /// Ends a layout or a drawing. After a layout, the slots the previous one
    /// used beyond this one's are cleared, so the table holds no stale component.
    func end() {
        if layingOut {
            layingOut = false
            wholeAnchors = anchorCount
            liveComponents = componentCount
        }
        if anchorIndex != 0 {
            for i in stride(from: anchorCount + 1, through: previousCount, by: 1) {
                s.pushNil()
                s.rawSetIndex(at: anchorIndex, i)
                s.pushNil()
                s.rawSetIndex(at: storageIndex, i)
            }
            previousCount = anchorCount
        }
        namesIndex = 0
        anchorIndex = 0
        storageIndex = 0
    }

    /// Adds the component at `t`, whose storage is at `storage`, to the
    /// anchor tables; returns its anchor.
    func anchor(_ t: Int32, storage: Int32) -> Int32 {
        if pendingAnchor != 0 {
            // Read again in place of an old node: the table already has this slot.
            defer { pendingAnchor = 0 }
            if s.holdsPlainTables(t) { noteHoldingTables(pendingAnchor, fresh: false) }
            return pendingAnchor
        }
        anchorCount += 1
        s.pushCopy(of: t)
        s.rawSetIndex(at: anchorIndex, anchorCount)
        s.pushCopy(of: storage)
        s.rawSetIndex(at: storageIndex, anchorCount)
        anchored.append(nil)
        forgotten.append(false)
        if s.holdsPlainTables(t) { noteHoldingTables(anchorCount, fresh: true) }
        return anchorCount
    }

    /// The node of `anchor` in the last layout, if the reader made one.
    func node(anchored anchor: Int32) -> Node? {
        anchor >= 1 && Int(anchor) <= anchored.count ? anchored[Int(anchor) - 1]?.takeUnretainedValue() : nil
    }

    /// Starts a layout: pushes the names and the anchor table (one table, kept
    /// in the registry and refilled by every layout, so a key press allocates
    /// nothing in Lua); the caller restores the top after `end()`.
    func begin() {
        s.pushRef(namesRef)
        namesIndex = s.top
        s.pushRef(anchorRef)
        anchorIndex = s.top
        s.pushRef(storageRef)
        storageIndex = s.top
        anchorCount = 0
        anchored.removeAll(keepingCapacity: true)
        forgotten.removeAll(keepingCapacity: true)
        holdingTables = []
        firstAnchors.removeAll()
        if !heldBy.isEmpty { heldBy.removeAll() }
        holder = 0
        layingOut = true
        componentCount = 0
        readsSizes = kinds.readsSizes(L)
        visiting.removeAll(keepingCapacity: true)
        displayStrings.startLayout()
        editableValues.startLayout()
        problems.removeAll()
        problemSet.removeAll()
        rowErrors.removeAll()
    }

    /// Keeps a problem once; past `HostLimits.maxProblems` the rest are dropped
    /// without building their text.
    func problem(_ message: @autoclosure () -> String) {
        guard problems.count < HostLimits.maxProblems else { return }
        let text = message()
        if problemSet.insert(text).inserted { problems.append(text) }
    }

    /// The length of the array at `t`, or at most `limit` with a problem: a
    /// sparse table's length can be any border, 2^40 as easily as 3.
    func boundedLength(_ t: Int32, limit: Int, path: @autoclosure () -> String) -> Int {
        let n = Int(s.rawLength(at: t))
        guard n > limit else { return n }
        problem("\(path()) has \(n) entries; only the first \(limit) are read")
        return limit
    }

    /// The node for the component at `index`, or nil (with a problem) when the
    /// value is not a component, or is one already being read (a cycle).
    func node(at index: Int32, depth: Int = 0, asChild: Bool = false, path: @autoclosure () -> String) -> Node? {
        let proxy = s.absolute(index)
        let problemsBefore = problems.count
        guard let component = kinds.component(L, at: proxy) else {
            problem("\(path()) must be a component (got \(typeName(proxy)))")
            return nil
        }
        let kind = component.kind
        if asChild, let overlay = Validator.overlayHint(kind) {
            problem("\(path()) is a \(overlay)")
            return nil
        }
        guard let id = s.pointer(at: proxy), s.pushStorageMakingProxy(of: proxy) else { return nil }
        // The fields are read from the storage; the proxy is the component's identity.
        let t = s.top
        defer { s.pop() }
        // `hidden = true` leaves it out of layout, focus and clicks; its state
        // (kept by its table's address) waits for `hidden = false`. Read only
        // once a script used a layout field, so other screens do not pay for it.
        if asChild, readsSizes, isHidden(t) {
            noteHeld(id, by: holder)
            return nil
        }
        if depth > TreeReader.maxDepth || !s.reserve(8) {
            let at = path()
            let shortPath = at.count > 40 ? String(at.prefix(20)) + "…" + String(at.suffix(12)) : at
            problem("components nested deeper than \(TreeReader.maxDepth) levels (at \(shortPath))")
            return nil
        }
        if visiting.contains(id) {
            problem("\(path()): \(kind.constructorName) contains itself")
            return nil
        }
        guard componentCount < HostLimits.maxComponents else {
            problem("more than \(HostLimits.maxComponents) components in one frame (a table used in many places counts each time); the rest are not shown")
            return nil
        }
        componentCount += 1
        visiting.append(id)
        defer { visiting.removeLast() }
        let a = anchor(proxy, storage: t)
        if !heldBy.isEmpty, let h = heldBy[id] {
            // Hidden when its holder was read before, shown now: that note is
            // stale. Hidden elsewhere and shown here: a write reads the whole tree.
            heldBy[id] = h == holder || wasForgotten(h) ? nil : -1
        }
        let field = FieldReader(reader: self, table: t, kind: kind)
        return withoutActuallyEscaping(path) { path in
            let node: Node = component.node(NodeSource(id: id, anchor: a, field: field, depth: depth, path: path))
            node.component = component
            // Only children are placed by a stack (a screen, sheet or drawer is not).
            if readsSizes, asChild {
                node.sizing = field.sizing()
                if node.sizing?.height != nil { node.centresRow = true }
            }
            if node.isFocusable {
                pushName(FieldSpec.autofocus.key)
                node.autofocus = s.rawGet(at: t) == .boolean && s.truth(at: -1)
                s.pop()
            }
            pushName("keys")
            switch s.rawGet(at: t) {
            case .nil: break
            case .table:
                node.bindings = BindingTable.read(L, -1, anchor: a, kinds: kinds) { problem("\(kind.constructorName): \($0)") }
            default:
                problem("\(kind.constructorName).keys must be a table (got \(typeName(-1)))")
            }
            s.pop()
            if component.children.allowsChildren, !component.readsOwnChildren {
                node.children = children(of: t, depth: depth + 1, path: path(), parent: node)
            }
            node.readAsChild = asChild
            if problems.count != problemsBefore { node.holdsProblem = true }
            if Int(a) <= anchored.count {
                anchored[Int(a) - 1] = Unmanaged.passUnretained(node)
                forgotten[Int(a) - 1] = false
            }
            if let first = firstAnchors.insert(id, anchor: a), first != a {
                node.isShared = true
                if let firstNode = self.node(anchored: first) {
                    firstNode.isShared = true
                    firstNode.noteSubtree()
                    firstNode.parent?.noteInSubtree(firstNode)
                }
            }
            node.noteSubtree()
            return node
        }
    }

    /// Notes that the node at anchor `a` shows the component `id` without a
    /// node of its own (a hidden child, a tab).
    func noteHeld(_ id: UnsafeRawPointer, by a: Int32) {
        guard a != 0 else { return }
        // Held by several stays so until a whole read: a container read again
        // keeping its children notes its own hidden ones, not theirs.
        if let known = heldBy[id], known != a, known == -1 || isLive(known) {
            heldBy[id] = -1
        } else {
            heldBy[id] = a
        }
    }

    /// Whether `anchor` is of a node of this layout: read, or being read
    /// (its container meets its children before it has a node), and not
    /// left behind by a subtree read again.
    private func isLive(_ anchor: Int32) -> Bool {
        anchor >= 1 && Int(anchor) <= forgotten.count && !wasForgotten(anchor)
    }

    /// The anchor of the node that shows component `id` without a node of
    /// its own; -1 when several do.
    func holder(of id: UnsafeRawPointer) -> Int32? {
        heldBy.isEmpty ? nil : heldBy[id]
    }

    /// How many components holding plain tables are read again after each
    /// script, at most; past that a script's run reads the whole tree.
    static let maxHolding = 256

    /// Notes that the component at anchor `a` holds plain tables; a `fresh`
    /// anchor is not in the list yet (one read again in place may be).
    private func noteHoldingTables(_ a: Int32, fresh: Bool) {
        guard let held = holdingTables, fresh || !held.contains(a) else { return }
        if held.count < TreeReader.maxHolding { holdingTables?.append(a) } else { holdingTables = nil }
    }

    // MARK: - Reading one component again

    /// Starts reading components again alone, after a layout and before the
    /// next one (`Compositor.update`): as `resume`, and no problem kept yet.
    func beginUpdate() {
        resume()
        problems.removeAll()
        problemSet.removeAll()
        componentCount = 0
    }

    /// Ends reading again: the anchors stay as they are.
    func endUpdate() {
        namesIndex = 0
        anchorIndex = 0
        storageIndex = 0
    }

    /// Reads the component of `old` again, as the last layout read it there:
    /// under the same tables (the cycle check and the depth see them), with
    /// the same anchor. The caller checks `problems` before using it.
    func reread(_ old: Node, count: Int, hostOnly: Bool) -> Node? {
        keptComponents = 0
        keptDepth = keptChildren.isEmpty ? -1 : old.depth + 1
        defer { keptDepth = -1 }
        visiting.removeAll(keepingCapacity: true)
        componentCount = liveComponents - count
        var up = old.parent
        while let p = up {
            visiting.append(p.id)
            up = p.parent
        }
        visiting.reverse()
        let depth = visiting.count
        pushComponent(anchor: old.anchor)
        defer {
            s.pop()
            pendingAnchor = 0
            visiting.removeAll(keepingCapacity: true)
        }
        pendingAnchor = old.anchor
        // No script ran since `old` was read (only the host wrote into it):
        // a node may take from it what the host never writes (`ListNode`).
        rereading = hostOnly ? old : nil
        let outerKeeper = readingUnderKeeper
        readingUnderKeeper = old.underKeeper
        defer { readingUnderKeeper = outerKeeper }
        let outer = holder
        holder = old.parent?.anchor ?? 0
        defer { holder = outer }
        defer { rereading = nil }
        // A problem's place is not worked out here: a read with a problem is
        // thrown away and the whole tree read again, which names it.
        guard let node = node(at: -1, depth: depth, asChild: old.readAsChild, path: "…") else { return nil }
        node.parent = old.parent
        node.underKeeper = old.underKeeper
        node.indexInParent = old.indexInParent
        node.isShared = old.isShared
        node.noteSubtree()
        return node
    }

    /// Puts `node`, read again in the place of a subtree (whose root's
    /// anchor it took), in the tree: `added` components more than that one.
    func settle(_ node: Node, adding added: Int) {
        if Int(node.anchor) <= anchored.count {
            anchored[Int(node.anchor) - 1] = Unmanaged.passUnretained(node)
            forgotten[Int(node.anchor) - 1] = false
        }
        liveComponents += added
    }

    /// Forgets the nodes of `node`'s subtree (read again, or a read thrown
    /// away): their anchors find no node and their tables no anchor, so that
    /// the subtree read in their place notes its own. The anchors stay in
    /// the anchor tables, unused, until the next whole layout.
    func forget(_ node: Node) {
        let a = Int(node.anchor)
        if a >= 1, a <= anchored.count {
            anchored[a - 1] = nil
            forgotten[a - 1] = true
        }
        firstAnchors.retire(node.id)
        for child in node.children { forget(child) }
    }

    /// Whether `anchor` was of a node a subtree read again left behind.
    func wasForgotten(_ anchor: Int32) -> Bool {
        anchor >= 1 && Int(anchor) <= forgotten.count && forgotten[Int(anchor) - 1]
    }

    /// Whether reading in part has added so many anchors since the last
    /// whole layout that the next should be whole (it empties the tables).
    var anchorsOutgrown: Bool {
        Int(anchorCount) > 2 * Int(wholeAnchors) + 256
    }

    /// The node for the component in field `key` of the table at `t`, if any.
    func node(inField key: StaticString, of t: Int32, path: String) -> Node? {
        s.restoringTop {
            let t = s.fieldsIndex(of: t)
            pushName(key)
            guard s.rawGet(at: t) != .nil else { return nil }
            return node(at: -1, path: path + "." + key.description)
        }
    }

    /// The nodes of the positional entries of the table at `t`, linked to
    /// `parent`, whose children they become (`Node.parent`).
    func children(of t: Int32, depth: Int, path: String, parent: Node) -> [Node] {
        let t = s.absolute(t)
        let n = boundedLength(t, limit: HostLimits.maxArrayRead, path: path)
        var result: [Node] = []
        result.reserveCapacity(n)
        let outer = holder
        holder = parent.anchor
        defer { holder = outer }
        // A form inside a stack inside a form: the stack's own flag is not
        // set yet while its children are read, the reader's is.
        let underKeeper = readingUnderKeeper || parent.underKeeper || parent.keepsSubtree
        let outerKeeper = readingUnderKeeper
        readingUnderKeeper = underKeeper
        defer { readingUnderKeeper = outerKeeper }
        let keeping = depth == keptDepth && !keptChildren.isEmpty
        for i in stride(from: 1, through: n, by: 1) {
            s.rawGetIndex(at: t, i)
            if keeping, let child = keptChild(at: -1) {
                child.parent = parent
                child.underKeeper = underKeeper
                child.indexInParent = result.count
                result.append(child)
                s.pop()
                continue
            }
            if let child = node(at: -1, depth: depth, asChild: true, path: "\(path)[\(i)]") {
                child.parent = parent
                child.underKeeper = underKeeper
                child.indexInParent = result.count
                result.append(child)
            }
            s.pop()
        }
        return result
    }

    private func isHidden(_ t: Int32) -> Bool {
        pushName(Schema.CommonFields.hidden.key)
        defer { s.pop() }
        return s.rawGet(at: t) == .boolean && s.truth(at: -1)
    }

    func typeName(_ index: Int32) -> String {
        kinds.typeName(L, index)
    }

    /// The string at `index` (which must be one) as display text: at most
    /// `HostLimits.maxDisplayBytes` of it, a long one copied once (`DisplayStrings`).
    func displayString(at index: Int32) -> String {
        displayStrings.string(L, at: index)
    }

    /// The string at `index` (which must be one) whole, as an editable value.
    func editableString(at index: Int32) -> String {
        editableValues.string(L, at: index)
    }

    /// Pushes the storage of node `anchor`: its fields (while reading).
    func pushTable(anchor: Int32) {
        s.rawGetIndex(at: storageIndex, anchor)
    }

    /// Pushes the component of node `anchor` as scripts hold it (while reading).
    func pushComponent(anchor: Int32) {
        s.rawGetIndex(at: anchorIndex, anchor)
    }

    /// The anchor a table of the last layout was first read at, by the
    /// address of its component (`Node.id`).
    func anchor(ofComponent id: UnsafeRawPointer) -> Int32? {
        firstAnchors.anchor(of: id)
    }
}

/// Typed, raw reads of one component's fields.
struct FieldReader {
    let reader: TreeReader
    let table: Int32
    let kind: Kind
    /// For an item table: its place, as in `items[2]`.
    var itemPath: String? = nil
    var L: OpaquePointer { reader.L }
    var s: LuaStack { LuaStack(L) }

    private func get(_ key: StaticString) -> LuaType {
        reader.pushName(key)
        return s.rawGet(at: table)
    }

    /// `ui.list: selected` for a component's field, `ui.list: items[2].title` for an
    /// item's: the constructor's words (`Validator`) for the same field.
    func fieldName(_ key: StaticString) -> String {
        itemPath.map { "\(kind.constructorName): \($0).\(key)" } ?? "\(kind.constructorName): \(key)"
    }

    private func wrong(_ key: StaticString, _ expected: String) {
        reader.problem("\(fieldName(key)) must be \(expected) (got \(reader.typeName(-1)))")
    }

    /// A display field: at most `HostLimits.maxDisplayBytes` of it (`DisplayStrings`).
    func string(_ key: StaticString) -> String? {
        defer { s.pop() }
        switch get(key) {
        case .nil: return nil
        case .string: return reader.displayString(at: -1)
        case .number:
            // A number where text is expected is shown as Lua would print it.
            return s.isInteger(at: -1) ? String(s.toInteger(at: -1)) : String(s.toNumber(at: -1))
        default:
            wrong(key, "a string")
            return nil
        }
    }

    /// An editable value (`ui.input`, `ui.textarea`), kept whole: cutting it
    /// would lose what the user typed when the host writes it back.
    func editableString(_ key: StaticString) -> String? {
        defer { s.pop() }
        switch get(key) {
        case .nil: return nil
        case .string: return reader.editableString(at: -1)
        case .number: return s.isInteger(at: -1) ? String(s.toInteger(at: -1)) : String(s.toNumber(at: -1))
        default:
            wrong(key, "a string")
            return nil
        }
    }

    func bool(_ key: StaticString) -> Bool? {
        defer { s.pop() }
        switch get(key) {
        case .nil: return nil
        case .boolean: return s.truth(at: -1)
        default:
            wrong(key, "a boolean")
            return nil
        }
    }

    func int(_ key: StaticString, min lo: Int = Int.min, max hi: Int = Int.max) -> Int? {
        defer { s.pop() }
        switch get(key) {
        case .nil: return nil
        case .number:
            guard let n = s.exactInteger(at: -1) else {
                wrong(key, "an integer")
                return nil
            }
            return Swift.min(Swift.max(Int(n), lo), hi)
        default:
            wrong(key, "an integer")
            return nil
        }
    }

    /// Writes `value` into field `key` when the script left it unset, so that a
    /// handler or a test reads the truth (`selected` defaults to 1).
    func setDefault(_ key: StaticString, integer value: Int) {
        setDefault(key, id: .integer(Int64(value)))
    }

    /// Writes an item id into field `key` when it is unset.
    func setDefault(_ key: StaticString, id: ItemID) {
        reader.pushName(key)
        guard s.rawGet(at: table) == .nil else {
            s.pop()
            return
        }
        s.pop()
        reader.pushName(key)
        switch id {
        case .integer(let n): s.pushInteger(n)
        case .number(let d): s.pushNumber(d)
        case .string(let s): LuaState.push(L, s)
        }
        s.rawSet(at: table)
    }

    /// Whether field `key` is set at all.
    func has(_ key: StaticString) -> Bool {
        defer { s.pop() }
        return get(key) != .nil
    }

    /// Whether field `key` holds an integer (1) rather than a float (1.0).
    func isInteger(_ key: StaticString) -> Bool {
        defer { s.pop() }
        return get(key) == .number && s.isInteger(at: -1)
    }

    func number(_ key: StaticString) -> Double? {
        defer { s.pop() }
        switch get(key) {
        case .nil: return nil
        case .number:
            let d = s.toNumber(at: -1)
            return d.isFinite ? d : nil
        default:
            wrong(key, "a number")
            return nil
        }
    }

    func choice(_ key: StaticString, _ options: [String]) -> String? {
        guard let s = string(key) else { return nil }
        if options.contains(s) { return s }
        reader.problem(Validator.choiceProblem(fieldName(key), value: s, options: options))
        return nil
    }

    /// Length of the array in field `key` (0 when absent), without reading it.
    func arrayCount(_ key: StaticString) -> Int {
        defer { s.pop() }
        switch get(key) {
        case .nil: return 0
        case .table:
            let n = Int(s.rawLength(at: -1))
            guard n <= HostLimits.maxListItems else {
                reader.problem("\(fieldName(key)) has \(n) entries (at most \(HostLimits.maxListItems))")
                return 0
            }
            return n
        default:
            wrong(key, "a table")
            return 0
        }
    }
}
