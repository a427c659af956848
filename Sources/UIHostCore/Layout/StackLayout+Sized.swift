/// Stacks whose children carry sizes (`width`, `height`, min/max) or that
/// align them (`align`). A stack without either takes the paths of
/// StackLayout.swift, so its frames and its cost stay as they were.
///
/// Along the stack's axis a child gets, in this order: its size in cells or
/// percent of the stack; else what it measures (a flexible child nothing
/// yet); then flexible children without a size get the rows they want (a
/// list, up to its length); then what is left is shared by weight among
/// `fr` children and, as `1fr` each, spacers (a row: flexible children).
/// Every size is held within the child's min/max. Across the axis a child
/// gets its size, else the whole stack (`align = "start"`) or, aligned, what
/// it needs; `fr` across the axis means the whole stack.
extension StackLayout {
    static func needsSizing(_ children: [Node], _ align: CrossAlignment) -> Bool {
        align != .start || children.contains { $0.sizing != nil }
    }

    /// A child's columns on one line, its `width` in cells winning.
    static func naturalWidth(of child: Node) -> Int {
        guard let s = child.sizing else { return child.naturalWidth() }
        if case .cells(let n)? = s.width { return s.clampWidth(n) }
        return s.clampWidth(child.naturalWidth())
    }

    // MARK: - Columns

    static func sizedColumnHeights(_ children: [Node], spacing: Int, in rect: Rect, align: CrossAlignment) -> [Int] {
        var heights = [Int](repeating: 0, count: children.count)
        var weights = [Int](repeating: 0, count: children.count)
        var wanting: [Int] = []
        var wants = [Int](repeating: 0, count: children.count)
        for (i, child) in children.enumerated() {
            let s = child.sizing
            switch s?.height {
            case .fraction(let w)?:
                weights[i] = w
                heights[i] = s!.minHeight
            case let d?:
                heights[i] = s!.clampHeight(d.fixed(of: rect.height) ?? 0)
            case nil where child.isFlexible:
                heights[i] = s?.minHeight ?? 0
                wants[i] = child.preferredFlexibleHeight(width: crossWidth(child, in: rect.width, align: align))
                if wants[i] > 0 { wanting.append(i) }
                if child.growsWithSpace { weights[i] = 1 }
            case nil:
                let h = child.measure(width: crossWidth(child, in: rect.width, align: align))
                heights[i] = s?.clampHeight(h) ?? h
            }
        }
        var left = rect.height - heights.reduce(0, +) - spacing * (children.count - 1)
        // Rows wanted first, as in a stack without sizes.
        while left > 0, !wanting.isEmpty {
            let share = max(1, left / wanting.count)
            var next: [Int] = []
            for i in wanting where left > 0 {
                let want = min(wants[i], children[i].sizing?.maxHeight ?? .max) - heights[i]
                let give = max(0, min(share, want, left))
                heights[i] += give
                left -= give
                if give > 0, give == share { next.append(i) }
            }
            wanting = next
        }
        share(&heights, &left, weights: weights) { children[$0].sizing?.maxHeight ?? .max }
        return heights
    }

    static func layoutSizedColumn(_ children: [Node], spacing: Int, align: CrossAlignment, in rect: Rect, _ context: LayoutContext) {
        let heights = sizedColumnHeights(children, spacing: spacing, in: rect, align: align)
        var y = rect.y
        for (child, h) in zip(children, heights) {
            let w = min(rect.width, crossWidth(child, in: rect.width, align: align))
            let x = rect.x + align.offset(w, in: rect.width)
            child.layout(in: Rect(x: x, y: y, width: w, height: max(0, min(h, rect.maxY - y))), context)
            y += h + spacing
        }
    }

    static func measureSizedColumn(_ children: [Node], spacing: Int, width: Int, align: CrossAlignment) -> Int {
        var total = spacing * max(0, children.count - 1)
        for child in children {
            let s = child.sizing
            switch s?.height {
            case .cells(let n)?: total += s!.clampHeight(n)
            case .fraction?: total += s!.minHeight
            default:
                let w = crossWidth(child, in: width, align: align)
                let h = child.isFlexible ? child.preferredFlexibleHeight(width: w) : child.measure(width: w)
                total += s?.clampHeight(h) ?? h
            }
        }
        return total
    }

