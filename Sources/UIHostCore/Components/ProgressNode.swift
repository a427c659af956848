/// `ui.progress`: a spinner while `value` is nil (it advances with the host's
/// clock), or a bar for 0…1.
final class ProgressNode: Node, SemanticNode {
    let value: Double?
    let label: String
    static let frameMilliseconds = 80

    init(id: UnsafeRawPointer, anchor: Int32, _ field: FieldReader) {
        value = field.number("value").map { min(max($0, 0), 1) }
        label = field.string("label") ?? ""
        super.init(id: id, anchor: anchor)
    }

    override func measureRows(width: Int) -> Int { 1 }
    override func naturalWidth() -> Int { DisplayWidth.of(label) + (value == nil ? 2 : 20) }

    /// A spinner turns with the clock.
    override var animates: Bool { value == nil }

    override func render(into frame: inout FrameBuffer, _ context: RenderContext) {
        guard !rect.isEmpty else { return }
        guard let value else {
            let frames = context.glyphs.spinner
            let spinner = frames[(context.clock / ProgressNode.frameMilliseconds) % frames.count]
            frame.put(String(spinner) + (label.isEmpty ? "" : " " + label), x: rect.x, y: rect.y, style: .accent, clip: rect)
            return
        }
        let percent = " \(Int((value * 100).rounded()))%"
        var x = rect.x
        if !label.isEmpty { x += frame.put(label + " ", x: x, y: rect.y, clip: rect) }
        let barWidth = max(0, rect.maxX - x - DisplayWidth.of(percent) - 2)
        let filled = Int((Double(barWidth) * value).rounded(.down))
        let bar = String(repeating: context.glyphs.barFilled, count: filled)
            + String(repeating: context.glyphs.barEmpty, count: barWidth - filled)
        frame.put("[" + bar + "]" + percent, x: x, y: rect.y, clip: rect)
    }

    func describe(_ context: SemanticsContext) -> Semantics {
        Semantics(role: "progress", label: label, value: value.map { "\(Int(($0 * 100).rounded()))%" } ?? "busy")
    }
}

extension ProgressNode: Component {
    static let kind = Kind("progress")
    static let summary = """
        A spinner while work is under way (it turns with the clock), or a bar for 0…1.
        """
    static let fields: [FieldSpec] = [
        FieldSpec(name: "value", type: .number(min: 0, max: 1), doc: "0…1 draws a bar and a percentage; nil (the default) a spinner."),
        .string("label", default: "", doc: "Drawn before the bar, or after the spinner (default \"\")."),
    ]

    static let keys: [KeySpec] = []

    static func node(_ source: NodeSource) -> any SemanticNode { ProgressNode(id: source.id, anchor: source.anchor, source.field) }
}
