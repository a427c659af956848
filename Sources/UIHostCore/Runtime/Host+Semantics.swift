import LuaBridge

/// `Host.semanticTree()`: the laid-out screen as a screen reader meets it, read
/// only (for `app:tree()` and a linear screen-reader output).
extension Host {
    /// The screen's node with the overlays over it (drawer, sheets, bottom first)
    /// as its last children, then the help overlay while it is open, then the
    /// toasts shown (oldest first); nil when no
    /// screen is shown. Focus is where keys go:
    /// the top layer's focused node, or the highlighted row of an open popup.
    public func semanticTree() -> Semantics? {
        _ = render()
        guard let screen = layers.first else { return nil }
        var root: Semantics?
        reader.resumed {
            for (i, layer) in layers.enumerated() {
                let isTop = i == layers.count - 1
                let context = SemanticsContext(focused: isTop && popup == nil ? navigator.focus[layer.kind] : nil,
                                               popup: isTop ? popup : nil, reader: reader)
                let node = layer.root.semantics(context)
                if layer === screen { root = node } else { root?.children.append(node) }
            }
        }
        if let help = compositor.help { root?.children.append(HelpOverlay.semantics(help)) }
        root?.children += toasts.shown.map(Toasts.semantics)
        return root
    }
}

extension Host {
    /// The toasts added since `count` were added, as many as are still shown
    /// (oldest first), and the count to ask from next time.
    func toasts(since count: Int) -> (toasts: [Semantics], count: Int) {
        let new = min(max(0, toasts.added - count), toasts.shown.count)
        return (toasts.shown.suffix(new).map(Toasts.semantics), toasts.added)
    }
}
