import LuaBridge

/// A container read again keeping its children: when what was written is
/// the container itself (a child added, removed, hidden or shown), each
/// child whose table it still holds, unwritten, is taken as it was instead
/// of read again from Lua with its subtree (`Compositor.rereadSubtree`
/// fills `keptChildren`; `reread` takes from it at the container's own
/// children only, not deeper).
extension TreeReader {
    enum KeptChild {
        /// The old node, to take as it is.
        case taken(Node)
        /// Hidden now: left out, as a read leaves it, and noted as held.
        case hidden
    }

    /// The kept child whose table is at `index`, or nil: read it.
    func keptChild(at index: Int32) -> KeptChild? {
        guard let id = s.pointer(at: index), let i = keptChildren.find(id) else { return nil }
        let node = keptChildren.nodes[i]
        let count = node.children.isEmpty ? 1 : node.subtreeCount
        // Past the limit a read names the problem (and the whole tree is read).
        guard componentCount + count <= HostLimits.maxComponents, s.pushStorage(of: index) else { return nil }
        let hidden = readsSizes && isHidden(s.top)
        s.pop()
        keptChildren.match(i, taken: !hidden)
        if hidden {
            noteHeld(id, by: holder)
            return .hidden
        }
        componentCount += count
        keptComponents += count
        return .taken(node)
    }
}
