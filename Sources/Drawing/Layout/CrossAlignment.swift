/// How a stack places children across its axis (`align`).
public enum CrossAlignment: String, CaseIterable, Sendable {
    case start, center, end

    /// Where a child of `size` starts in `extent` cells.
    @inlinable public func offset(_ size: Int, in extent: Int) -> Int {
        switch self {
        case .start: 0
        case .center: max(0, (extent - size) / 2)
        case .end: max(0, extent - size)
        }
    }
}
