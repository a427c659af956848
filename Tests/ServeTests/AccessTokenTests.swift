import XCTest
@testable import Serve

final class AccessTokenTests: XCTestCase {
    func testARandomTokenIs43URLSafeCharactersAndNeverTheSame() throws {
        let tokens = try (0..<50).map { _ in try AccessToken.random().text }
        XCTAssertEqual(Set(tokens).count, 50)
        for token in tokens {
            XCTAssertEqual(token.utf8.count, 43, "32 bytes in base64url without padding")
            XCTAssertTrue(token.utf8.allSatisfy(Base64URL.isAlphabet), token)
        }
    }

    func testBase64URLEncodesLikeRFC4648() {
        XCTAssertEqual(Base64URL.encode(Array("foobar".utf8)), "Zm9vYmFy")
        XCTAssertEqual(Base64URL.encode(Array("fooba".utf8)), "Zm9vYmE")
        XCTAssertEqual(Base64URL.encode([0xFB, 0xFF]), "-_8")
    }

    func testAGivenTokenMustBeLongAndURLSafe() throws {
        XCTAssertThrowsError(try AccessToken(String(repeating: "a", count: 42)))
        XCTAssertThrowsError(try AccessToken(String(repeating: "a", count: 42) + "/"))
        XCTAssertThrowsError(try AccessToken(String(repeating: "a", count: 42) + "%"))
        let token = try AccessToken(String(repeating: "a", count: 43) + "\n")
        XCTAssertEqual(token.text, String(repeating: "a", count: 43), "a file's line break is not part of it")
    }

    func testMatchesOnlyTheWholeToken() throws {
        let token = try AccessToken.random()
        XCTAssertTrue(token.matches(token.text.utf8))
        XCTAssertFalse(token.matches(token.text.dropLast().utf8))
        XCTAssertFalse(token.matches((token.text + "x").utf8))
        XCTAssertFalse(token.matches("".utf8))
        XCTAssertFalse(token.matches(String(repeating: "A", count: 43).utf8))
    }
}
