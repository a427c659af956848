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
        if popup != nil {
            hints.keys += [.up, .down, .enter, .esc, .home, .end]
        } else if let focused = navigator.focused(in: layer) {
            hints.takesText = focused.takesText
            hints.keys += Host.keysUsed(by: focused)
        }
        return hints
    }

    /// The keys a component of this kind acts on when focused (docs/API.md §6).
    static func keysUsed(by node: Node) -> [Key] {
        if node.takesText {
            return [.backspace, .delete, .left, .right, .home, .end, .enter, .ctrl("a"), .ctrl("e"), .ctrl("u"), .ctrl("w")]
        }
        switch node {
        case is ListNode, is TableNode, is PickerNode:
            return [.up, .down, .pageUp, .pageDown, .home, .end, .enter, .space]
        case is TabsNode:
            return [.left, .right, .home, .end, .enter]
        case is DropdownNode:
            return [.enter, .space, .down, .up, .esc]
        case is ScrollNode:
            return [.up, .down, .pageUp, .pageDown, .home, .end]
        case is MarkdownNode:
            return [.up, .down, .pageUp, .pageDown, .home, .tab, .shiftTab, .enter, .space]
        default:
            return [.enter, .space, .left, .right]
        }
    }
}
