import XCTest
@testable import Serve

final class RouteTests: XCTestCase {
    private let token = try! AccessToken(String(repeating: "k", count: 43))
    private var t: String { token.text }

    func testEveryPathWithoutTheTokenIsForbidden() {
        for path in ["/", "", "/favicon.ico", "/ws", "/xterm/xterm.js", "/\(t.dropLast())/", "/\(t)x/", "/x/\(t)/",
                     "\(t)/", "/?token=\(t)", "/\(t.uppercased())/"] {
            XCTAssertEqual(Route(path: path, token: token), .forbidden, path)
        }
    }

    func testTheTokenLeadsEveryPathOfThePage() {
        XCTAssertEqual(Route(path: "/\(t)/", token: token), .page)
        XCTAssertEqual(Route(path: "/\(t)/?x=1", token: token), .page)
        XCTAssertEqual(Route(path: "/\(t)", token: token), .addSlash)
        XCTAssertEqual(Route(path: "/\(t)/ws", token: token), .socket)
        XCTAssertEqual(Route(path: "/\(t)/ws?cols=80&rows=24", token: token), .socket)
        XCTAssertEqual(Route(path: "/\(t)/xterm/xterm.js", token: token), .asset(.xtermScript))
        XCTAssertEqual(Route(path: "/\(t)/terminal.js", token: token), .asset(.terminalScript))
        XCTAssertEqual(Route(path: "/\(t)/xterm/copyright", token: token), .asset(.xtermLicence))
        XCTAssertEqual(Route(path: "/\(t)/../etc/passwd", token: token), .notFound)
        XCTAssertEqual(Route(path: "/\(t)/xterm/../../x", token: token), .notFound)
    }
}
