/// The old children of a container read again (`Compositor.rereadSubtree`),
/// which the read may take as they are (`TreeReader.keptChild`). A script
/// mostly adds, removes, hides or shows a child among the others, so the
/// new list is matched against the old in order, looking a few places
/// ahead: no hashing of ten thousand children for a key. A child moved
/// further than that is read again, which gives the same tree.
struct KeptChildren {
    /// How far ahead of the last match a child is looked for.
    static let window = 8
    private enum Fate { case readAgain, mayKeep, kept }
    private(set) var nodes: [Node] = []
    private var fates: [Fate] = []
    private var cursor = 0
    private(set) var keepable = 0

    var isEmpty: Bool { keepable == 0 }

    /// Starts over with `children`, none kept yet.
    mutating func start(_ children: [Node]) {
        nodes = children
        fates = [Fate](repeating: .readAgain, count: children.count)
        cursor = 0
        keepable = 0
    }

    mutating func allow(_ index: Int) {
        if fates[index] == .readAgain { keepable += 1 }
        fates[index] = .mayKeep
    }

    mutating func refuse(_ index: Int) {
        if fates[index] == .mayKeep { keepable -= 1 }
        fates[index] = .readAgain
    }

    /// Whether the child at `index` may be kept and the read has not taken
    /// it (yet): after the read, one removed or moved too far.
    func mayKeep(_ index: Int) -> Bool { index < fates.count && fates[index] == .mayKeep }

    /// The index of the keepable child whose table is `id`, near where the
    /// last match left off, if any.
    func find(_ id: UnsafeRawPointer) -> Int? {
        var i = cursor
        let end = min(nodes.count, cursor + KeptChildren.window)
        while i < end {
            if fates[i] == .mayKeep, nodes[i].id == id { return i }
            i += 1
        }
        return nil
    }

    /// Notes that the read took the child at `index`; the next match is
    /// looked for after it.
    mutating func match(_ index: Int) {
        fates[index] = .kept
        keepable -= 1
        cursor = index + 1
    }

    mutating func clear() {
        nodes.removeAll(keepingCapacity: true)
        fates.removeAll(keepingCapacity: true)
        cursor = 0
        keepable = 0
    }
}
