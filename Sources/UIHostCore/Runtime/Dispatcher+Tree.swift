import LuaBridge

/// A tree's nodes, reached by their path from the component's `nodes`.
extension Dispatcher {
    /// Pushes the node at `path` of the tree `anchor` (indices from `nodes`,
    /// then through each `children`); false, with nothing pushed, when it is gone.
    private func pushTreeNode(anchor: Int32, path: [Int]) -> Bool {
        let top = s.top
        pushComponent(anchor)
        reader.pushName("nodes")
        var ok = s.rawGet(at: -2) == .table
        for (level, i) in path.enumerated() where ok {
            if level > 0 {
                reader.pushName("children")
                ok = s.rawGet(at: -2) == .table
                if !ok { break }
            }
            let type = s.rawGetIndex(at: -1, i)
            ok = type == .table || (type == .string && level == path.count - 1)
        }
        guard ok else {
            s.top = top
            return false
        }
        s.copy(-1, into: top + 1)
        s.top = top + 1
        return true
    }

    /// Opens or closes the node at `path`. Opening calls a `children` function
    /// first (once: its table replaces it); if it fails, the node stays closed.
    func expandTreeNode(anchor: Int32, path: [Int], _ open: Bool) {
        let top = s.top
        defer { s.top = top }
        guard pushTreeNode(anchor: anchor, path: path), s.type(at: -1) == .table else { return }
        let node = s.top
        if open {
            reader.pushName("children")
            if s.rawGet(at: node) == .function {
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
                if failed { return }
                guard s.type(at: -1) == .table else {
                    report("ui.tree: children of \(place(path)) must return a table (got \(reader.typeName(-1)))")
                    return
                }
                reader.pushName("children")
                s.pushCopy(of: -2)
                s.rawSet(at: node)
            }
            s.top = node
        }
        reader.pushName("expanded")
        s.push(open)
        s.rawSet(at: node)
        invalidation.layout = true
        if open {
            s.top = node
            call(anchor: anchor, handler: "onExpand", node: node)
        }
    }

    /// The tree's `onSelect(node)`.
    func selectTreeNode(anchor: Int32, path: [Int]) {
        let top = s.top
        defer { s.top = top }
        guard pushTreeNode(anchor: anchor, path: path) else { return }
        call(anchor: anchor, handler: "onSelect", node: s.top)
    }

    /// `component[handler](node)` with the node at stack index `node`.
    private func call(anchor: Int32, handler: StaticString, node: Int32) {
        pushComponent(anchor)
        let owner = limits.origin(ofComponentAt: -1, on: L)
        reader.pushName(handler)
        guard s.rawGet(at: -2) == .function else { return }
        s.pushCopy(of: node)
        invoke(nargs: 1, as: owner)
    }

    /// `nodes[2].children[1]`, for messages.
    private func place(_ path: [Int]) -> String {
        path.enumerated().map { $0 == 0 ? "nodes[\($1)]" : ".children[\($1)]" }.joined()
    }
}