    /// A child's columns in a column of `extent`.
    static func crossWidth(_ child: Node, in extent: Int, align: CrossAlignment) -> Int {
        let s = child.sizing
        if let d = s?.width, let w = d.fixed(of: extent) { return s!.clampWidth(w) }
        var w = extent
        if align != .start, s?.width == nil {
            let natural = child.naturalWidth()
            if natural > 0 { w = min(natural, extent) }
        }
        return s?.clampWidth(w) ?? w
    }

    // MARK: - Rows

    static func sizedRowWidths(_ children: [Node], spacing: Int, width: Int) -> [Int] {
        var widths = [Int](repeating: 0, count: children.count)
        var weights = [Int](repeating: 0, count: children.count)
        for (i, child) in children.enumerated() {
            let s = child.sizing
            switch s?.width {
            case .fraction(let w)?:
                weights[i] = w
                widths[i] = s!.minWidth
            case let d?:
                widths[i] = s!.clampWidth(d.fixed(of: width) ?? 0)
            case nil where child.isFlexible:
                weights[i] = 1
                widths[i] = s?.minWidth ?? 0
            case nil:
                let w = child.naturalWidth()
                widths[i] = s?.clampWidth(w) ?? w
            }
        }
        var left = width - widths.reduce(0, +) - spacing * (children.count - 1)
        share(&widths, &left, weights: weights) { children[$0].sizing?.maxWidth ?? .max }
        return widths
    }

    static func layoutSizedRow(_ children: [Node], spacing: Int, align: CrossAlignment, in rect: Rect, _ context: LayoutContext) {
        let widths = sizedRowWidths(children, spacing: spacing, width: rect.width)
        var x = rect.x
        for (child, w) in zip(children, widths) {
            let placedWidth = max(0, min(w, rect.maxX - x))
            let h = min(rect.height, crossHeight(child, width: placedWidth, in: rect.height, align: align))
            let y = rect.y + align.offset(h, in: rect.height)
            child.layout(in: Rect(x: x, y: y, width: placedWidth, height: h), context)
            x += w + spacing
        }
    }

    static func measureSizedRow(_ children: [Node], spacing: Int, width: Int) -> Int {
        let widths = sizedRowWidths(children, spacing: spacing, width: width)
        return zip(children, widths).map { child, w in
            let s = child.sizing
            if case .cells(let n)? = s?.height { return s!.clampHeight(n) }
            let h = child.measure(width: w)
            return s?.clampHeight(h) ?? h
        }.max() ?? 0
    }

    /// A child's rows in a row of `extent`.
    static func crossHeight(_ child: Node, width: Int, in extent: Int, align: CrossAlignment) -> Int {
        let s = child.sizing
        if let d = s?.height, let h = d.fixed(of: extent) { return s!.clampHeight(h) }
        var h = extent
        if align != .start, s?.height == nil { h = min(extent, child.measure(width: width)) }
        return s?.clampHeight(h) ?? h
    }

    // MARK: - Shares

    /// Shares `left` by weight, holding each within `limit`; what a capped
    /// child cannot take goes round again to the others.
    private static func share(_ sizes: inout [Int], _ left: inout Int, weights: [Int], limit: (Int) -> Int) {
        var open = weights.indices.filter { weights[$0] > 0 && sizes[$0] < limit($0) }
        while left > 0, !open.isEmpty {
            let total = open.reduce(0) { $0 + weights[$1] }
            let pool = min(left, 1 << 40)
            var gives = open.map { pool * weights[$0] / total }
            // What the division leaves goes one by one to the first.
            var rest = pool - gives.reduce(0, +)
            for n in gives.indices where rest > 0 { gives[n] += 1; rest -= 1 }
            var given = 0
            var next: [Int] = []
            for (n, i) in open.enumerated() {
                let give = min(gives[n], limit(i) - sizes[i])
                sizes[i] += give
                given += give
                if sizes[i] < limit(i) { next.append(i) }
            }
            left -= given
            if given == 0 || next.count == open.count { break }
            open = next
        }
    }
}
