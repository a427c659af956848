import XCTest
@testable import Serve

final class ServeAddressTests: XCTestCase {
    func testOnlyThisMachinesAddressesAreLoopback() {
        for host in ["127.0.0.1", "127.1.2.3", "::1", "localhost"] { XCTAssertTrue(ServeAddress.isLoopback(host), host) }
        for host in ["0.0.0.0", "::", "192.168.1.2", "127.0.0", "127.0.0.256", "localhost.example", "10.0.0.1"] {
            XCTAssertFalse(ServeAddress.isLoopback(host), host)
        }
    }
}
