import LuaBridge

/// What a tree's keys and clicks do to its nodes in the script's tables:
/// opening one (loading its children), choosing one.
extension TreeNode {
    /// Opens (loading children behind a function, then calling `onExpand`) or
    /// closes the node at `path`, writing its `expanded`.
    struct Expand: KindEffect {
        let anchor: Int32
        let path: [Int]
        let open: Bool

        var readsEverythingAgain: Bool { true }

        func run(_ context: EffectContext) { context.dispatcher.expandTreeNode(anchor: anchor, path: path, open) }
    }

    /// The tree's `onSelect(node)` for the node at `path`.
    struct Select: KindEffect {
        let anchor: Int32
        let path: [Int]

        var readsEverythingAgain: Bool { true }

        func run(_ context: EffectContext) { context.dispatcher.selectTreeNode(anchor: anchor, path: path) }
    }
}

/// A tree's nodes, reached by their path from the component's `nodes`.
extension Dispatcher {
    /// Runs `body` with the stack index of the node at `path` of the tree
    /// `anchor` (indices from `nodes`, then through each `children`), when it
    /// is still there; what was pushed to reach it is popped afterwards.
    private func withTreeNode(anchor: Int32, path: [Int], _ body: (Int32) -> Void) {
        s.restoringTop {
            pushComponent(anchor)
            reader.pushName("nodes")
            guard s.rawGet(at: -2) == .table else { return }
            for (level, i) in path.enumerated() {
                if level > 0 {
                    reader.pushName(TreeNode.ItemFields.children)
                    guard s.rawGet(at: -2) == .table else { return }
                }
                let type = s.rawGetIndex(at: -1, i)
                guard type == .table || (type == .string && level == path.count - 1) else { return }
            }
            body(s.top)
        }
    }

    /// Opens or closes the node at `path`. Opening calls a `children` function
    /// first (once: its table replaces it); if it fails, the node stays closed.
    fileprivate func expandTreeNode(anchor: Int32, path: [Int], _ open: Bool) {
        withTreeNode(anchor: anchor, path: path) { node in
            guard s.type(at: node) == .table else { return }
            if open, !loadChildren(of: node, path) { return }
            reader.pushName(TreeNode.ItemFields.expanded.key)
            s.push(open)
            s.rawSet(at: node)
            invalidation.layout = true
            if open { call(anchor: anchor, handler: "onExpand", node: node) }
        }
    }

    /// Calls the `children` function of the node at `node`, if it has one, and
    /// puts the table it returns in its place; false when that failed.
    private func loadChildren(of node: Int32, _ path: [Int]) -> Bool {
        s.restoringTop {
            reader.pushName(TreeNode.ItemFields.children)
            guard s.rawGet(at: node) == .function else { return true }
            s.pushCopy(of: node)
            let failed = handling { () -> Bool in
                do throws(LuaError) {
                    try limits.run(functionAt: -2, on: L) { () throws(LuaError) in try lua.call(nargs: 1, nresults: 1) }
                    return false
                } catch {
                    report("ui.tree: children of \(place(path)): " + error.message, traceback: error.traceback)
                    return true
                }
            }
            if failed { return false }
            guard s.type(at: -1) == .table else {
                report("ui.tree: children of \(place(path)) must return a table (got \(reader.typeName(-1)))")
                return false
            }
            reader.pushName(TreeNode.ItemFields.children)
            s.pushCopy(of: -2)
            s.rawSet(at: node)
            return true
        }
    }

    /// The tree's `onSelect(node)`.
    fileprivate func selectTreeNode(anchor: Int32, path: [Int]) {
        withTreeNode(anchor: anchor, path: path) { node in
            call(anchor: anchor, handler: "onSelect", node: node)
        }
    }

    /// `component[handler](node)` with the node at stack index `node`.
    private func call(anchor: Int32, handler: StaticString, node: Int32) {
        s.restoringTop {
            pushComponent(anchor)
            let owner = limits.origin(ofComponentAt: -1, on: L)
            reader.pushName(handler)
            guard s.rawGet(at: -2) == .function else { return }
            s.pushCopy(of: node)
            invoke(nargs: 1, as: owner)
        }
    }

    /// `nodes[2].children[1]`, for messages.
    private func place(_ path: [Int]) -> String {
        path.enumerated().map { $0 == 0 ? "nodes[\($1)]" : ".children[\($1)]" }.joined()
    }
}
