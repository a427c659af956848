import CLua
import CLuaShim
import LuaBridge

/// A tree's nodes, reached by their path from the component's `nodes`.
extension Dispatcher {
    /// Pushes the node at `path` of the tree `anchor` (indices from `nodes`,
    /// then through each `children`); false, with nothing pushed, when it is gone.
    private func pushTreeNode(anchor: Int32, path: [Int]) -> Bool {
        let top = lua_gettop(L)
        pushComponent(anchor)
        reader.pushName("nodes")
        var ok = lua_rawget(L, -2) == LUA_TTABLE
        for (level, i) in path.enumerated() where ok {
            if level > 0 {
                reader.pushName("children")
                ok = lua_rawget(L, -2) == LUA_TTABLE
                if !ok { break }
            }
            let type = lua_rawgeti(L, -1, lua_Integer(i))
            ok = type == LUA_TTABLE || (type == LUA_TSTRING && level == path.count - 1)
        }
        guard ok else {
            lua_settop(L, top)
            return false
        }
        lua_copy(L, -1, top + 1)
        lua_settop(L, top + 1)
        return true
    }

    /// Opens or closes the node at `path`. Opening calls a `children` function
    /// first (once: its table replaces it); if it fails, the node stays closed.
    func expandTreeNode(anchor: Int32, path: [Int], _ open: Bool) {
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        guard pushTreeNode(anchor: anchor, path: path), lua_type(L, -1) == LUA_TTABLE else { return }
        let node = lua_gettop(L)
        if open {
            reader.pushName("children")
            if lua_rawget(L, node) == LUA_TFUNCTION {
                lua_pushvalue(L, node)
                let failed = handling { () -> Bool in
                    do throws(LuaError) {
                        try lua.call(nargs: 1, nresults: 1)
                        return false
                    } catch {
                        report("ui.tree: children of \(place(path)): " + error.message, traceback: error.traceback)
                        return true
                    }
                }
                if failed { return }
                guard lua_type(L, -1) == LUA_TTABLE else {
                    report("ui.tree: children of \(place(path)) must return a table (got \(reader.typeName(-1)))")
                    return
                }
                reader.pushName("children")
                lua_pushvalue(L, -2)
                lua_rawset(L, node)
            }
            lua_settop(L, node)
        }
        reader.pushName("expanded")
        lua_pushboolean(L, open ? 1 : 0)
        lua_rawset(L, node)
        invalidation.layout = true
        if open {
            lua_settop(L, node)
            call(anchor: anchor, handler: "onExpand", node: node)
        }
    }

    /// The tree's `onSelect(node)`.
    func selectTreeNode(anchor: Int32, path: [Int]) {
        let top = lua_gettop(L)
        defer { lua_settop(L, top) }
        guard pushTreeNode(anchor: anchor, path: path) else { return }
        call(anchor: anchor, handler: "onSelect", node: lua_gettop(L))
    }

    /// `component[handler](node)` with the node at stack index `node`.
    private func call(anchor: Int32, handler: StaticString, node: Int32) {
        pushComponent(anchor)
        reader.pushName(handler)
        guard lua_rawget(L, -2) == LUA_TFUNCTION else { return }
        lua_pushvalue(L, node)
        invoke(nargs: 1)
    }

    /// `nodes[2].children[1]`, for messages.
    private func place(_ path: [Int]) -> String {
        path.enumerated().map { $0 == 0 ? "nodes[\($1)]" : ".children[\($1)]" }.joined()
    }
}
