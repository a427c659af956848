/// `ui.vstack`: children top to bottom, drawn by a vertical `StackNode`.
enum VStack: Component {
    static let kind = Kind("vstack")
    static let summary = """
        Children stacked top to bottom.
        """
    static let luaClass = "ui.VStack"
    enum Fields {
        static let spacing = Field.integer("spacing", 0...1000, default: 0, doc: "empty rows between children")
        static let align = Field<CrossAlignment>.choice(
            "align", alias: "ui.StackAlign", doc: "where children narrower than the stack go: left, centred, right")
    }
    static let fields = [Fields.spacing.spec, Fields.align.spec]
    static let children = ChildPolicy.any(doc: "children, top to bottom")

    static let keys: [KeySpec] = []

    static func node(_ source: NodeSource) -> any SemanticNode {
        StackNode(id: source.id, anchor: source.anchor, source.field, axis: .vertical)
    }
}

/// `ui.hstack`: children left to right, drawn by a horizontal `StackNode`.
enum HStack: Component {
    static let kind = Kind("hstack")
    static let summary = """
        Children side by side, left to right.
        """
    static let luaClass = "ui.HStack"
    enum Fields {
        static let spacing = Field.integer("spacing", 0...1000, default: 1, doc: "empty columns between children")
        static let align = Field<CrossAlignment>.choice(
            "align", alias: "ui.StackAlign", doc: "where children lower than the row go: top, middle, bottom")
    }
    static let fields = [Fields.spacing.spec, Fields.align.spec]
    static let children = ChildPolicy.any(doc: "children, left to right")

    static let keys: [KeySpec] = []

    static func node(_ source: NodeSource) -> any SemanticNode {
        StackNode(id: source.id, anchor: source.anchor, source.field, axis: .horizontal)
    }
}

/// A stack holds no text of its own: a group, its children read in order.
extension StackNode: SemanticNode {
    func describe(_ context: SemanticsContext) -> Semantics { Semantics(role: "group") }
}
