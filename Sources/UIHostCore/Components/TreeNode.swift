import LuaBridge

/// `ui.tree`: nodes that hold nodes, drawn one row each, indented by depth,
/// with `▸` before a closed node that has children and `▾` before an open
/// one. Up/Down move over the rows shown; Right opens a node (or moves to its
/// first child), Left closes it (or moves to its parent); Space toggles; Enter
/// calls `onSelect(node)`. `children` may be a function: it is called once, on
/// the first opening, and its result replaces it in the node's table.
/// `expanded` is written back into each node's table. A node's `icon` is drawn
/// before its title and its `style` colours the title.
final class TreeNode: Node, SemanticNode {
    struct Row {
        var title: String
        var depth: Int
        /// Where the node is: indices from `nodes`, then through each `children`.
        var path: [Int]
        var hasChildren: Bool
        var expanded: Bool
        /// The row of the parent node, nil at the top level.
        var parent: Int?
        var icon: String? = nil
        var style: Style = .plain

        /// The title after its icon, as drawn and announced.
        var label: String { (icon ?? "").isEmpty ? title : icon! + " " + title }
    }

    private(set) var rows: [Row] = []
    private(set) var view = TreeState()

    init(id: UnsafeRawPointer, anchor: Int32, _ field: FieldReader) {
        super.init(id: id, anchor: anchor)
        let s = field.s
        field.reader.pushName("nodes")
        defer { s.pop() }
        switch s.rawGet(at: field.table) {
        case .table:
            var ancestors: Set<UnsafeRawPointer> = []
            readNodes(at: s.top, depth: 0, path: [], parent: nil, ancestors: &ancestors, field.reader, place: "nodes")
        case .nil: break
        default: field.reader.problem("ui.tree: nodes must be a table (got \(field.reader.typeName(-1)))")
        }
    }

    /// Appends the rows of the node array at `list` and of its open nodes' children.
    private func readNodes(at list: Int32, depth: Int, path: [Int], parent: Int?,
                           ancestors: inout Set<UnsafeRawPointer>, _ reader: TreeReader, place: String) {
        let s = reader.s
        // Each level keeps its node and its children on the stack while the
        // next is read: room for them, or Lua's stack would be overrun.
        guard depth < HostLimits.maxTreeDepth, s.reserve(8) else {
            reader.problem("ui.tree: \(place) nests deeper than \(HostLimits.maxTreeDepth) levels; deeper nodes are not shown")
            return
        }
        let n = s.rawLength(at: list)
        for i in stride(from: 1, through: n, by: 1) {
            guard rows.count < HostLimits.maxTreeRows else {
                reader.problem("ui.tree shows more than \(HostLimits.maxTreeRows) rows; the rest are not shown")
                return
            }
            s.restoringTop {
                readNode(i, of: list, depth: depth, path: path, parent: parent, ancestors: &ancestors, reader, place: place)
            }
        }
    }

    /// Appends the row of node `i` of the array at `list`, and its children's when it is open.
    private func readNode(_ i: Int, of list: Int32, depth: Int, path: [Int], parent: Int?,
                          ancestors: inout Set<UnsafeRawPointer>, _ reader: TreeReader, place: String) {
        let s = reader.s
        let here = "\(place)[\(i)]"
        let type = s.rawGetIndex(at: list, i)
        if type == .string {
            rows.append(Row(title: reader.displayString(at: -1), depth: depth, path: path + [i],
                            hasChildren: false, expanded: false, parent: parent))
            return
        }
        guard type == .table, let node = s.pointer(at: -1) else {
            reader.problem("ui.tree: \(here) must be a table (got \(reader.typeName(-1)))")
            return
        }
        guard !ancestors.contains(node) else {
            reader.problem("ui.tree: \(here) is one of its own ancestors (a cycle); it is not shown")
            return
        }
        let item = FieldReader(reader: reader, table: s.top, kind: TreeNode.kind, itemPath: here)
        // A node without a title is left out, as other bad entries are.
        guard let title = item[ItemFields.title] else {
            reader.problem("ui.tree: \(here).title must be a string (got nil)")
            return
        }
        let expanded = item[ItemFields.expanded]
        reader.pushName(ItemFields.children)
        let children = s.rawGet(at: item.table)
        let hasChildren: Bool
        switch children {
        case .table: hasChildren = s.rawLength(at: -1) > 0
        case .function: hasChildren = true
        case .nil: hasChildren = false
        default:
            reader.problem("ui.tree: \(here).children must be a table or a function (got \(reader.typeName(-1)))")
            hasChildren = false
        }
        // Children still behind a function show closed until Right loads them.
        let open = expanded && children == .table && hasChildren
        let row = rows.count
        rows.append(Row(title: title, depth: depth, path: path + [i], hasChildren: hasChildren,
                        expanded: open, parent: parent, icon: item[ItemFields.icon], style: item[ItemFields.style]))
        if open {
            ancestors.insert(node)
            readNodes(at: s.top, depth: depth + 1, path: path + [i], parent: row,
                      ancestors: &ancestors, reader, place: here + ".children")
            ancestors.remove(node)
        }
    }

