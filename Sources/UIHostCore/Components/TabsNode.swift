import LuaBridge

/// `ui.tabs` of `ui.tab`s. `style = "top"`: the first article's header bar;
/// `style = "bottom"`: the fourth article's floating bar. Only the selected
/// tab's children are read, laid out and focusable. The bar is focusable:
/// Left/Right switch tabs; a click on a label switches to it.
final class TabsNode: Node, SemanticNode {
    struct Tab {
        let title: String
        let icon: String?
        let anchor: Int32
        var style: Style = .plain
    }

    let style: String
    /// `style = { … }` (a table, not "top"/"bottom"): how every label looks.
    let labelStyle: Style
    let selected: Int
    var tabs: [Tab] = []
    private(set) var barRect: Rect = .zero

    init(id: UnsafeRawPointer, anchor: Int32, _ field: FieldReader, tabCount: Int) {
        (style, labelStyle) = field[Fields.style]
        selected = min(field[Fields.selected], max(tabCount, 1))
        if tabCount > 0 { field.writeDefault(Fields.selected) }
        super.init(id: id, anchor: anchor)
    }

    override var isFocusable: Bool { !tabs.isEmpty }
    override var isFlexible: Bool { true }
    override var focusAfterChildren: Bool { style == "bottom" }
    /// Tabs fill the page they are given.
    override var preferredFlexibleHeight: Int { 10_000 }
    override func measureRows(width: Int) -> Int { barHeight + StackLayout.measureColumn(children, spacing: 0, width: width) }
    override func leastRows(width: Int) -> Int { barHeight + StackLayout.leastColumnHeight(children, spacing: 0, width: width) }
    override func naturalColumns() -> Int { labels(compact: false).map { DisplayWidth.of($0) }.reduce(0) { $0 + $1 + 2 } + Gutter.width }

    var barHeight: Int { style == "top" ? 2 : 3 }

    /// Where the bar's parts go, worked out at layout so that clicks find the
    /// labels whether or not the frame was drawn since.
    private struct Bar {
        var row = 0
        var gutterX = 0
        /// The floating box of the bottom style: left column and width.
        var box: (x: Int, width: Int)?
        var labels: [(index: Int, x: Int, text: String)] = []
        var moreLeftX: Int?
        var moreRightX: Int?
        var area = Rect.zero
    }
    private var bar = Bar()

    override func layout(in rect: Rect, _ context: LayoutContext) {
        self.rect = rect
        let height = min(barHeight, rect.height)
        if style == "top" {
            barRect = Rect(x: rect.x, y: rect.y, width: rect.width, height: height)
            StackLayout.layoutColumn(children, spacing: 0, in: Rect(x: rect.x, y: rect.y + height, width: rect.width, height: rect.height - height), context)
        } else {
            barRect = Rect(x: rect.x, y: rect.maxY - height, width: rect.width, height: height)
            StackLayout.layoutColumn(children, spacing: 0, in: Rect(x: rect.x, y: rect.y, width: rect.width, height: rect.height - height), context)
        }
        bar = placeBar()
    }

    /// The label of each tab: `[icon title]` for the selected one, padded otherwise.
    private func labels(compact: Bool) -> [String] {
        tabs.enumerated().map { i, tab in
            var text = tab.title
            if let icon = tab.icon, !icon.isEmpty { text = compact || text.isEmpty ? icon : icon + " " + text }
            return i + 1 == selected ? "[" + text + "]" : " " + text + " "
        }
    }

    private func placeBar() -> Bar {
        var bar = Bar()
        guard !barRect.isEmpty else { return bar }
        if style == "top" {
            bar.row = barRect.y
            bar.gutterX = barRect.x
            bar.area = barRect.dropLeft(Gutter.width).row(0)
            placeLabels(labels(compact: false), into: &bar)
            return bar
        }
        // A floating box: rounded corners, the labels inside, centred; icons
        // only when the titles do not fit.
        var texts = labels(compact: false)
        func innerWidth(_ texts: [String]) -> Int {
            texts.map { DisplayWidth.of($0) }.reduce(0, +) + 2 * max(0, texts.count - 1) + 2
        }
        if innerWidth(texts) + 2 > barRect.width - Gutter.width { texts = labels(compact: true) }
        let boxWidth = max(0, min(innerWidth(texts) + 2, barRect.width - Gutter.width))
        let x0 = barRect.x + Gutter.width + max(0, (barRect.width - Gutter.width - boxWidth) / 2)
        bar.row = barRect.y + min(1, barRect.height - 1)
        bar.gutterX = x0 - Gutter.width
        if barRect.height >= 3, boxWidth >= 2 { bar.box = (x0, boxWidth) }
        bar.area = Rect(x: x0 + 2, y: bar.row, width: max(0, boxWidth - 4), height: 1)
        placeLabels(texts, into: &bar)
        return bar
    }

