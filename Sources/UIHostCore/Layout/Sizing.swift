/// The size fields of one component, read only when it sets one (most set
/// none, and a node without them carries nil).
final class Sizing {
    static let maxCells = 10_000
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