    override var isFocusable: Bool { !rows.isEmpty }
    override var isFlexible: Bool { true }
    override var preferredFlexibleHeight: Int { rows.count }
    override func measureRows(width: Int) -> Int { rows.count }
    override func naturalColumns() -> Int {
        Gutter.width + Swift.max(24, rows.prefix(200).map { 2 * $0.depth + 2 + DisplayWidth.of($0.label) }.max() ?? 0)
    }

    override func layout(in rect: Rect, _ context: LayoutContext) {
        self.rect = rect
        var v = context.state[TreeState.self, id] ?? TreeState()
        v.cursor = Swift.min(Swift.max(v.cursor, 0), Swift.max(rows.count - 1, 0))
        let h = rect.height
        if v.cursor < v.scroll { v.scroll = v.cursor }
        if h > 0, v.cursor >= v.scroll + h { v.scroll = v.cursor - h + 1 }
        v.scroll = Swift.max(0, Swift.min(v.scroll, rows.count - h))
        view = v
        context.state[TreeState.self, id] = v
    }

    // MARK: - Drawing

    override func render(into frame: inout FrameBuffer, _ context: RenderContext) {
        guard !rect.isEmpty else { return }
        let focused = context.isFocused(self)
        let g = context.glyphs
        for y in 0..<rect.height {
            let r = view.scroll + y
            guard r < rows.count else { break }
            let row = rows[r]
            let line = rect.row(y)
            let isCursor = r == view.cursor
            if focused && isCursor {
                frame.put(String(g.focus) + " ", x: rect.x, y: line.y, style: .focused, clip: line)
            }
            let body = line.dropLeft(Gutter.width)
            let mark = row.hasChildren ? (row.expanded ? g.treeOpen : g.treeClosed) : " "
            let indent = String(repeating: " ", count: Swift.min(2 * row.depth, Swift.max(0, body.width)))
            let lead = indent + mark + " "
            // The script's colours under the cursor's highlight, which must stay visible.
            let state: Style = isCursor ? (focused ? .focused : .bold) : .plain
            let x = body.x + frame.put(TextLayout.truncate(lead, to: body.width), x: body.x, y: line.y, style: state, clip: body)
            let label = TextLayout.truncate(lead + row.label, to: body.width).dropFirst(lead.count)
            frame.put(label, x: x, y: line.y, style: row.style.union(state), clip: body)
            if focused && isCursor { frame.addStyle(.focused, in: line) }
        }
    }

    // MARK: - Keys and the mouse

    override func handle(_ key: Key, _ context: EventContext) -> [Action]? {
        guard !rows.isEmpty else { return nil }
        let c = view.cursor
        let row = rows[c]
        switch TreeNode.keys.action(for: key) {
        case .move(let step): return move(to: c + step)
        case .page(let pages): return move(to: c + pages * Swift.max(1, rect.height - 1))
        case .first: return move(to: 0)
        case .last: return move(to: rows.count - 1)
        case .expand:
            if row.hasChildren && !row.expanded { return expand(row, true) }
            if row.expanded, c + 1 < rows.count, rows[c + 1].parent == c { return move(to: c + 1) }
            return []
        case .collapse:
            if row.expanded { return expand(row, false) }
            if let p = row.parent { return move(to: p) }
            return []
        case .toggle: return row.hasChildren ? expand(row, !row.expanded) : []
        case .activate: return [.effect(Select(anchor: anchor, path: row.path))]
        default: return nil
        }
    }

    override func click(x: Int, y: Int, _ context: EventContext) -> [Action]? {
        let r = view.scroll + (y - rect.y)
        guard rows.indices.contains(r) else { return [] }
        let row = rows[r]
        let markX = rect.x + Gutter.width + 2 * row.depth
        let moved = r == view.cursor ? [] : move(to: r)
        // A click on the mark opens or closes; on the title it selects.
        if x == markX, row.hasChildren { return moved + expand(row, !row.expanded) }
        return moved + [.effect(Select(anchor: anchor, path: row.path))]
    }

    override func scroll(_ amount: Int, _ context: EventContext) -> [Action]? {
        move(to: view.cursor + amount)
    }