    /// Lays the labels out in the bar's area, scrolled so that the selected one
    /// shows, with `«`/`»` where more tabs lie beyond an edge.
    private func placeLabels(_ texts: [String], into bar: inout Bar) {
        let area = bar.area
        guard !area.isEmpty, !texts.isEmpty else { return }
        // `selected` is clamped to the table's entries; some may not be tabs.
        let selected = min(self.selected, texts.count)
        let widths = texts.map { DisplayWidth.of($0) }
        let gap = 2
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
            bar.moreLeftX = x
            x += 2
        }
        for i in first..<texts.count {
            let reserve = i < texts.count - 1 ? 2 : 0
            if x - area.x + widths[i] > area.width - reserve, i + 1 != selected {
                bar.moreRightX = area.maxX - 1
                break
            }
            bar.labels.append((i + 1, x, texts[i]))
            x += widths[i] + gap
        }
    }

    override func render(into frame: inout FrameBuffer, _ context: RenderContext) {
        for child in children where frame.shows(child.rect) { child.render(into: &frame, context) }
        guard !barRect.isEmpty else { return }
        let g = context.glyphs
        Gutter.draw(focused: context.isFocused(self), x: bar.gutterX, y: bar.row, into: &frame, context, clip: barRect)
        if style == "top", barRect.height > 1 {
            frame.fill(Rect(x: barRect.x, y: barRect.y + 1, width: barRect.width, height: 1), with: g.horizontal, style: .border)
        }
        if let box = bar.box {
            let rule = String(repeating: g.horizontal, count: box.width - 2)
            frame.put(String(g.topLeft) + rule + String(g.topRight), x: box.x, y: barRect.y, style: .border, clip: barRect)
            frame.put(String(g.bottomLeft) + rule + String(g.bottomRight), x: box.x, y: barRect.y + 2, style: .border, clip: barRect)
            frame.put(String(g.vertical), x: box.x, y: bar.row, style: .border, clip: barRect)
            frame.put(String(g.vertical), x: box.x + box.width - 1, y: bar.row, style: .border, clip: barRect)
        }
        if let x = bar.moreLeftX { frame.put(g.moreLeft, x: x, y: bar.row, style: .muted, clip: bar.area) }
        if let x = bar.moreRightX {
            frame.put(g.moreRight, x: x + 1 - DisplayWidth.of(g.moreRight), y: bar.row, style: .muted, clip: bar.area)
        }
        for label in bar.labels {
            let own = labelStyle.union(tabs[label.index - 1].style)
            let style = label.index == selected ? own.union(Style.accent.union(.bold)) : own
            frame.put(label.text, x: label.x, y: bar.row, style: style, clip: bar.area)
        }
    }

    override func handle(_ key: Key, _ context: EventContext) -> [Action]? {
        switch TabsNode.keys.action(for: key) {
        case .move(let step): select(selected + step)
        default: nil
        }
    }

    override func click(x: Int, y: Int, _ context: EventContext) -> [Action]? {
        guard y == bar.row,
              let label = bar.labels.first(where: { x >= $0.x && x < $0.x + DisplayWidth.of($0.text) }) else { return nil }
        return select(label.index)
    }

    override func hitRect() -> Rect { barRect }

    private func select(_ index: Int) -> [Action] {
        guard index >= 1, index <= tabs.count, index != selected else { return [] }
        return [.setInteger(anchor: anchor, field: "selected", index),
                .call(anchor: anchor, handler: "onChange", [.component(tabs[index - 1].anchor), .integer(index)])]
    }

    /// A value a `--watch` reload gave back: the handler the user's change runs.
    override func restored(_ field: String, _ value: KeptState.Value) -> [Action] {
        guard field == "selected", case .integer(let index) = value, index >= 1, index <= tabs.count else { return [] }
        return [.call(anchor: anchor, handler: "onChange", [.component(tabs[index - 1].anchor), .integer(index)])]
    }

    /// A tab per label; the chosen tab holds the page (the only one laid out).
    func describe(_ context: SemanticsContext) -> Semantics {
        var s = Semantics(role: "tabs", label: Semantics.count(tabs.count, "tab"),
                          value: tabs.indices.contains(selected - 1) ? tabs[selected - 1].title : nil)
        s.children = tabs.enumerated().map { i, tab in
            var t = Semantics(role: "tab", label: tab.icon.map { $0 + " " + tab.title } ?? tab.title)
            // A tab is a `ui.tab` of its own, though the tabs draw it.
            t.kind = TabPage.kind.rawValue
            t.selected = i + 1 == selected
            if i + 1 == selected { t.children = children.map { $0.semantics(context) } }
            return t
        }
        return s
    }
}

