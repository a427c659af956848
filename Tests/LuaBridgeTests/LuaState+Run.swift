import CLua
import CLuaShim
@testable import LuaBridge

extension LuaState {
    /// Runs `source` as the chunk `name` and returns its first result as
    /// `tostring` makes it (nil for nil), leaving the stack as it was.
    @discardableResult
    func runReturningString(_ source: String, chunkName name: String) throws(LuaError) -> String? {
        let top = self.top
        defer { self.top = top }
        try load(source, chunkName: name)
        try call(nargs: 0, nresults: 1)
        guard type(at: -1) != LUA_TNIL, uih_ptostring(L, -1) == LUA_OK else { return nil }
        return string(at: -1)
    }
}
