import LuaBridge

/// `ui.form`: its children in a column, read as one form, like huh's: Enter
/// in a text field checks it and moves to the next field, and in the last
/// one submits. Submitting checks every text field's `validate`, focuses the
/// first with a message, or else calls `onSubmit(values)` with each field's
/// value under its `id`. When a field's `validate` runs is the form's
/// `validateOn`: at each edit, when focus leaves the field, or only at submit.
final class FormNode: Node, SemanticNode {
    enum ValidateOn: String, CaseIterable {
        case change, blur, submit
    }

    let spacing: Int
    let validateOn: ValidateOn

    init(id: UnsafeRawPointer, anchor: Int32, _ field: FieldReader) {
        spacing = field[Fields.spacing]
        validateOn = field[Fields.validateOn]
        super.init(id: id, anchor: anchor)
    }

    /// The field of each kind that holds what a form submits.
    static let valueFields: [Kind: StaticString] = [
        Kind("input"): "value", Kind("textarea"): "value", Kind("checkbox"): "checked", Kind("switch"): "on",
        Kind("radio"): "selected", Kind("picker"): "selected", Kind("dropdown"): "selected",
        Kind("list"): "selected", Kind("table"): "selected", Kind("tag"): "selected",
    ]

    /// Its fields in order: the components inside that hold a value (those
    /// of a form inside it are that form's). Worked out once per layout, and
    /// again when a node inside is read again (`subtreeReplaced`).
    var fields: [Node] {
        if let knownFields { return knownFields }
        var out: [Node] = []
        FormNode.collect(children, into: &out)
        knownFields = out
        return out
    }
    private var knownFields: [Node]?

    override var keepsSubtree: Bool { true }

    override func subtreeReplaced() {
        knownFields = nil
        for case let input as InputNode in fields { input.form = self }
    }

    private static func collect(_ nodes: [Node], into out: inout [Node]) {
        for node in nodes where !(node is FormNode) {
            if let kind = node.component?.kind, valueFields[kind] != nil { out.append(node) }
            collect(node.children, into: &out)
        }
    }

    /// The form of table `id` in the tree under `node`, if it is there.
    static func find(_ id: UnsafeRawPointer, in node: Node) -> FormNode? {
        if node.id == id, let form = node as? FormNode { return form }
        for child in node.children {
            if let form = find(id, in: child) { return form }
        }
        return nil
    }

    /// The field Enter moves to from `field`: the next text field that takes
    /// focus. Enter means something else to the other kinds (a checkbox
    /// flips, a dropdown opens), so typing through a form goes from text
    /// field to text field, and Tab reaches the rest as anywhere.
    func field(after field: Node) -> Node? {
        guard let i = fields.firstIndex(where: { $0 === field }) else { return nil }
        return fields[(i + 1)...].first { $0 is InputNode && $0.isFocusable }
    }

    // MARK: - A column of its children

    private lazy var flexible = children.contains { $0.isFlexible }
    private lazy var grows = children.contains { $0.growsWithSpace }
    override var isFlexible: Bool { flexible }
    override var growsWithSpace: Bool { grows }
    override var preferredFlexibleHeight: Int { measure(width: Int.max / 4) }
    override func preferredFlexibleHeight(width: Int) -> Int { measure(width: width) }
    override func measureRows(width: Int) -> Int { StackLayout.measureColumn(children, spacing: spacing, width: width) }
    override func naturalColumns() -> Int { children.map { StackLayout.naturalWidth(of: $0) }.max() ?? 0 }
    override func leastRows(width: Int) -> Int {
        flexible ? StackLayout.leastColumnHeight(children, spacing: spacing, width: width) : measure(width: width)
    }

    override func layout(in rect: Rect, _ context: LayoutContext) {
        self.rect = rect
        for case let input as InputNode in fields { input.form = self }
        StackLayout.layoutColumn(children, spacing: spacing, in: rect, context)
    }

    override func render(into frame: inout FrameBuffer, _ context: RenderContext) {
        for child in children where frame.shows(child.rect) { child.render(into: &frame, context) }
    }

    /// A form: its fields speak for themselves, in order.
    func describe(_ context: SemanticsContext) -> Semantics { Semantics(role: "form") }
}

extension FormNode: Component {
    static let kind = Kind("form")
    static let summary = """
        A form, like huh's: its children in a column; Enter in a text field moves to the next field \
        and in the last submits; submitting checks every field's `validate`, focuses the first with a \
        message, or calls `onSubmit(values)` with the values by each field's `id`.
        """
    enum Fields {
        static let spacing = Field.integer("spacing", 0...1000, default: 1, doc: "empty rows between children")
        static let validateOn = Field<ValidateOn>.choice(
            "validateOn", alias: "ui.ValidateOn",
            doc: "when a text field's `validate` runs besides Enter and submit: each edit, focus leaving it, or then only")
    }
    static let fields: [FieldSpec] = [
        Fields.spacing.spec, Fields.validateOn.spec,
        .handler("onSubmit", "fun(values: table<string, any>)",
                 doc: "`onSubmit(values)`: submitted with no field's message; `values` by each field's `id`"),
    ]
    static let children = ChildPolicy.any(doc: "the fields and anything else, top to bottom; fields inside stacks, boxes and grids count too")
    static let keys: [KeySpec] = []

    /// `form:submit()`: as Enter in its last field, after the handler returned
    /// and the screen was laid out (a Save button, a key binding).
    static let methods: [(String, LuaSwiftFunction)] = [
        ("submit", { L in
            let host = UIModule.host(L!)
            guard host.kinds.kind(L!, at: 1) == kind, let id = LuaStack(L!).pointer(at: 1) else {
                return UIModule.argError(L!, 1, "submit", "ui.form")
            }
            host.apply(.navigate(.submitForm(id)))
            return 0
        }),
    ]

    static func node(_ source: NodeSource) -> any SemanticNode { FormNode(id: source.id, anchor: source.anchor, source.field) }
}
