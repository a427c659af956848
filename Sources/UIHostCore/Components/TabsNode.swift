/// `ui.tabs` of `ui.tab`s. `style = "top"`: the first article's header bar;
/// `style = "bottom"`: the fourth article's floating bar. Only the selected
/// tab's children are read, laid out and focusable. The bar is focusable:
/// Left/Right switch tabs; a click on a label switches to it.
final class TabsNode: Node {
    struct Tab {
        let title: String
        let icon: String?
        let anchor: Int32
    }

    let style: String
    let selected: Int
    var tabs: [Tab] = []
    private(set) var barRect: Rect = .zero
    /// Where each visible label was drawn, for clicks.
    private var labelSpans: [(index: Int, x: Int, width: Int)] = []

    init(id: UnsafeRawPointer, anchor: Int32, _ field: FieldReader, tabCount: Int) {
        style = field.choice("style", ["top", "bottom"]) ?? "top"
        selected = min(max(field.int("selected") ?? 1, 1), max(tabCount, 1))
        super.init(id: id, anchor: anchor)
    }

    override var isFocusable: Bool { !tabs.isEmpty }
    override var isFlexible: Bool { true }
    override var focusAfterChildren: Bool { style == "bottom" }
    /// Tabs fill the page they are given.
    override var preferredFlexibleHeight: Int { 10_000 }
    override func measure(width: Int) -> Int { barHeight + StackLayout.measureColumn(children, spacing: 0, width: width) }
    override func naturalWidth() -> Int { labels(compact: false).map { DisplayWidth.of($0) }.reduce(0) { $0 + $1 + 2 } + Gutter.width }

    var barHeight: Int { style == "top" ? 2 : 3 }

    override func layout(in rect: Rect, _ context: LayoutContext) {
        self.rect = rect
        let bar = min(barHeight, rect.height)
        if style == "top" {
            barRect = Rect(x: rect.x, y: rect.y, width: rect.width, height: bar)
            StackLayout.layoutColumn(children, spacing: 0, in: Rect(x: rect.x, y: rect.y + bar, width: rect.width, height: rect.height - bar), context)
        } else {
            barRect = Rect(x: rect.x, y: rect.maxY - bar, width: rect.width, height: bar)
            StackLayout.layoutColumn(children, spacing: 0, in: Rect(x: rect.x, y: rect.y, width: rect.width, height: rect.height - bar), context)
        }
    }

    /// The label of each tab: `[icon title]` for the selected one, padded otherwise.
    private func labels(compact: Bool) -> [String] {
        tabs.enumerated().map { i, tab in
            var text = tab.title
            if let icon = tab.icon, !icon.isEmpty { text = compact || text.isEmpty ? icon : icon + " " + text }
            return i + 1 == selected ? "[" + text + "]" : " " + text + " "
        }
    }

    override func render(into frame: inout FrameBuffer, _ context: RenderContext) {
        for child in children where !child.rect.isEmpty { child.render(into: &frame, context) }
        guard !barRect.isEmpty else { return }
        let focused = context.isFocused(self)
        if style == "top" {
            Gutter.draw(focused: focused, x: barRect.x, y: barRect.y, into: &frame, context, clip: barRect)
            drawLabels(into: &frame, context, row: barRect.y, area: barRect.dropLeft(Gutter.width).row(0), compact: false)
            if barRect.height > 1 {
                frame.fill(Rect(x: barRect.x, y: barRect.y + 1, width: barRect.width, height: 1), with: context.glyphs.horizontal, style: .dim)
            }
        } else {
            // A floating box: rounded corners, the labels inside, centred.
            var texts = labels(compact: false)
            let g = context.glyphs
            var inner = texts.map { DisplayWidth.of($0) }.reduce(0, +) + 2 * max(0, texts.count - 1) + 2
            if inner + 2 > barRect.width - Gutter.width {
                texts = labels(compact: true)
                inner = texts.map { DisplayWidth.of($0) }.reduce(0, +) + 2 * max(0, texts.count - 1) + 2
            }
            let boxWidth = min(inner + 2, barRect.width - Gutter.width)
            let x0 = barRect.x + Gutter.width + max(0, (barRect.width - Gutter.width - boxWidth) / 2)
            let mid = barRect.y + min(1, barRect.height - 1)
            Gutter.draw(focused: focused, x: x0 - Gutter.width, y: mid, into: &frame, context, clip: barRect)
            if barRect.height >= 3, boxWidth >= 2 {
                let rule = String(repeating: g.horizontal, count: boxWidth - 2)
                frame.put(String(g.topLeft) + rule + String(g.topRight), x: x0, y: barRect.y, style: .dim, clip: barRect)
                frame.put(String(g.bottomLeft) + rule + String(g.bottomRight), x: x0, y: barRect.y + 2, style: .dim, clip: barRect)
                frame.put(String(g.vertical), x: x0, y: mid, style: .dim, clip: barRect)
                frame.put(String(g.vertical), x: x0 + boxWidth - 1, y: mid, style: .dim, clip: barRect)
            }
            let area = Rect(x: x0 + 2, y: mid, width: max(0, boxWidth - 4), height: 1)
            drawLabels(into: &frame, context, row: mid, area: area, compact: texts.count > 0 && texts != labels(compact: false))
        }
    }

    /// Draws the labels into `area`, scrolled so that the selected one shows,
    /// with `‹`/`›` where more tabs lie beyond an edge.
    private func drawLabels(into frame: inout FrameBuffer, _ context: RenderContext, row: Int, area: Rect, compact: Bool) {
        labelSpans.removeAll()
        guard !area.isEmpty else { return }
        let texts = labels(compact: compact)
        let widths = texts.map { DisplayWidth.of($0) }
        let gap = 2
        // The first label shown: the smallest that leaves the selected one in view.
        func end(from first: Int) -> Int {
            var x = first > 0 ? 2 : 0
            for i in first..<selected { x += widths[i] + (i == selected - 1 ? 0 : gap) }
            return x
        }
        let room = area.width - (selected < texts.count ? 2 : 0)
        var first = 0
        while first < selected - 1, end(from: first) > room { first += 1 }
        var x = area.x
        if first > 0 {
            frame.put(String(context.glyphs.moreLeft), x: x, y: row, style: .dim, clip: area)
            x += 2
        }
        for i in first..<texts.count {
            let reserve = i < texts.count - 1 ? 2 : 0
            if x - area.x + widths[i] > area.width - reserve, i + 1 != selected {
                frame.put(String(context.glyphs.moreRight), x: area.maxX - 1, y: row, style: .dim, clip: area)
                break
            }
            let isSelected = i + 1 == selected
            frame.put(texts[i], x: x, y: row, style: isSelected ? Style.accent.union(.bold) : .plain, clip: area)
            labelSpans.append((i + 1, x, widths[i]))
            x += widths[i] + gap
        }
    }

    override func handle(_ key: Key, _ host: Host) -> Bool {
        switch key {
        case .left: select(selected - 1, host)
        case .right: select(selected + 1, host)
        default: return false
        }
        return true
    }

    override func click(x: Int, y: Int, _ host: Host) -> Bool {
        guard let span = labelSpans.first(where: { x >= $0.x && x < $0.x + $0.width }) else { return false }
        select(span.index, host)
        return true
    }

    override func hitRect() -> Rect { barRect }

    private func select(_ index: Int, _ host: Host) {
        guard index >= 1, index <= tabs.count, index != selected else { return }
        host.setInteger(anchor: anchor, field: "selected", index)
        host.call(anchor: anchor, handler: "onChange", [.component(tabs[index - 1].anchor), .integer(index)])
    }
}
