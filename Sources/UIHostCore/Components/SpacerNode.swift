/// `ui.spacer()`: flexible empty space in a stack.
final class SpacerNode: Node, SemanticNode {
    override var isFlexible: Bool { true }
    override var growsWithSpace: Bool { true }

    func describe(_ context: SemanticsContext) -> Semantics { Semantics(role: "spacer") }
}

extension SpacerNode: Component {
    static let kind = Kind("spacer")
    static let summary = """
        Flexible empty space in a stack.
        """
    static let fields: [FieldSpec] = []
    static let shorthand = Shorthand.noArgument

    static let keys: [KeySpec] = []

    static func node(_ source: NodeSource) -> any SemanticNode { SpacerNode(id: source.id, anchor: source.anchor) }
}
