/// `uihost test --shard K/N`: the K-th of N slices of the cases, so that a CI
/// matrix can spread one suite over N machines.
///
/// A case belongs to the slice its stable hash picks: FNV-1a of the script's
/// path (as given, without a leading `./`) and the case's name, modulo N. Each
/// worker decides alone, from what it knows (no run has to list every case of
/// every script first), the same on every machine and in every run; the N
/// slices together hold every case exactly once. The price is balance by
/// chance rather than by count: with many cases the slices come out near
/// equal, and a case keeps its slice when others are added or removed.
public struct Shard: Equatable, Sendable {
    /// 1-based.
    public let index: Int
    public let count: Int

    public init?(index: Int, count: Int) {
        guard count >= 1, (1...count).contains(index) else { return nil }
        self.index = index
        self.count = count
    }

    /// `K/N` with 1 ≤ K ≤ N.
    public init?(parsing text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy { $0.isASCII && $0.isNumber } }),
              let k = Int(parts[0]), let n = Int(parts[1]) else { return nil }
        self.init(index: k, count: n)
    }

    public var text: String { "\(index)/\(count)" }

    /// Whether the case `name` of the script at `path` runs in this slice.
    public func contains(script path: String, case name: String) -> Bool {
        Int(Shard.hash(script: path, case: name) % UInt64(count)) == index - 1
    }

    static func hash(script path: String, case name: String) -> UInt64 {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        func mix(_ byte: UInt8) {
            h ^= UInt64(byte)
            h = h &* 0x0000_0100_0000_01b3
        }
        let script = path.hasPrefix("./") ? String(path.dropFirst(2)) : path
        for byte in script.utf8 { mix(byte) }
        mix(0)
        for byte in name.utf8 { mix(byte) }
        return h
    }
}
