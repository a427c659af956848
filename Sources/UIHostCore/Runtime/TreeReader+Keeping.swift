import LuaBridge

/// A container read again keeping its children: when what was written is
/// the container itself (a child added, removed, hidden or shown), each
/// child whose table it still holds, unwritten, is taken as it was instead
/// of read again from Lua with its subtree (`Compositor.rereadSubtree`
/// fills `keptChildren`; `reread` takes from it at the container's own
/// children only, not deeper).
extension TreeReader {
    /// The kept child whose table is at `index`, or nil: read it. Nothing
    /// of it is read: a write into it (its `hidden` too) would have made it
    /// a written node, which is never kept.
    func keptChild(at index: Int32) -> Node? {
        guard let id = s.pointer(at: index), let i = keptChildren.find(id) else { return nil }
        let node = keptChildren.nodes[i]
        let count = node.children.isEmpty ? 1 : node.subtreeCount
        // Past the limit a read names the problem (and the whole tree is read).
        guard componentCount + count <= HostLimits.maxComponents else { return nil }
        keptChildren.match(i)
        componentCount += count
        keptComponents += count
        return node
    }
}