    private func move(to r: Int) -> [Action] {
        let target = Swift.min(Swift.max(r, 0), rows.count - 1)
        guard target != view.cursor else { return [] }
        var v = view
        v.cursor = target
        return [.set(TreeState.self, id, v)]
    }

    private func expand(_ row: Row, _ open: Bool) -> [Action] {
        [.effect(Expand(anchor: anchor, path: row.path, open: open))]
    }

    // MARK: - To a screen reader

    /// The rows it shows, each with its level and, for a node with children,
    /// whether it is open; the cursor's row is selected and its title is the value.
    func describe(_ context: SemanticsContext) -> Semantics {
        var s = Semantics(role: "tree", label: Semantics.count(rows.count, "node"),
                          value: rows.indices.contains(view.cursor) ? rows[view.cursor].label : nil)
        let shown = rect.isEmpty ? 0..<0 : view.scroll..<Swift.min(rows.count, view.scroll + rect.height)
        s.children = rows[shown].indices.map { r in
            let row = rows[r]
            var item = Semantics(role: "treeitem", label: row.label)
            item.level = row.depth + 1
            item.position = r + 1
            item.expanded = row.hasChildren ? row.expanded : nil
            item.selected = r == view.cursor
            return item
        }
        return s
    }
}

/// What a tree keeps between frames that its tables do not hold.
struct TreeState: Equatable {
    /// The cursor's row and the first row shown, 0-based.
    var cursor = 0
    var scroll = 0
}

extension TreeNode: Component {
    static let kind = Kind("tree")
    static let summary = """
        A tree of nodes, one row each: `▸`/`▾` marks, Right opens, Left closes (or goes to the parent), \
        Space toggles, Enter selects.
        """
    static let constructorSummary = "A tree of nodes that open and close; children may load on the first opening."
    /// The fields of a node table, as the node and the dispatcher read them.
    enum ItemFields {
        static let title = Field.string("title", doc: "the row's text")
        /// Read raw: a table of nodes, or a function whose result replaces it on the first opening.
        static let children: StaticString = "children"
        static let expanded = Field.bool("expanded", default: false, doc: "whether it is open; written back by the host")
        static let icon = Field.string("icon", doc: "drawn before the title (an emoji or a mark), and said with it to a screen reader")
        static let style = Field.style(doc: "the title's colours and attributes; the cursor's highlight goes over it")
    }
    static let itemClass = ItemClass(
        luaClass: "ui.TreeItem", summary: "A node of a `ui.tree`; a string is a leaf with that title. Other fields are the script's own data.",
        fields: [
            ItemFields.title.spec,
            FieldSpec(name: "\(ItemFields.children)", type: .rows,
                      luaType: "(ui.TreeItem|string)[]|fun(node: ui.TreeItem): (ui.TreeItem|string)[]",
                      docsType: "array of nodes or function",
                      doc: "its children, or a function called on the first opening whose result replaces it"),
            ItemFields.expanded.spec, ItemFields.icon.spec, ItemFields.style.spec,
        ],
        required: ["title"])
    static let itemClasses = [itemClass]

    static let fields: [FieldSpec] = [
        FieldSpec(name: "nodes", type: .rows, defaultValue: .value(.emptyTable), luaType: "(ui.TreeItem|string)[]",
                  docsType: "array of node tables or strings",
                  doc: "the top-level nodes (fields below); a string is a leaf with that title; only open nodes' children are read"),
        .handler("onSelect", "fun(node: ui.TreeItem|string)", doc: "`onSelect(node)`: Enter or a click on a node's title"),
        .handler("onExpand", "fun(node: ui.TreeItem)",
                 doc: "`onExpand(node)`: a node opened, after its `expanded` was written and a `children` function was called"),
    ]

    static var state: [any ComponentState.Type] { [TreeState.self] }
    static let keys: [KeySpec] = [
        KeySpec([.up], "Previous row", .move(-1)),
        KeySpec([.down], "Next row", .move(1)),
        KeySpec([.pageUp], "A page up", .page(-1)),
        KeySpec([.pageDown], "A page down", .page(1)),
        KeySpec([.home], "First row", .first),
        KeySpec([.end], "Last row", .last),
        KeySpec([.right], "Open the node: calls onExpand (open already: to its first child)", .expand),
        KeySpec([.left], "Close the node (closed already: to its parent)", .collapse),
        KeySpec([.space], "Open or close the node", .toggle),
        KeySpec([.enter], "Select the node: calls onSelect", .activate),
    ]

    static func node(_ source: NodeSource) -> any SemanticNode { TreeNode(id: source.id, anchor: source.anchor, source.field) }
}

extension TreeState: ComponentState {
    /// The cursor and the scroll come back after a reload.
    static let keptAcrossReload = true
}
