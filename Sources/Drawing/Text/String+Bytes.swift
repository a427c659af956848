import Glibc

extension StringProtocol {
    /// Whether the UTF-8 form holds `byte`: `memchr` over contiguous storage,
    /// since the generic `utf8.contains` walks index by index (it showed in
    /// the per-key cost, asked of every text on every layout).
    public func containsByte(_ byte: UInt8) -> Bool {
        let found = utf8.withContiguousStorageIfAvailable { bytes in
            bytes.baseAddress.map { memchr($0, Int32(byte), bytes.count) != nil } ?? false
        }
        return found ?? utf8.contains(byte)
    }
}