extension TabsNode: Component {
    static let kind = Kind("tabs")
    static let summary = """
        A tab bar over (or under) the selected tab's page. Left/Right switch tabs while it has focus; a \
        click on a label switches to it.
        """
    enum Fields {
        /// Where the bar goes, and how every label looks.
        static let style = Field<(place: String, labels: Style)>(
            "style", .choiceOrStyle(places), default: .value(.string(places[0])), luaType: "ui.TabsStyle|ui.Style",
            doc: "where the bar goes; a table instead is the labels' style (the bar then stays on top)"
        ) { field, key in
            // A table is a style (the bar stays on top); a string is where the bar goes.
            field.isTable(key) ? (places[0], field.style(key) ?? .plain) : (field.choice(key, places) ?? places[0], .plain)
        }
        static let places = ["top", "bottom"]
        static let selected = Field.index("selected", counting: .children,
                                          doc: "the selected tab; the constructor writes the default into the table, and a switch is written back before `onChange` (clamped when read)")
    }
    static let fields: [FieldSpec] = [
        Fields.style.spec,
        Fields.selected.spec,
        .handler("onChange", "fun(tab: ui.Tab, index: integer)", doc: "`onChange(tab, index)`: the selected tab changed; `tab` is the `ui.tab` table"),
    ]
    static let children = ChildPolicy.only(.tab, doc: "the tabs; every child must be a `ui.tab`")
    static let readsOwnChildren = true

    static let keys: [KeySpec] = [
        KeySpec([.left], "Previous tab: calls onChange", .move(-1)),
        KeySpec([.right], "Next tab: calls onChange", .move(1)),
    ]

    /// Tabs read every tab's title and icon, but only the selected tab's children.
    static func node(_ source: NodeSource) -> any SemanticNode {
        let reader = source.reader, L = reader.L, t = source.table
        let path = source.path()
        let count = reader.boundedLength(t, limit: HostLimits.maxArrayRead, path: path)
        let node = TabsNode(id: source.id, anchor: source.anchor, source.field, tabCount: count)
        for i in stride(from: 1, through: count, by: 1) {
            let s = LuaStack(L)
            s.rawGetIndex(at: t, i)
            defer { s.pop() }
            guard reader.kinds.kind(L, at: -1) == .tab, s.pushStorageMakingProxy(of: -1) else {
                reader.problem("\(path)[\(i)] must be a ui.tab (got \(reader.typeName(-1)))")
                continue
            }
            defer { s.pop() }
            // The tab's fields are in its storage, below it its proxy.
            let tab = s.top
            let tabField = FieldReader(reader: reader, table: tab, kind: .tab)
            // A write into the tab (its title) reads these tabs again.
            if let tabID = s.pointer(at: tab - 1) { reader.noteHeld(tabID, by: source.anchor) }
            node.tabs.append(Tab(title: tabField[TabPage.Fields.title], icon: tabField[TabPage.Fields.icon],
                                 anchor: reader.anchor(tab - 1, storage: tab), style: tabField[TabPage.Fields.style]))
            if i == node.selected {
                node.children = reader.children(of: tab, depth: source.depth + 1, path: "\(path)[\(i)]", parent: node)
            }
        }
        return node
    }
}
