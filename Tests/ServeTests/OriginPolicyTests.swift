import XCTest
@testable import Serve

final class OriginPolicyTests: XCTestCase {
    func testThePagesOwnOriginIsAllowed() {
        XCTAssertTrue(OriginPolicy.allows(origin: "http://127.0.0.1:8080", host: "127.0.0.1:8080"))
        XCTAssertTrue(OriginPolicy.allows(origin: "http://LOCALHOST:8080", host: "localhost:8080"))
        // Behind a TLS proxy that passes the Host on.
        XCTAssertTrue(OriginPolicy.allows(origin: "https://apps.example.org", host: "apps.example.org"))
        XCTAssertTrue(OriginPolicy.allows(origin: "https://apps.example.org", host: "apps.example.org:443"))
    }

    func testAnyOtherOriginIsRefused() {
        XCTAssertFalse(OriginPolicy.allows(origin: "http://evil.example", host: "127.0.0.1:8080"))
        XCTAssertFalse(OriginPolicy.allows(origin: "http://127.0.0.1:8081", host: "127.0.0.1:8080"))
        XCTAssertFalse(OriginPolicy.allows(origin: "http://127.0.0.1", host: "127.0.0.1:8080"))
        XCTAssertFalse(OriginPolicy.allows(origin: "null", host: "127.0.0.1:8080"))
        XCTAssertFalse(OriginPolicy.allows(origin: "file://", host: "127.0.0.1:8080"))
        XCTAssertFalse(OriginPolicy.allows(origin: "http://127.0.0.1:8080.evil.example", host: "127.0.0.1:8080"))
        XCTAssertFalse(OriginPolicy.allows(origin: "http://user@127.0.0.1:8080", host: "127.0.0.1:8080"))
        XCTAssertFalse(OriginPolicy.allows(origin: "chrome-extension://abc", host: "abc"))
    }

    func testNoOriginOrNoHostIsRefused() {
        XCTAssertFalse(OriginPolicy.allows(origin: nil, host: "127.0.0.1:8080"))
        XCTAssertFalse(OriginPolicy.allows(origin: "http://127.0.0.1:8080", host: nil))
        XCTAssertFalse(OriginPolicy.allows(origin: "http://", host: ""))
    }
}
