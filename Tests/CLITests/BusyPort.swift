import Foundation
import XCTest

/// Runs `body` with a loopback port that a listening socket of the test's own
/// holds meanwhile, for the cases where the port a server asks for is taken.
func withBusyLoopbackPort<T>(_ body: (String) throws -> T) throws -> T {
    let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(fd) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var size = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, size) == 0 && listen(fd, 1) == 0 && getsockname(fd, $0, &size) == 0 }
    }
    XCTAssertTrue(bound, "no loopback port to hold")
    return try body(String(UInt16(bigEndian: address.sin_port)))
}
