/// `ui.grid`: children placed in order, left to right and then down, in the
/// cells of columns and rows whose sizes it declares (cells, `"N%"`, `"Nfr"`),
/// with `gap` cells between them. A child may cover several cells
/// (`colSpan`, `rowSpan`); it is placed at the first free place that holds
/// it, never before the previous child (CSS grid's sparse auto-placement).
/// Rows past those declared, and columns when none are, size themselves:
/// a row as its tallest one-row child, a missing column as `1fr`.
final class GridNode: Node, SemanticNode {
    let columns: [Dimension]
    let rows: [Dimension]
    let gap: Int
    /// Children's spans, by their tables (only those that set one).
    private let spans: [UnsafeRawPointer: (cols: Int, rows: Int)]

    static let maxTracks = 1000

    init(id: UnsafeRawPointer, anchor: Int32, _ field: FieldReader) {
        columns = field[Fields.columns]
        rows = field[Fields.rows]
        gap = field[Fields.gap]
        spans = field.childSpans()
        super.init(id: id, anchor: anchor)
    }

    var columnCount: Int { max(1, columns.count) }

    override var keepsSubtree: Bool { true }

    /// Worked out once per node (a node lives for one layout). Children past
    /// the last place (`GridPlacement`) have none: they are not shown.
    /// Its children's spans were read with it: a child read again alone
    /// may span otherwise, so the grid is read again instead.
    override func keeps(_ new: Node, replacing old: Node, direct: Bool) -> Bool { !direct }

    private(set) lazy var places: [GridPlacement.Place] = {
        var placement = GridPlacement(columns: columnCount)
        return placement.place(children.map { spans[$0.id] ?? (1, 1) })
    }()
    private lazy var rowCount: Int = max(rows.count, places.map { $0.row + $0.rows }.max() ?? 0)
    /// The children that have a place, in the order of `places`.
    private var placed: Zip2Sequence<[Node], [GridPlacement.Place]> { zip(children, places) }

    // MARK: - Sizes of the tracks

    /// Sizes along one axis: cells and percentages (of `extent` less the gaps)
    /// first, then tracks that size themselves (`natural`), then what is left
    /// shared by weight among the shares, the remainder a cell each to the first.
    static func tracks(_ dims: [Dimension?], extent: Int, gap: Int, natural: (Int) -> Int) -> [Int] {
        let room = max(0, extent - gap * max(0, dims.count - 1))
        var sizes = [Int](repeating: 0, count: dims.count)
        var weights = [Int](repeating: 0, count: dims.count)
        // Each size, and what is left, held to 2^40: a grid measured as if
        // endless (Int.max / 4) has percentages of an endless extent, and a
        // thousand of those would overflow their sum.
        let most = 1 << 40
        for (i, d) in dims.enumerated() {
            switch d {
            case .fraction(let w)?: weights[i] = w
            case let d?: sizes[i] = min(d.fixed(of: room) ?? 0, most)
            case nil: sizes[i] = min(natural(i), most)
            }
        }
        let left = min(room - sizes.reduce(0, +), most)
        let total = weights.reduce(0, +)
        guard left > 0, total > 0 else { return sizes }
        var given = 0
        for i in sizes.indices where weights[i] > 0 {
            sizes[i] = left * weights[i] / total
            given += sizes[i]
        }
        var rest = left - given
        for i in sizes.indices where weights[i] > 0 && rest > 0 {
            sizes[i] += 1
            rest -= 1
        }
        return sizes
    }

    /// Column widths at `width`: missing columns (none declared) are `1fr`.
    func columnWidths(_ width: Int) -> [Int] {
        let dims: [Dimension?] = columns.isEmpty ? [.fraction(1)] : columns
        return GridNode.tracks(dims, extent: width, gap: gap, natural: { _ in 0 })
    }

    /// Each row's own height: its tallest child that covers that row only.
    /// One pass over the children, whatever the number of rows.
    private func naturalRows(widths: [Int]) -> [Int] {
        var heights = [Int](repeating: 0, count: rowCount)
        for (child, p) in placed where p.rows == 1 {
            heights[p.row] = max(heights[p.row], child.measure(width: spanned(widths, from: p.column, count: p.columns)))
        }
        return heights
    }

    private func spanned(_ sizes: [Int], from i: Int, count: Int) -> Int {
        let end = min(sizes.count, i + count)
        guard i < end else { return 0 }
        return sizes[i..<end].reduce(0, +) + gap * (end - i - 1)
    }

