/// Focus: each layer keeps the focused node of its own ring (`Navigator.focus`),
/// so that closing a layer gives focus back where it was below. Every move is
/// noted in `focusChanges` (by the anchors of the current layout), and the
/// host calls `onBlur` and `onFocus` before the next layout (`Host.layoutIfNeeded`).
extension Navigator {
    func focused(in layer: Layer) -> Node? {
        guard let key = focus[layer.kind] else { return nil }
        return layer.focusables.first { $0.focusKey == key }
    }

    func focus(_ node: Node, in layer: Layer) {
        setFocus(node, in: layer, from: focused(in: layer))
    }

    /// Moves focus along the layer's ring; Tab wraps, arrows stop at the ends.
    func moveFocus(in layer: Layer, by step: Int, wrap: Bool) {
        let items = layer.focusables
        guard !items.isEmpty else { return }
        let currentKey = focus[layer.kind]
        let found = items.firstIndex { $0.focusKey == currentKey }
        let current = found ?? (step > 0 ? -1 : items.count)
        var next = current + step
        if wrap {
            next = (next % items.count + items.count) % items.count
        } else {
            next = min(max(next, 0), items.count - 1)
        }
        setFocus(items[next], in: layer, from: found.map { items[$0] })
    }

    /// After a layout: focus that rests on nothing in the tree goes where
    /// initial focus goes: the first `autofocus`, else the first focusable
    /// that is not a destructive button.
    func keepFocusInside(_ layer: Layer) {
        // Focus usually rests on a shown node: a short scan before hashing.
        // `ui.focus(nil)` left it on nothing on purpose, until Tab or a click.
        if blurred.contains(layer.kind) { return }
        let key = focus[layer.kind]
        if let key, layer.focusables.contains(where: { $0.focusKey == key }) { return }
        if !(key.map(layer.focusableKeys.contains) ?? false) {
            let initial = layer.focusables.first(where: \.autofocus) ?? layer.focusables.first { !$0.isDestructive }
            if let initial {
                setFocus(initial, in: layer, from: nil)
            } else {
                focus[layer.kind] = nil
            }
        }
    }

    /// `ui.focus(component)`, once the layout that follows the request is made:
    /// the component's first shown place, in the topmost layer that shows it.
    func applyPendingFocus(_ layers: [Layer]) {
        if pendingBlur, let layer = layers.last {
            pendingBlur = false
            let old = focused(in: layer)
            focus[layer.kind] = nil
            blurred.insert(layer.kind)
            if let old { focusChanges.append(FocusChange(blur: old.anchor, focus: nil)) }
        }
        guard let target = pendingFocus else { return }
        pendingFocus = nil
        for layer in layers.reversed() {
            if let node = layer.focusables.first(where: { $0.id == target }) {
                focus(node, in: layer)
                return
            }
        }
    }

    private func setFocus(_ node: Node, in layer: Layer, from old: Node?) {
        focus[layer.kind] = node.focusKey
        blurred.remove(layer.kind)
        guard old !== node else { return }
        var change = FocusChange(blur: old?.anchor, focus: node.anchor)
        // A form that checks its fields when focus leaves one.
        if let input = old as? InputNode, input.form?.validateOn == .blur { change.validate = input.anchor }
        focusChanges.append(change)
    }
}

/// A move of focus whose handlers are still to be called: the anchors of the
/// component that lost it and of the one that got it, in the current layout.
struct FocusChange {
    let blur: Int32?
    /// nil after `ui.focus(nil)`.
    let focus: Int32?
    /// A form's field whose `validate` runs as focus leaves it (`validateOn = "blur"`).
    var validate: Int32?

    init(blur: Int32?, focus: Int32?) {
        self.blur = blur
        self.focus = focus
    }
}
