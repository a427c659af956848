/// Sparse auto-placement (CSS grid's): each child at the first free place,
/// in reading order from just after the previous child, that holds its
/// span. Bounded whatever a script writes: the cells it marks (a
/// `rowSpan` of 1000 under 1000 columns is a million) and the cells it
/// looks at are capped; children past either cap get no place.
public struct GridPlacement {
    /// Where a child goes: its first column and row, and how many it covers.
    public struct Place: Equatable {
        public var column, row, columns, rows: Int
    }

    public static let maxCells = 1 << 20
    public static let maxLooks = 1 << 22
    let n: Int
    /// Row-major, `n` a row, grown a row at a time as children need.
    private var taken: [Bool] = []
    private var looks = 0

    public init(columns: Int) { n = max(1, columns) }

    private func isTaken(_ row: Int, _ column: Int) -> Bool {
        let i = row * n + column
        return i < taken.count && taken[i]
    }

    /// Whether `rs` rows of `cs` columns from (r, c) are free; each cell
    /// looked at counts against `maxLooks`.
    private mutating func fits(_ r: Int, _ c: Int, _ rs: Int, _ cs: Int) -> Bool {
        for dr in 0..<rs {
            for dc in 0..<cs {
                looks += 1
                if isTaken(r + dr, c + dc) { return false }
            }
        }
        return true
    }

    public mutating func place(_ spans: [(cols: Int, rows: Int)]) -> [Place] {
        var result: [Place] = []
        result.reserveCapacity(spans.count)
        var cursor = 0
        for span in spans {
            let cs = min(max(1, span.cols), n), rs = max(1, span.rows)
            var p = cursor
            while p % n + cs > n || !fits(p / n, p % n, rs, cs) {
                p += 1
                if looks > GridPlacement.maxLooks { return result }
            }
            let r = p / n, c = p % n
            let end = (r + rs) * n
            guard end <= GridPlacement.maxCells else { return result }
            if taken.count < end { taken += repeatElement(false, count: end - taken.count) }
            for dr in 0..<rs { for dc in 0..<cs { taken[(r + dr) * n + c + dc] = true } }
            result.append(Place(column: c, row: r, columns: cs, rows: rs))
            cursor = p + cs
        }
        return result
    }
}

