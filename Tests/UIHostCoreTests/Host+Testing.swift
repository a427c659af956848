import XCTest
@testable import UIHostCore

extension UIHostCore.Host {
    /// `tostring(expression)` evaluated in the host's Lua state.
    func evalString(_ expression: String) throws -> String? {
        let top = lua.top
        defer { lua.top = top }
        try lua.load("return tostring(" + expression + ")", chunkName: "=test")
        try lua.call(nargs: 0, nresults: 1)
        markChanged()
        return lua.string(at: -1)
    }

    /// Runs `code` in the host's Lua state, as a test's `app:eval` would.
    func runLua(_ code: String) throws {
        try lua.load(code, chunkName: "=test")
        try lua.call(nargs: 0, nresults: 0)
        markChanged()
    }
}

/// Sends the keys to the host, one event each.
func press(_ host: UIHostCore.Host, _ keys: Key...) {
    for key in keys { host.send(.key(key)) }
}

/// Presses and releases a mouse button on the first cell of `text` as shown.
func click(_ host: UIHostCore.Host, _ text: String, file: StaticString = #filePath, line: UInt = #line) {
    guard let at = host.render().find(text) else {
        return XCTFail("\"\(text)\" is not shown:\n\(host.render().text)", file: file, line: line)
    }
    host.send(.mouse(MouseEvent(.press, column: at.x + 1, row: at.y + 1)))
    host.send(.mouse(MouseEvent(.release, column: at.x + 1, row: at.y + 1)))
}

/// Asserts that the frame shows `text` somewhere.
func assertShows(_ host: UIHostCore.Host, _ text: String, file: StaticString = #filePath, line: UInt = #line) {
    let frame = host.render()
    XCTAssertNotNil(frame.find(text), "expected \"\(text)\" in:\n\(frame.text)", file: file, line: line)
}
