// "Did you mean": the nearest known name to a misspelt one, for every
// message that names an unknown field, key, command or exposed function.

/// Edit distance counting a swap of neighbours as one edit (optimal string
/// alignment), for "did you mean" suggestions.
func editDistance(_ a: String, _ b: String) -> Int {
    distance(Array(a), Array(b))
}

/// The same over ASCII bytes, lowercased: names are ASCII identifiers, and
/// this runs for every key of every item that is not a field (Character
/// arrays and a matrix of arrays cost ~35,000 instructions a key).
private func asciiDistance(_ a: String, _ b: String) -> Int? {
    func lowered(_ s: String) -> [UInt8]? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(s.utf8.count)
        for byte in s.utf8 {
            guard byte < 0x80 else { return nil }
            bytes.append(byte >= 0x41 && byte <= 0x5A ? byte | 0x20 : byte)
        }
        return bytes
    }
    guard let a = lowered(a), let b = lowered(b) else { return nil }
    return distance(a, b)
}

/// Optimal string alignment distance, three rows kept.
private func distance<E: Equatable>(_ a: [E], _ b: [E]) -> Int {
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var before = [Int](repeating: 0, count: b.count + 1)
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
        current[0] = i
        for j in 1...b.count {
            let cost = a[i - 1] == b[j - 1] ? 0 : 1
            current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
            if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                current[j] = min(current[j], before[j - 2] + 1)
            }
        }
        (before, previous, current) = (previous, current, before)
    }
    return previous[b.count]
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
        let d: Int
        if let ascii = asciiDistance(name, candidate) {
            d = ascii
        } else {
            let near = lowered ?? name.lowercased()
            lowered = near
            d = editDistance(near, candidate.lowercased())
        }
        guard d <= allowed else { continue }
        if let b = best, d > b.distance || (d == b.distance && candidate >= b.name) { continue }
        best = (candidate, d)
    }
    return best?.name
}
