/// A size a script gives a child of a stack: `width = 20`, `"30%"`, `"2fr"`.
enum Dimension: Equatable, Sendable {
    case cells(Int)
    /// Of the stack's extent along that axis, 0…100.
    case percent(Int)
    /// A share of what is left once fixed and natural sizes are placed.
    case fraction(Int)

    var isFraction: Bool {
        if case .fraction = self { true } else { false }
    }

    /// `20`, `"30%"` or `"2fr"`; nil for anything else.
    static func parse(string s: String) -> Dimension? {
        if s.hasSuffix("%"), let n = Int(s.dropLast()), (0...100).contains(n) { return .percent(n) }
        if s.hasSuffix("fr"), let n = Int(s.dropLast(2)), (1...Sizing.maxFraction).contains(n) { return .fraction(n) }
        return nil
    }

    /// Cells along an axis of `extent`, for cells and percent (nil for a share).
    func fixed(of extent: Int) -> Int? {
        switch self {
        case .cells(let n): n
        // Divided first: a stack measured as if endless (Int.max / 4) must not overflow.
        case .percent(let p): extent / 100 * p + extent % 100 * p / 100
        case .fraction: nil
        }
    }
}

/// The size fields of one component, read only when it sets one (most set
/// none, and a node without them carries nil).
final class Sizing {
    static let maxCells = 10_000
    static let maxFraction = 1000
    /// The fields, as scripts write them; every component takes them.
    static let names = ["width", "height", "minWidth", "maxWidth", "minHeight", "maxHeight"]
    // The sets of kinds below hold the kinds' names: a `Set<Kind>` made at
    // start cost the Swift runtime a scan of every conformance record (for
    // `Kind: Hashable`) before the first frame; `String`'s is looked up anyway.
    /// Kinds that declare a `width` or `height` of their own, by name.
    static let ownWidth: Set<String> = kinds(declaring: "width")
    static let ownHeight: Set<String> = kinds(declaring: "height")

    private static func kinds(declaring name: String) -> Set<String> {
        var kinds: Set<String> = []
        for component in Registry.all {
            for spec in component.fields where spec.name == name { kinds.insert(component.kind.rawValue) }
        }
        return kinds
    }
    /// Kinds with a fixed height (`Component.fixedHeight`, said in each kind's
    /// file), by name: a share of rows (`height = "1fr"`) cannot grow them and
    /// is refused at the constructor.
    static let fixedHeight: Set<String> = Set(Registry.all.filter { $0.fixedHeight }.map { $0.kind.rawValue })
    /// What makes layout read them: these, a stack's `align`, and `hidden`.
    static let watched = names + ["align", "hidden"]

    var width: Dimension?
    var height: Dimension?
    var minWidth = 0, maxWidth = Int.max
    var minHeight = 0, maxHeight = Int.max

    var isEmpty: Bool {
        width == nil && height == nil && minWidth == 0 && maxWidth == .max && minHeight == 0 && maxHeight == .max
    }

    /// Whether both say the same (a component read again compares its sizes).
    static func same(_ a: Sizing?, _ b: Sizing?) -> Bool {
        guard let a, let b else { return a == nil && b == nil }
        return a.width == b.width && a.height == b.height && a.minWidth == b.minWidth && a.maxWidth == b.maxWidth
            && a.minHeight == b.minHeight && a.maxHeight == b.maxHeight
    }

    func clampWidth(_ w: Int) -> Int { max(minWidth, min(maxWidth, w)) }
    func clampHeight(_ h: Int) -> Int { max(minHeight, min(maxHeight, h)) }
}

/// How a stack places children across its axis (`align`).
enum CrossAlignment: String, CaseIterable, Sendable {
    case start, center, end

    /// Where a child of `size` starts in `extent` cells.
    func offset(_ size: Int, in extent: Int) -> Int {
        switch self {
        case .start: 0
        case .center: max(0, (extent - size) / 2)
        case .end: max(0, extent - size)
        }
    }
}
