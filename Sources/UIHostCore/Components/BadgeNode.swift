/// `ui.badge`: a short status in a coloured pill, ` ✓ Saved `. Its kind picks
/// the colour (the theme's accent, success, warning or error token, as a
/// toast's) and, for all but `info`, a mark that says the same in plain text.
/// Not focusable.
final class BadgeNode: Node, SemanticNode {
    let text: String
    let kind: Toasts.Kind

    init(id: UnsafeRawPointer, anchor: Int32, _ field: FieldReader) {
        text = field[Fields.text]
        kind = field[Fields.kind]
        super.init(id: id, anchor: anchor)
    }

    override func measureRows(width: Int) -> Int { 1 }
    // A space each side, and a mark and its space before the text but for `info`.
    override func naturalColumns() -> Int { DisplayWidth.of(text) + (kind == .info ? 2 : 4) }

    override func render(into frame: inout FrameBuffer, _ context: RenderContext) {
        guard !rect.isEmpty else { return }
        let mark = kind == .info ? "" : kind.mark(context.glyphs) + " "
        let label = " " + TextLayout.truncate(mark + text, to: max(0, rect.width - 2)) + " "
        frame.put(label, x: rect.x, y: rect.y, style: kind.style, clip: rect)
    }

    /// A status: its words, and its kind in words where the colour and mark say more than info.
    func describe(_ context: SemanticsContext) -> Semantics {
        var s = Semantics(role: "status", label: text, value: kind == .info ? nil : kind.rawValue)
        s.live = true
        return s
    }
}

extension BadgeNode: Component {
    static let kind = Kind("badge")
    static let summary = """
        A short status in a coloured pill: ` ✓ Saved `, its colour and mark from its kind.
        """
    enum Fields {
        static let text = Field.string("text", default: "", doc: "the words in the pill")
        static let kind = Field<Toasts.Kind>.choice(
            "kind", alias: "\"info\"|\"success\"|\"warning\"|\"error\"",
            doc: "its colour (the theme's `accent`, `success`, `warning` or `error`) and, but for info, its mark")
    }
    static let fields = [Fields.text.spec, Fields.kind.spec]
    static let shorthand = Shorthand.string(field: "text")

    static let keys: [KeySpec] = []

    static func node(_ source: NodeSource) -> any SemanticNode { BadgeNode(id: source.id, anchor: source.anchor, source.field) }
}
