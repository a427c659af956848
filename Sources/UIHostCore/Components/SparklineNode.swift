import LuaBridge

/// `ui.sparkline`: numbers as one row of bars, `▁▂▄█▆▃`, a column each, such
/// as a rate over the last minute. It shows the last values that fit its width
/// (reading only those), scaled between `min` and `max` (the shown values'
/// own when unset). Not focusable: a screen reader hears its range and last value.
final class SparklineNode: Node, SemanticNode {
    /// The last values of `data`, at most `maxShown`.
    let values: [Double]
    /// How many values `data` holds.
    let count: Int
    let low: Double?
    let high: Double?
    let style: Style

    init(id: UnsafeRawPointer, anchor: Int32, _ field: FieldReader) {
        (values, count) = field[Fields.data]
        low = field[Fields.min]
        high = field[Fields.max]
        style = field[Fields.style]
        super.init(id: id, anchor: anchor)
    }

    /// No frame is wider: a sparkline reads no more of `data` than this.
    static let maxShown = 1000
    static let bars: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]
    static let asciiBars: [Character] = ["_", ".", ":", "-", "=", "+", "*", "#"]

    override func measureRows(width: Int) -> Int { 1 }
    override func naturalColumns() -> Int { values.count }

    /// The bar of each of the last `width` values: the scale's low end is
    /// the lowest bar, its high end the highest; one value alone, or all
    /// alike, sit in the middle.
    func levels(width: Int) -> [Int] {
        let shown = values.suffix(max(0, width))
        guard let lowest = low ?? shown.min(), let highest = high ?? shown.max() else { return [] }
        let top = SparklineNode.bars.count - 1
        guard highest > lowest else { return shown.map { _ in top / 2 } }
        // Halves: from -1e308 to 1e308 the span itself would overflow to infinity.
        let span = highest / 2 - lowest / 2
        return shown.map { value in
            let share = (min(max(value, lowest), highest) / 2 - lowest / 2) / span
            return share.isFinite ? Int((share * Double(top)).rounded()) : top / 2
        }
    }

    override func render(into frame: inout FrameBuffer, _ context: RenderContext) {
        guard !rect.isEmpty else { return }
        let bars = context.glyphs.isASCII ? SparklineNode.asciiBars : SparklineNode.bars
        let row = String(levels(width: rect.width).map { bars[$0] })
        frame.put(row, x: rect.x, y: rect.y, style: Style.accent.union(style), clip: rect)
    }

    func describe(_ context: SemanticsContext) -> Semantics {
        guard let last = values.last, let lowest = values.min(), let highest = values.max() else {
            return Semantics(role: "sparkline", label: "no values")
        }
        let number = { (d: Double) in d.rounded() == d && abs(d) < 1e15 ? String(Int(d)) : String(d) }
        // The range is of the values read: the last `maxShown` of a longer array.
        let read = count == values.count ? "" : ", the last \(values.count)"
        return Semantics(role: "sparkline", label: "\(count) values\(read) from \(number(lowest)) to \(number(highest))",
                         value: "last \(number(last))")
    }

    /// The last values of the array in `key` (at most `maxShown`), and how
    /// many it holds; an entry that is no number is a problem and reads as 0.
    static func lastValues(_ field: FieldReader, _ key: StaticString) -> (values: [Double], count: Int) {
        let count = field.arrayCount(key)
        guard count > 0 else { return ([], 0) }
        let s = field.s
        field.reader.pushName(key)
        s.rawGet(at: field.table)
        defer { s.pop() }
        let list = s.top
        var values: [Double] = []
        values.reserveCapacity(min(count, maxShown))
        for i in max(1, count - maxShown + 1)...count {
            s.rawGetIndex(at: list, i)
            defer { s.pop() }
            let isNumber = s.type(at: -1) == .number
            let n = isNumber ? s.toNumber(at: -1) : .nan
            if n.isFinite {
                values.append(n)
            } else {
                // NaN and the infinities are numbers: say which.
                let got = isNumber ? String(n) : field.reader.typeName(-1)
                field.reader.problem("\(field.fieldName(key))[\(i)] must be a finite number (got \(got))")
                values.append(0)
            }
        }
        return (values, count)
    }
}

extension SparklineNode: Component {
    static let kind = Kind("sparkline")
    static let fixedHeight = true
    static let summary = """
        Numbers as one row of bars, `▁▂▄█▆▃`, a column each: the last values that fit its width.
        """
    enum Fields {
        static let data = Field<(values: [Double], count: Int)>(
            "data", .numbers, default: .value(.emptyTable),
            doc: "the values, oldest first; only the last that fit are read (at most 1,000)", read: lastValues)
        static let min = Field<Double?>(
            "min", .number(min: nil, max: nil),
            doc: "the value of the lowest bar (the lowest shown when unset); a value below it draws as it") { $0.number($1) }
        static let max = Field<Double?>(
            "max", .number(min: nil, max: nil),
            doc: "the value of the highest bar (the highest shown when unset); a value above it draws as it") { $0.number($1) }
        static let style = Field.style(doc: "colours and attributes of the bars (the theme's accent unless said)")
    }
    static let fields = [Fields.data.spec, Fields.min.spec, Fields.max.spec, Fields.style.spec]

    static let keys: [KeySpec] = []

    static func node(_ source: NodeSource) -> any SemanticNode { SparklineNode(id: source.id, anchor: source.anchor, source.field) }
}
