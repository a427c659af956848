/// A size a script gives a child of a stack: `width = 20`, `"30%"`, `"2fr"`.
public enum Dimension: Equatable, Sendable {
    /// The largest share a size may ask for (`"1000fr"`).
    public static let maxFraction = 1000

    case cells(Int)
    /// Of the stack's extent along that axis, 0…100.
    case percent(Int)
    /// A share of what is left once fixed and natural sizes are placed.
    case fraction(Int)

    @inlinable public var isFraction: Bool {
        if case .fraction = self { true } else { false }
    }

    /// `20`, `"30%"` or `"2fr"`; nil for anything else.
    public static func parse(string s: String) -> Dimension? {
        if s.hasSuffix("%"), let n = Int(s.dropLast()), (0...100).contains(n) { return .percent(n) }
        if s.hasSuffix("fr"), let n = Int(s.dropLast(2)), (1...maxFraction).contains(n) { return .fraction(n) }
        return nil
    }

    /// Cells along an axis of `extent`, for cells and percent (nil for a share).
    @inlinable public func fixed(of extent: Int) -> Int? {
        switch self {
        case .cells(let n): n
        // Divided first: a stack measured as if endless (Int.max / 4) must not overflow.
        case .percent(let p): extent / 100 * p + extent % 100 * p / 100
        case .fraction: nil
        }
    }
}
