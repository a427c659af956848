/// Focus: each layer keeps the focused node of its own ring (`Navigator.focus`),
/// so that closing a layer gives focus back where it was below.
extension Navigator {
    func focused(in layer: Layer) -> Node? {
        guard let key = focus[layer.kind] else { return nil }
        return layer.focusables.first { $0.focusKey == key }
    }

    func focus(_ node: Node, in layer: Layer) {
        focus[layer.kind] = node.focusKey
    }

    /// Moves focus along the layer's ring; Tab wraps, arrows stop at the ends.
    func moveFocus(in layer: Layer, by step: Int, wrap: Bool) {
        let items = layer.focusables
        guard !items.isEmpty else { return }
        let currentKey = focus[layer.kind]
        let current = items.firstIndex { $0.focusKey == currentKey } ?? (step > 0 ? -1 : items.count)
        var next = current + step
        if wrap {
            next = (next % items.count + items.count) % items.count
        } else {
            next = min(max(next, 0), items.count - 1)
        }
        focus[layer.kind] = items[next].focusKey
    }

    /// After a layout: focus that rests on nothing in the tree goes to the first focusable.
    func keepFocusInside(_ layer: Layer) {
        // Focus usually rests on a shown node: a short scan before hashing.
        let key = focus[layer.kind]
        if let key, layer.focusables.contains(where: { $0.focusKey == key }) { return }
        if !(key.map(layer.focusableKeys.contains) ?? false) {
            focus[layer.kind] = layer.focusables.first?.focusKey
        }
    }
}
