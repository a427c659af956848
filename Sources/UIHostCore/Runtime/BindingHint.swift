/// One action as footer and help show it: every key bound to it together.
struct BindingHint {
    var keys: [Key]
    let desc: String
    let show: Bool
    let group: String?
    let order: Int?

    /// The bindings with one description from one place (an entry listing
    /// several keys, or a script binding `d` and `delete` to "Delete") as one
    /// hint, where the first of them stands; then those with an `order` first.
    static func merged(_ bindings: [Binding]) -> [BindingHint] {
        var hints: [BindingHint] = []
        var index: [String: Int] = [:]
        for b in bindings {
            let place: String
            switch b.source {
            case .component(let anchor): place = "c\(anchor)"
            case .app: place = "app"
            case .command(let i): place = "command\(i)"
            }
            let id = place + "\u{0}" + b.desc
            if let i = index[id] {
                hints[i].keys.append(b.key)
            } else {
                index[id] = hints.count
                hints.append(BindingHint(keys: [b.key], desc: b.desc, show: b.show, group: b.group, order: b.order))
            }
        }
        // A stable sort: the unordered keep their place after the ordered.
        return hints.enumerated().sorted {
            ($0.element.order ?? Int.max, $0.offset) < ($1.element.order ?? Int.max, $1.offset)
        }.map(\.element)
    }
}