    /// Row heights in `extent` rows; declared rows past the children's count too.
    private func rowHeights(_ extent: Int, widths: [Int]) -> [Int] {
        let dims: [Dimension?] = (0..<rowCount).map { $0 < rows.count ? rows[$0] : nil }
        let natural = naturalRows(widths: widths)
        return GridNode.tracks(dims, extent: extent, gap: gap) { natural[$0] }
    }

    // MARK: - In its container

    /// A grid with a share of rows grows like a spacer; others are as tall as their rows.
    private lazy var hasShareRows = rows.contains { $0.isFraction }
    override var isFlexible: Bool { hasShareRows }
    override var growsWithSpace: Bool { hasShareRows }
    override var preferredFlexibleHeight: Int { measure(width: Int.max / 4) }
    override func preferredFlexibleHeight(width: Int) -> Int { measure(width: width) }

    private var measured: (width: Int, height: Int)?

    /// Rows in cells as given; shares and percentages as their children need.
    override func measureRows(width: Int) -> Int {
        if let measured, measured.width == width { return measured.height }
        let widths = columnWidths(width)
        let natural = naturalRows(widths: widths)
        var total = gap * max(0, rowCount - 1)
        for r in 0..<rowCount {
            if r < rows.count, case .cells(let n) = rows[r] { total += n } else { total += natural[r] }
        }
        measured = (width, total)
        return total
    }

    override func leastRows(width: Int) -> Int { measure(width: width) }

    /// Asked at every level above it: worked out once per layout, as a stack's.
    override func naturalColumns() -> Int { natural }
    private lazy var natural: Int = {
        var widths = columns.map { dim -> Int in if case .cells(let n) = dim { n } else { 0 } }
        if widths.isEmpty { widths = [0] }
        for (child, p) in placed where p.columns == 1 {
            if p.column < columns.count, case .cells = columns[p.column] { continue }
            widths[p.column] = max(widths[p.column], StackLayout.naturalWidth(of: child))
        }
        return widths.reduce(0, +) + gap * max(0, columnCount - 1)
    }()

    override func layout(in rect: Rect, _ context: LayoutContext) {
        self.rect = rect
        let widths = columnWidths(rect.width)
        let heights = rowHeights(rect.height, widths: widths)
        var xs: [Int] = [], ys: [Int] = []
        var x = rect.x, y = rect.y
        for w in widths { xs.append(x); x += w + gap }
        for h in heights { ys.append(y); y += h + gap }
        for (child, p) in placed {
            // One-row controls in a taller cell centre their row.
            child.centresRow = true
            let cell = Rect(x: xs[p.column], y: ys[p.row], width: spanned(widths, from: p.column, count: p.columns),
                            height: spanned(heights, from: p.row, count: p.rows))
            // A child past the grid's edge is cut there, never drawn outside it.
            child.layout(in: cell.intersection(rect), context)
        }
    }

    override func render(into frame: inout FrameBuffer, _ context: RenderContext) {
        for (child, _) in placed where frame.shows(child.rect) { child.render(into: &frame, context) }
    }

    /// A layout of its own children: they speak for themselves, in order.
    func describe(_ context: SemanticsContext) -> Semantics { Semantics(role: "group") }
}

extension GridNode: Component {
    static let kind = Kind("grid")
    static let summary = """
        Children in the cells of a grid, in order: left to right, then down. `columns` and `rows` \
        give the tracks' sizes (cells, `"N%"`, `"Nfr"`); a child covers more cells with `colSpan`/`rowSpan`.
        """
    enum Fields {
        static let columns = Field<[Dimension]>(
            "columns", .sizes, default: .described("one `\"1fr\"` column"),
            doc: "widths of the columns: cells, `\"N%\"` or `\"Nfr\"`") { $0.dimensions($1) }
        static let rows = Field<[Dimension]>(
            "rows", .sizes, default: .described("as tall as their children"),
            doc: "heights of the first rows, as `columns`; later rows as tall as their children") { $0.dimensions($1) }
        static let gap = Field.integer("gap", 0...100, default: 0, doc: "empty cells between columns and between rows")
    }
    static let fields = [Fields.columns.spec, Fields.rows.spec, Fields.gap.spec]
    static let children = ChildPolicy.any(doc: "placed in order into the cells")
    static let keys: [KeySpec] = []

    static func node(_ source: NodeSource) -> any SemanticNode { GridNode(id: source.id, anchor: source.anchor, source.field) }
}
