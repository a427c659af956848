/// Content taller than its place (a screen on a small frame, a sheet, the
/// drawer, `ui.scroll`): what Up/Down/PageUp/PageDown/Home/End do when the
/// focused node did not take them, and the wheel over content. Focus moving
/// scrolls by itself (`Compositor.revealFocus`).
extension Host {
    /// Rows one notch of the wheel scrolls content.
    static let wheelRows = 3

    /// Scrolls the container around focus (or the layer's, with nothing
    /// focused) when it can scroll that way. Up and Down move focus instead
    /// when the next control in that direction shows whole inside it; so
    /// text between controls, or after the last, is reached a row at a time.
    /// PageUp/PageDown/Home/End scroll, and focus follows into the view.
    func scrollContent(_ key: Key) -> Bool {
        guard let layer = topLayer, !layer.scrollers.isEmpty else { return false }
        let focused = navigator.focused(in: layer)
        let down = key == .down || key == .pageDown || key == .end
        var container = focused == nil ? layer.scrollers.first : focused?.scroller
        while let node = container, let viewport = node.viewport, !(down ? viewport.canScrollDown : viewport.canScrollUp) {
            container = node.scroller
        }
        guard let node = container, let viewport = node.viewport else { return false }
        let offset: Int
        switch key {
        case .up, .down:
            if let focused, let i = layer.focusables.firstIndex(where: { $0 === focused }) {
                let j = i + (down ? 1 : -1)
                if layer.focusables.indices.contains(j), layer.focusables[j].isWhollyShown,
                   Host.isInside(layer.focusables[j], node) {
                    return false
                }
            }
            offset = viewport.offset(scrolledBy: down ? 1 : -1)
        case .pageUp, .pageDown:
            offset = viewport.offset(scrolledBy: (down ? 1 : -1) * max(1, viewport.rect.height - 1))
        default:
            offset = down ? viewport.maxOffset : 0
        }
        interaction[ScrollOffset.self, viewport.key] = offset
        interaction.scrolledByHand = true
        if key != .up, key != .down { focusFirstShown(in: node, layer, shift: offset - viewport.offset, from: focused) }
        return true
    }

    /// The wheel over content no control under the pointer took: scrolls the
    /// innermost container there that can scroll that way.
    func scrollContent(by rows: Int, x: Int, y: Int, in layer: Layer) {
        var container = layer.scrollers.last { $0.viewport!.rect.contains(x: x, y: y) && $0.clip.contains(x: x, y: y) }
        while let node = container, let viewport = node.viewport {
            let offset = viewport.offset(scrolledBy: rows)
            if offset != viewport.offset {
                interaction[ScrollOffset.self, viewport.key] = offset
                interaction.scrolledByHand = true
                return
            }
            container = node.scroller
        }
    }

    /// After a page: focus stays when it still shows whole, else goes to the
    /// first control inside `container` that will show whole once it has
    /// scrolled `shift` rows.
    private func focusFirstShown(in container: Node, _ layer: Layer, shift: Int, from focused: Node?) {
        guard shift != 0, let viewport = container.viewport else { return }
        let view = viewport.rect.intersection(container.clip)
        func showsWhole(_ node: Node) -> Bool {
            let part = node.hitRect()
            guard Host.isInside(node, container), !part.isEmpty else { return false }
            let moved = Rect(x: part.x, y: part.y - shift, width: part.width, height: part.height)
            return view.intersection(moved) == moved
        }
        if let focused, showsWhole(focused) { return }
        if let next = layer.focusables.first(where: showsWhole) { navigator.focus(next, in: layer) }
    }

    /// Whether `node` lies inside the scrolling `container`.
    static func isInside(_ node: Node, _ container: Node) -> Bool {
        var s = node.scroller
        while let current = s {
            if current === container { return true }
            s = current.scroller
        }
        return false
    }
}
