/// Measuring and placing children along one axis.
///
/// Fixed children get what they measure; what is left goes first to flexible
/// children that want rows of their own (lists, up to their length), then in
/// equal shares to spacers. Children that do not fit are clipped, never moved
/// outside the stack.
enum StackLayout {
    static func measureColumn(_ children: [Node], spacing: Int, width: Int, align: CrossAlignment = .start) -> Int {
        guard !children.isEmpty else { return 0 }
        if needsSizing(children, align) { return measureSizedColumn(children, spacing: spacing, width: width, align: align) }
        var total = spacing * (children.count - 1)
        for child in children {
            total += child.isFlexible ? child.preferredFlexibleHeight(width: width) : child.measure(width: width)
        }
        return total
    }

    static func layoutColumn(_ children: [Node], spacing: Int, align: CrossAlignment = .start, in rect: Rect, _ context: LayoutContext) {
        guard !children.isEmpty else { return }
        if needsSizing(children, align) { return layoutSizedColumn(children, spacing: spacing, align: align, in: rect, context) }
        var heights = children.map { $0.isFlexible ? 0 : $0.measure(width: rect.width) }
        var left = rect.height - heights.reduce(0, +) - spacing * (children.count - 1)
        distribute(&heights, &left, children: children, width: rect.width)
        var y = rect.y
        for (child, h) in zip(children, heights) {
            let placed = Rect(x: rect.x, y: y, width: rect.width, height: min(h, max(0, rect.maxY - y)))
            child.layout(in: placed, context)
            y += h + spacing
        }
    }

    static func measureRow(_ children: [Node], spacing: Int, width: Int) -> Int {
        if children.contains(where: { $0.sizing != nil }) { return measureSizedRow(children, spacing: spacing, width: width) }
        let widths = rowWidths(children, spacing: spacing, width: width)
        return zip(children, widths).map { $0.measure(width: $1) }.max() ?? 0
    }

    static func layoutRow(_ children: [Node], spacing: Int, align: CrossAlignment = .start, in rect: Rect, _ context: LayoutContext) {
        if needsSizing(children, align) { return layoutSizedRow(children, spacing: spacing, align: align, in: rect, context) }
        let widths = rowWidths(children, spacing: spacing, width: rect.width)
        var x = rect.x
        for (child, w) in zip(children, widths) {
            let placed = Rect(x: x, y: rect.y, width: min(w, max(0, rect.maxX - x)), height: rect.height)
            child.layout(in: placed, context)
            x += w + spacing
        }
    }

    static func rowWidths(_ children: [Node], spacing: Int, width: Int) -> [Int] {
        guard !children.isEmpty else { return [] }
        if children.contains(where: { $0.sizing != nil }) { return sizedRowWidths(children, spacing: spacing, width: width) }
        var widths = children.map { $0.isFlexible ? 0 : $0.naturalWidth() }
        var left = width - widths.reduce(0, +) - spacing * (children.count - 1)
        let flexible = children.indices.filter { children[$0].isFlexible }
        if left > 0, !flexible.isEmpty {
            let share = left / flexible.count
            for (n, i) in flexible.enumerated() { widths[i] = share + (n < left % flexible.count ? 1 : 0) }
            left = 0
        }
        return widths
    }

    /// Shares `left` rows among flexible children: wanted rows first, then spacers.
    private static func distribute(_ sizes: inout [Int], _ left: inout Int, children: [Node], width: Int) {
        guard left > 0 else { return }
        var wants = [Int](repeating: 0, count: children.count)
        for (i, child) in children.enumerated() where child.isFlexible { wants[i] = child.preferredFlexibleHeight(width: width) }
        var wanting = children.indices.filter { wants[$0] > 0 }
        while left > 0, !wanting.isEmpty {
            let share = max(1, left / wanting.count)
            var next: [Int] = []
            for i in wanting where left > 0 {
                let want = wants[i] - sizes[i]
                let give = min(share, want, left)
                sizes[i] += give
                left -= give
                if sizes[i] < wants[i] { next.append(i) }
            }
            wanting = next
        }
        // Then spacers share what is left, and stacks that hold one.
        let spacers = children.indices.filter { children[$0].growsWithSpace }
        guard left > 0, !spacers.isEmpty else { return }
        let share = left / spacers.count
        for (n, i) in spacers.enumerated() { sizes[i] += share + (n < left % spacers.count ? 1 : 0) }
        left = 0
    }
}

