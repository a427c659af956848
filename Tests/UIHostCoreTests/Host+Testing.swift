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
