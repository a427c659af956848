/// `ui.spacer()`: flexible empty space in a stack.
final class SpacerNode: Node {
    override var isFlexible: Bool { true }
    override var growsWithSpace: Bool { true }
}

extension SpacerNode: Component {
    static let kind = Kind("spacer")
    static let summary = """
        Flexible empty space in a stack.
        """
    static let fields: [FieldSpec] = []
    static let shorthand = Shorthand.noArgument

    static func node(_ source: NodeSource) -> Node { SpacerNode(id: source.id, anchor: source.anchor) }
}
