/// `ui.divider()`: a full-width rule.
final class DividerNode: Node, SemanticNode {
    override func measureRows(width: Int) -> Int { 1 }
    override func naturalColumns() -> Int { 1 }

    override func render(into frame: inout FrameBuffer, _ context: RenderContext) {
        guard !rect.isEmpty else { return }
        frame.fill(Rect(x: rect.x, y: rect.y, width: rect.width, height: 1), with: context.glyphs.horizontal, style: .border)
    }

    func describe(_ context: SemanticsContext) -> Semantics { Semantics(role: "separator") }
}

extension DividerNode: Component {
    static let kind = Kind("divider")
    static let fixedHeight = true
    static let summary = """
        A full-width horizontal rule.
        """
    static let fields: [FieldSpec] = []
    static let shorthand = Shorthand.noArgument

    static let keys: [KeySpec] = []

    static func node(_ source: NodeSource) -> any SemanticNode { DividerNode(id: source.id, anchor: source.anchor) }
}
