/// The addresses `serve` listens on by default without asking: this machine's own.
public enum ServeAddress {
    /// 127.0.0.0/8, ::1 and `localhost`: reachable only from this machine.
    public static func isLoopback(_ host: String) -> Bool {
        if host == "localhost" || host == "::1" || host == "[::1]" { return true }
        let parts = host.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 4 && parts[0] == "127" && parts.dropFirst().allSatisfy { UInt8($0) != nil }
    }
}
