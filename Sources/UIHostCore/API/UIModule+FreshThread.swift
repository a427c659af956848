import LuaBridge

/// Calls into code of another owner from a Swift function (`ui.call`,
/// `ui.run`, a menu item's command) run on a thread of their own.
extension UIModule {
    struct NestedTooDeep: Error {
        let message = "calls nested more than \(ExposedFunctions.maxDepth) deep"
    }

    /// Runs `body` on a new thread pushed on `L` (and removed after): code of
    /// another owner never runs on the caller's coroutine, which it could
    /// keep and resume later. A fresh thread counts nested C calls afresh, so
    /// the host counts how deep these calls nest.
    static func onFreshThread<T>(_ host: Host, _ L: OpaquePointer, _ body: (LuaStack) -> T) -> Result<T, NestedTooDeep> {
        let s = LuaStack(L)
        guard host.exposed.depth < ExposedFunctions.maxDepth, s.reserve(4) else { return .failure(NestedTooDeep()) }
        let co = s.pushNewThread()
        let thread = s.top
        defer { s.remove(at: thread) }
        host.exposed.depth += 1
        defer { host.exposed.depth -= 1 }
        return .success(body(co))
    }
}
