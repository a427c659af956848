/// One level of the overlay stack: the screen, its open drawer, or a presented
/// sheet. The topmost layer takes focus and Esc; each layer keeps its own
/// focus, so closing one gives focus back where it was below. An open popup
/// (menu picker, dropdown) of the top layer sits above it, and the error banner
/// above everything.
/// Where a layer's focus is kept between frames.
enum LayerKey: Hashable {
    case screen(Int32)
    case drawer(Int32)
    case sheet(Int32)
}

final class Layer {
    enum Kind: Equatable {
        case screen
        case drawer
        /// Index into the host's presented sheets.
        case sheet(Int)
    }

    let kind: Kind
    let root: Node
    /// What its focus is kept under: the registry reference of the stack entry
    /// or sheet it shows (one screen table pushed twice is two places to focus).
    let key: LayerKey
    var focusables: [Node] = []
    /// Every focusable in the tree, shown or not: focus on a control that a
    /// small frame hides is kept for when it shows again.
    var focusableKeys: Set<FocusKey> = []
    private var seen: [UnsafeRawPointer: Int] = [:]

    init(kind: Kind, root: Node, key: LayerKey) {
        self.kind = kind
        self.root = root
        self.key = key
    }

    /// Focusable nodes in reading order; a bar below its page comes after it.
    func collectFocusables() {
        focusables.removeAll(keepingCapacity: true)
        focusableKeys.removeAll(keepingCapacity: true)
        seen.removeAll(keepingCapacity: true)
        collect(root)
    }

    private func collect(_ node: Node) {
        if node.isFocusable {
            node.occurrence = seen[node.id, default: 0]
            seen[node.id] = node.occurrence + 1
            focusableKeys.insert(node.focusKey)
        }
        let visible = !node.rect.isEmpty
        if node.isFocusable, visible, !node.focusAfterChildren { focusables.append(node) }
        for child in node.children { collect(child) }
        if node.isFocusable, visible, node.focusAfterChildren { focusables.append(node) }
    }
}
