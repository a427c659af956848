/// A cell rectangle, 0-based, in frame coordinates.
public struct Rect: Equatable, Sendable, CustomStringConvertible {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = max(0, width)
        self.height = max(0, height)
    }

    public var isEmpty: Bool { width <= 0 || height <= 0 }
    public var maxX: Int { x + width }
    public var maxY: Int { y + height }

    public func contains(x px: Int, y py: Int) -> Bool {
        px >= x && px < maxX && py >= y && py < maxY
    }

    public func intersection(_ other: Rect) -> Rect {
        let x0 = max(x, other.x), y0 = max(y, other.y)
        let x1 = min(maxX, other.maxX), y1 = min(maxY, other.maxY)
        if x1 <= x0 || y1 <= y0 { return Rect(x: x0, y: y0, width: 0, height: 0) }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The rect with `n` columns taken off the left.
    public func dropLeft(_ n: Int) -> Rect {
        let n = min(max(0, n), width)
        return Rect(x: x + n, y: y, width: width - n, height: height)
    }

    public func row(_ dy: Int) -> Rect {
        Rect(x: x, y: y + dy, width: width, height: dy < height ? 1 : 0)
    }

    public var description: String { "(\(x),\(y) \(width)x\(height))" }
}

/// A frame size in columns and rows.
public struct Size: Equatable, Sendable {
    public var cols: Int
    public var rows: Int
    public init(cols: Int, rows: Int) {
        self.cols = cols
        self.rows = rows
    }
}

extension Size {
    /// `COLSxROWS`: the one spelling of a size, for `--size`, `test.open` and
    /// sized cases. Nil when `text` is not one; each caller checks its own range.
    public init?(parsing text: String) {
        let parts = text.split(separator: "x", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
              let cols = Int(parts[0]), let rows = Int(parts[1]) else { return nil }
        self.init(cols: cols, rows: rows)
    }

    /// Whether both sides are within `range`.
    public func isWithin(_ range: ClosedRange<Int>) -> Bool { range.contains(cols) && range.contains(rows) }

    /// The `COLSxROWS` spelling.
    public var text: String { "\(cols)x\(rows)" }
}
