/// Scrolling columns of nodes: the layout that makes a `Viewport` (Drawing)
/// and the drawing through one.
extension Viewport {
    /// Draws the children clipped to the view, then the marks.
    func render(_ children: [Node], into frame: inout FrameBuffer, _ context: RenderContext, markStyle: Style = .muted) {
        frame.clipped(to: rect) { frame in StackLayout.renderColumn(children, into: &frame, context) }
        guard !rect.isEmpty else { return }
        if canScrollUp { frame.put(context.glyphs.moreUp, x: markX, y: rect.y, style: markStyle) }
        if canScrollDown { frame.put(context.glyphs.moreDown, x: markX, y: rect.maxY - 1, style: markStyle) }
    }
}

extension StackLayout {
    /// Lays out a column of children that may be taller than `rect`. When their
    /// least heights fit, it is `layoutColumn` and nil; otherwise each child
    /// gets its least height, the column is placed `offset` rows up (the
    /// offset kept for `key`, clamped), `reserve` columns at the right are
    /// left for the marks, and the viewport says what shows.
    static func layoutScrollingColumn(_ children: [Node], spacing: Int, in rect: Rect, key: UnsafeRawPointer,
                                      reserve: Int = 0, markX: Int, _ context: LayoutContext) -> Viewport? {
        guard !children.isEmpty, rect.height > 0, rect.width > 0 else {
            layoutColumn(children, spacing: spacing, in: rect, context)
            return nil
        }
        if leastColumnHeight(children, spacing: spacing, width: rect.width, extent: rect.height) <= rect.height {
            if context.state[ScrollOffset.self, key] != nil { context.state[ScrollOffset.self, key] = nil }
            layoutColumn(children, spacing: spacing, in: rect, context)
            return nil
        }
        let width = max(0, rect.width - reserve)
        let heights = children.map { leastHeight(of: $0, width: width, extent: rect.height) }
        let content = heights.reduce(0, +) + spacing * (children.count - 1)
        let offset = min(max(context.state[ScrollOffset.self, key] ?? 0, 0), max(0, content - rect.height))
        context.state[ScrollOffset.self, key] = offset
        var y = rect.y - offset
        for (child, h) in zip(children, heights) {
            child.layout(in: Rect(x: rect.x, y: y, width: width, height: h), context)
            y += h + spacing
        }
        return Viewport(key: key, rect: rect, contentHeight: content, offset: offset, markX: markX)
    }

    /// Draws the children of a column that show. Laid out top to bottom, no
    /// child starts above the end of the one before, so the first that shows
    /// is found by halving and drawing stops at the first below the view: a
    /// frame costs what shows, not the length of the column.
    static func renderColumn(_ children: [Node], into frame: inout FrameBuffer, _ context: RenderContext) {
        let top = frame.limit.y, bottom = frame.limit.maxY
        var low = 0, high = children.count
        while low < high {
            let mid = (low + high) / 2
            if children[mid].rect.maxY <= top { low = mid + 1 } else { high = mid }
        }
        for child in children[low...] {
            guard child.rect.y < bottom else { break }
            if frame.shows(child.rect) { child.render(into: &frame, context) }
        }
    }

    /// The rows a column needs at least: flexible children at their least.
    /// `extent` is the column's height when known (a percentage is of it).
    static func leastColumnHeight(_ children: [Node], spacing: Int, width: Int, extent: Int? = nil) -> Int {
        guard !children.isEmpty else { return 0 }
        var total = spacing * (children.count - 1)
        for child in children { total += leastHeight(of: child, width: width, extent: extent) }
        return total
    }

    /// A child's rows in a column that scrolls: its `height` in cells (or
    /// percent of `extent`) when it gives one, else its least, held within
    /// its min/max. A script that sized a table 5 rows gets 5, not a list's 3.
    static func leastHeight(of child: Node, width: Int, extent: Int?) -> Int {
        guard let s = child.sizing else { return child.leastHeight(width: width) }
        if let d = s.height, case .cells(let n) = d { return s.clampHeight(n) }
        if let d = s.height, case .percent = d, let extent, let h = d.fixed(of: extent) { return s.clampHeight(h) }
        return s.clampHeight(child.leastHeight(width: width))
    }
}

/// Rows a scrolling container (the screen, a sheet, the drawer, `ui.scroll`)
/// is scrolled past its top, while it overflows.
enum ScrollOffset: ComponentState {
    typealias Value = Int
    static let keptAcrossReload = true
}
