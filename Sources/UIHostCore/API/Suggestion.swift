// "Did you mean": the nearest known name to a misspelt one, for every
// message that names an unknown field, key, command or exposed function.

/// Edit distance counting a swap of neighbours as one edit (optimal string
/// alignment), for "did you mean" suggestions.
func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a), b = Array(b)
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var d = Array(repeating: Array(repeating: 0, count: b.count + 1), count: a.count + 1)
    for i in 0...a.count { d[i][0] = i }
    for j in 0...b.count { d[0][j] = j }
    for i in 1...a.count {
        for j in 1...b.count {
            let cost = a[i - 1] == b[j - 1] ? 0 : 1
            d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
            if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
            }
        }
    }
    return d[a.count][b.count]
}

/// The closest known name, when `name` looks like a misspelling of it: one
/// edit for short names, two for names of five letters or more.
public func suggestion(for name: String, among names: some Sequence<String>) -> String? {
    // Known names are short: a long one is no near miss, and its distance would cost its length squared.
    guard name.utf8.count <= HostLimits.maxNameLength else { return nil }
    // Runs for every key of every item that is not a field (items carry the
    // script's own data), so the length filter comes first and nothing is
    // sorted: the nearest wins, and among equals the first in sorted order.
    let length = name.count
    let allowed = length >= 5 ? 2 : 1
    var lowered: String?
    var best: (name: String, distance: Int)?
    for candidate in names where abs(candidate.count - length) <= allowed {
        let near = lowered ?? name.lowercased()
        lowered = near
        let d = editDistance(near, candidate.lowercased())
        guard d <= allowed else { continue }
        if let b = best, d > b.distance || (d == b.distance && candidate >= b.name) { continue }
        best = (candidate, d)
    }
    return best?.name
}
