/// SplitMix64: a small deterministic generator for the property tests.
struct RNG {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func below(_ n: Int) -> Int { n <= 0 ? 0 : Int(next() % UInt64(n)) }
    mutating func range(_ r: ClosedRange<Int>) -> Int { r.lowerBound + below(r.count) }
    /// True `n` times in `outOf`.
    mutating func chance(_ n: Int, _ outOf: Int) -> Bool { below(outOf) < n }
    mutating func pick<T>(_ a: [T]) -> T { a[below(a.count)] }
    /// One of the weighted choices.
    mutating func weighted<T>(_ a: [(T, Int)]) -> T {
        var r = below(a.reduce(0) { $0 + $1.1 })
        for (value, weight) in a {
            if r < weight { return value }
            r -= weight
        }
        return a[a.count - 1].0
    }
}
