/// `ui.progress`: a spinner while `value` is nil (it advances with the host's
/// clock), or a bar for 0…1. `style` colours the spinner or the bar's filled part.
final class ProgressNode: Node, SemanticNode {
    let value: Double?
    let label: String
    let spinner: Spinner
    let style: Style

    init(id: UnsafeRawPointer, anchor: Int32, _ field: FieldReader) {
        value = field[Fields.value]
        label = field[Fields.label]
        spinner = field[Fields.spinner]
        style = field[Fields.style]
        super.init(id: id, anchor: anchor)
    }

    override func measureRows(width: Int) -> Int { 1 }
    override func naturalColumns() -> Int { DisplayWidth.of(label) + (value == nil ? spinner.width + 1 : 20) }

    /// A spinner turns with the clock.
    override var animates: Bool { value == nil }

    override func render(into frame: inout FrameBuffer, _ context: RenderContext) {
        guard !rect.isEmpty else { return }
        guard let value else {
            let x = rect.x + frame.put(spinner.frame(at: context.clock, context.glyphs), x: rect.x, y: rect.y,
                                       style: Style.accent.union(style), clip: rect)
            if !label.isEmpty { frame.put(" " + label, x: x, y: rect.y, clip: rect) }
            return
        }
        let percent = " \(Int((value * 100).rounded()))%"
        var x = rect.x
        if !label.isEmpty { x += frame.put(label + " ", x: x, y: rect.y, clip: rect) }
        let barWidth = max(0, rect.maxX - x - DisplayWidth.of(percent) - 2)
        let filled = Int((Double(barWidth) * value).rounded(.down))
        x += frame.put("[", x: x, y: rect.y, clip: rect)
        x += frame.put(String(repeating: context.glyphs.barFilled, count: filled), x: x, y: rect.y, style: style, clip: rect)
        x += frame.put(String(repeating: context.glyphs.barEmpty, count: barWidth - filled), x: x, y: rect.y, clip: rect)
        frame.put("]" + percent, x: x, y: rect.y, clip: rect)
    }

    func describe(_ context: SemanticsContext) -> Semantics {
        Semantics(role: "progress", label: label, value: value.map { "\(Int(($0 * 100).rounded()))%" } ?? "busy")
    }
}

extension ProgressNode: Component {
    static let kind = Kind("progress")
    static let fixedHeight = true
    static let summary = """
        A spinner while work is under way (it turns with the clock), or a bar for 0…1.
        """
    enum Fields {
        static let value = Field.number("value", 0...1, doc: "`nil`: a spinner; a number: a bar and a percentage (a value set later outside 0…1 is clamped)")
        static let label = Field.string("label", default: "", doc: "after the spinner, or before the bar")
        static let spinner = Field.choice("spinner", Spinner.names, alias: "ui.SpinnerStyle",
                                          doc: "the spinner's frames, named as Bubble Tea's `spinner` package names them (table below)",
                                          as: Spinner.named)
        static let style = Field.style(doc: "the colours and attributes of the spinner, or of the bar's filled part: `{ fg = \"success\" }`")
    }
    static let fields = [Fields.value.spec, Fields.label.spec, Fields.spinner.spec, Fields.style.spec]

    static let keys: [KeySpec] = []

    static func node(_ source: NodeSource) -> any SemanticNode { ProgressNode(id: source.id, anchor: source.anchor, source.field) }
}
