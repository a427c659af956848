/// `ui.spacer()`: flexible empty space in a stack.
final class SpacerNode: Node {
    override var isFlexible: Bool { true }
    override var growsWithSpace: Bool { true }
}