/// `ui.vstack` / `ui.hstack`.
final class StackNode: Node {
    enum Axis { case vertical, horizontal }
    let axis: Axis
    let spacing: Int
    let align: CrossAlignment

    init(id: UnsafeRawPointer, anchor: Int32, _ field: FieldReader, axis: Axis) {
        self.axis = axis
        // Each axis's constructor declares its own default spacing.
        spacing = field[axis == .vertical ? VStack.Fields.spacing : HStack.Fields.spacing]
        align = field.reader.readsSizes ? field[axis == .vertical ? VStack.Fields.align : HStack.Fields.align] : .start
        super.init(id: id, anchor: anchor)
    }

    // A child sized as a share (`"1fr"`) along the axis grows as a spacer does.
    private var measures = MeasureCache()
    private var flexible: Bool {
        if let f = measures.flexible { return f }
        let f = children.contains { $0.isFlexible || growsByShare($0) }
        measures.flexible = f
        return f
    }
    private var grows: Bool {
        if let g = measures.grows { return g }
        let g = axis == .vertical && children.contains { $0.growsWithSpace || growsByShare($0) }
        measures.grows = g
        return g
    }
    private var natural: Int {
        if let n = measures.natural { return n }
        let widths = children.map { StackLayout.naturalWidth(of: $0) }
        let n = axis == .vertical ? widths.max() ?? 0 : widths.reduce(0, +) + spacing * max(0, children.count - 1)
        measures.natural = n
        return n
    }

    override var relaysOutInPlace: Bool { true }
    override func forgetMeasures() { measures = MeasureCache() }

    private func growsByShare(_ child: Node) -> Bool {
        guard let s = child.sizing else { return false }
        return (axis == .vertical ? s.height : s.width)?.isFraction == true
    }

    override var isFlexible: Bool { flexible }
    /// A column with a spacer grows down; a row with one grows only sideways.
    override var growsWithSpace: Bool { grows }
    override var preferredFlexibleHeight: Int { measure(width: Int.max / 4) }
    override func preferredFlexibleHeight(width: Int) -> Int { measure(width: width) }

    override func measureRows(width: Int) -> Int {
        if let rows = measures.rows(at: width) { return rows }
        let height = axis == .vertical
            ? StackLayout.measureColumn(children, spacing: spacing, width: width, align: align)
            : StackLayout.measureRow(children, spacing: spacing, width: width)
        measures.rows = (width, height)
        return height
    }

    override func naturalColumns() -> Int { natural }

    override func leastRows(width: Int) -> Int {
        guard flexible else { return measure(width: width) }
        if axis == .vertical { return StackLayout.leastColumnHeight(children, spacing: spacing, width: width) }
        let widths = StackLayout.rowWidths(children, spacing: spacing, width: width)
        return zip(children, widths).map { $0.leastHeight(width: $1) }.max() ?? 0
    }

    /// Whether the children were placed top to bottom one after another
    /// (not sized or aligned), so that drawing finds those that show by halving.
    private var inColumnOrder = false

    override func layout(in rect: Rect, _ context: LayoutContext) {
        self.rect = rect
        inColumnOrder = axis == .vertical && !StackLayout.needsSizing(children, align)
        if axis == .vertical {
            StackLayout.layoutColumn(children, spacing: spacing, align: align, in: rect, context)
        } else {
            StackLayout.layoutRow(children, spacing: spacing, align: align, in: rect, context)
        }
    }

    override func render(into frame: inout FrameBuffer, _ context: RenderContext) {
        if inColumnOrder { return StackLayout.renderColumn(children, into: &frame, context) }
        for child in children where frame.shows(child.rect) { child.render(into: &frame, context) }
    }
}
