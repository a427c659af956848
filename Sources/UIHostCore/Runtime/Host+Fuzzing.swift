/// What a fuzzer (`uihost fuzz`) asks the host between events, so that its
/// random input goes where the screen listens: the keys the focused component
/// and the active bindings use, and the places a click reaches. Read only; a
/// screen that is not fuzzed never calls it.
public struct FuzzHints: Sendable {
    /// The active bindings' keys, then the keys the focused component acts on.
    public var keys: [Key] = []
    /// Whether the focused component takes typed text.
    public var takesText = false
    /// Where clicks reach a focusable component of the top layer (0-based cells, clipped to the frame).
    public var targets: [Rect] = []
}

extension Host {
    /// The hints for the frame laid out now (laying it out if needed).
    public func fuzzHints() -> FuzzHints {
        layoutIfNeeded()
        var hints = FuzzHints()
        hints.keys = activeBindings().map(\.key)
        guard let layer = topLayer else { return hints }
        let frame = bounds
        for node in layer.focusables {
            let rect = node.hitRect().intersection(node.clip).intersection(frame)
            if !rect.isEmpty { hints.targets.append(rect) }
        }
        // The keys the kind declares: a new kind's keys are fuzzed without a word here.
        if popup != nil {
            hints.keys += Popup.keys.allKeys
        } else if let focused = navigator.focused(in: layer) {
            hints.takesText = focused.takesText
            for key in focused.keySpecs.allKeys where !hints.keys.contains(key) { hints.keys.append(key) }
        }
        return hints
    }
}
